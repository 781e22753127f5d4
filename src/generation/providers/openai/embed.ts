// Embeddings: float vectors (asked for explicitly: OpenAI-compatible servers may not speak base64).
import { ProviderError } from '../errors';
import type { CallContext, EmbedRequest, EmbedResult } from '../types';
import { openaiCall, requestOptions, type OpenAiClients } from './api';

export function openaiEmbed(clients: OpenAiClients) {
  return {
    async run(req: EmbedRequest & { model: string }, ctx: CallContext): Promise<EmbedResult> {
      const model = clients.model('EMBED', ctx);
      const res = await openaiCall('embeddings', () =>
        clients.client('EMBED').embeddings.create({ model, input: req.input, encoding_format: 'float', ...ctx.route.params }, requestOptions(ctx)));
      const data = [...(res.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
      const vectors = data.map((d) => d.embedding as unknown);
      if (vectors.length !== req.input.length || !vectors.every((v): v is number[] => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number'))) {
        throw new ProviderError('retryable', `embeddings: response has ${vectors.length} embeddings for ${req.input.length} inputs, or one is not a list of numbers`, { provider: 'openai' });
      }
      return { model: res.model ?? model, dimensions: vectors[0]?.length ?? 0, vectors, usage: { inputTokens: res.usage?.prompt_tokens ?? 0 } };
    },
  };
}
