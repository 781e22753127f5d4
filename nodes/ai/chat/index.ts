import { z } from 'zod';
import { chargeOperation, chatQuantities, countPromptTokens, type NodeDefinition, NodeError, operation, UnsupportedModelError } from '../../../src/engine/node-sdk';
import { providersOf } from '../../_lib/ai';

const params = z.object({
  model: z.string().min(1).default('atelier-local').describe('Chat model id from the price table (the offline local model by default)'),
  system: z.string().default('').describe('System message sent before the prompt'),
  prompt: z.string().min(1).describe('The user message (templated)'),
  temperature: z.number().min(0).max(2).default(0.7).describe('Sampling temperature, 0 to 2'),
  /** The completion is held to this many tokens, and they are what the call is charged for. */
  max_tokens: z.number().int().min(1).max(32_000).default(512).describe('Most completion tokens; the call is charged for these up front'),
});

/** One chat completion through the provider layer, charged at the published price first. */
export const aiChat: NodeDefinition<typeof params> = {
  type: 'ai.chat',
  version: 1,
  category: 'ai',
  subcategory: 'text',
  name: 'AI chat',
  description: 'Sends `system` and `prompt` to `model` through the provider layer (the local offline model `atelier-local` by default); `main` = {text, model, usage}. Charged before the provider is called, at the published chat price (GET /v1/pricing) for the prompt\'s tokens plus `max_tokens` of completion.',
  tags: ['ai', 'llm', 'text'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text, model, usage:{prompt_tokens, completion_tokens}}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 120 },
  async execute(ctx, { params: p }) {
    const providers = providersOf(ctx);
    if (!providers?.chat) throw new NodeError('No chat provider is configured', { type: 'provider_unavailable', retryable: false });
    const messages = [
      ...(p.system ? [{ role: 'system', content: p.system }] : []),
      { role: 'user', content: p.prompt },
    ];
    // The one price table, as POST /v1/ai/chat/completions charges up front (a node charge is
    // not settled afterwards, so the completion is billed at max_tokens).
    let op;
    try {
      op = operation('chat', p.model, chatQuantities(countPromptTokens(messages), p.max_tokens));
    } catch (err) {
      if (err instanceof UnsupportedModelError) throw new NodeError(err.message, { type: 'invalid_params', retryable: false });
      throw err;
    }
    await chargeOperation(ctx, op, `ai.chat:${p.model}`);
    const result = await providers.chat({ model: p.model, messages, temperature: p.temperature, maxTokens: p.max_tokens, signal: ctx.signal });
    return { output: { main: { text: result.text, model: result.model ?? p.model, usage: result.usage } } };
  },
};
