import { z } from 'zod';
import { findPrice, type NodeDefinition, NodeError, translateRefusal } from '../../../src/engine/node-sdk';
import { chatCall, operationPriceMicros, providerError, providersOf } from '../../_lib/ai';
import { pickText } from '../../_lib/media';

const params = z.object({
  text: z.string().max(100_000).optional().describe('Text to translate; when omitted, the text arriving on the input.'),
  target: z.string().regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/).describe('Target language (ISO 639-1 like `fr`, optionally with region `pt-BR`).'),
  source: z.string().regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/).optional().describe('Source language; detected when omitted.'),
  model: z.string().min(1).default('atelier-translate-v1').describe('`atelier-translate-v1` (the translation provider; offline it knows en, es, fr, de, it, pt word by word) or a chat model (e.g. `gpt-4o-mini`) prompted to translate.'),
});

/** Translation through the translate provider (priced per 1k characters) or a chat model (one chat call). */
export const aiTranslate: NodeDefinition<typeof params> = {
  type: 'ai.translate',
  version: 1,
  category: 'ai',
  subcategory: 'text',
  name: 'Translate',
  description: 'Translates text to `target`. With `atelier-translate-v1` the translate provider does it (charged per 1,000 characters; the offline provider is a word-by-word dictionary for en/es/fr/de/it/pt that leaves unknown words unchanged); with a chat model the model is prompted (charged one chat call).',
  tags: ['ai', 'text', 'translation', 'i18n'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text, source, target, model}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 120 },
  async execute(ctx, { params: p, inputs }) {
    const text = pickText(p.text, inputs);
    if (findPrice('translate', p.model)) {
      const providers = providersOf(ctx);
      if (typeof providers.translate !== 'function') throw new NodeError('No translate provider is configured', { type: 'provider_unavailable' });
      // What the provider would refuse is refused before the charge.
      const refusal = translateRefusal({ target: p.target, source: p.source });
      if (refusal) throw new NodeError(refusal, { type: 'invalid_params', retryable: false });
      await ctx.charge(operationPriceMicros('translate', p.model, { characters: text.length / 1000 }), `ai.translate:${p.model}`);
      try {
        const r = await providers.translate({ text, target: p.target, source: p.source, signal: ctx.signal });
        return { output: { main: { text: r.text, source: r.source, target: p.target, model: p.model } } };
      } catch (err) {
        throw providerError('translate', err);
      }
    }
    const r = await chatCall(ctx, 'ai.translate', {
      model: p.model,
      system: `Translate the user's text${p.source ? ` from ${p.source}` : ''} to ${p.target}. Answer with the translation only.`,
      prompt: text,
      temperature: 0,
    });
    return { output: { main: { text: r.text.trim(), source: p.source ?? null, target: p.target, model: r.model } } };
  },
};
