// /api/embed: one vector per input, in order.
import { ProviderError } from '../errors';
import type { CallContext, EmbedRequest, EmbedResult, ProviderSettings } from '../types';
import { ollamaCall, ollamaClient } from './api';

export function ollamaEmbed(settings: ProviderSettings) {
  return {
    async run(req: EmbedRequest & { model: string }, ctx: CallContext): Promise<EmbedResult> {
      const res = await ollamaCall('embeddings', () => ollamaClient(settings, ctx).embed({ model: ctx.route.model, input: req.input, ...ctx.route.params }));
      const vectors = res.embeddings ?? [];
      if (vectors.length !== req.input.length || !vectors.every((v) => Array.isArray(v) && v.length > 0)) {
        throw new ProviderError('retryable', `embeddings: ${vectors.length} vectors for ${req.input.length} inputs`, { provider: 'ollama' });
      }
      return { model: res.model ?? ctx.route.model, dimensions: vectors[0]!.length, vectors, usage: { inputTokens: res.prompt_eval_count ?? 0 } };
    },
  };
}
