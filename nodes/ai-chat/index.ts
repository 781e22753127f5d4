import { z } from 'zod';
import { NodeError } from '../../src/engine/node-error';
import { nodePriceMicros } from '../../src/engine/node-prices';
import { nodeServices } from '../../src/engine/services';
import type { NodeDefinition } from '../../src/engine/types';

const params = z.object({
  model: z.string().min(1).default('atelier-local'),
  system: z.string().default(''),
  prompt: z.string().min(1),
  temperature: z.number().min(0).max(2).default(0.7),
});

/** One chat completion through the provider layer, charged at the published price first. */
export const aiChat: NodeDefinition<typeof params> = {
  type: 'ai.chat',
  version: 1,
  category: 'ai',
  subcategory: 'text',
  name: 'AI chat',
  description: 'Sends `system` and `prompt` to `model` through the provider layer (the local offline model `atelier-local` by default); `main` = {text, model, usage}. Charged $0.002 per call before the provider is called.',
  tags: ['ai', 'llm', 'text'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text, model, usage:{prompt_tokens, completion_tokens}}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 120 },
  async execute(ctx, { params: p }) {
    const providers = nodeServices(ctx).providers;
    if (!providers?.chat) throw new NodeError('No chat provider is configured', { type: 'provider_unavailable', retryable: false });
    await ctx.charge(nodePriceMicros('ai.chat', p.model), `ai.chat:${p.model}`);
    const messages = [
      ...(p.system ? [{ role: 'system', content: p.system }] : []),
      { role: 'user', content: p.prompt },
    ];
    const result = await providers.chat({ model: p.model, messages, temperature: p.temperature, signal: ctx.signal });
    return { output: { main: { text: result.text, model: result.model ?? p.model, usage: result.usage } } };
  },
};
