// Local embeddings: the same feature hashing of words and character trigrams as the `ai.embed`
// node (one implementation, src/infra/text/text-analysis.ts), so vectors agree wherever they are made.
import { hashEmbedding } from '../../../infra/text/text-analysis';
import type { EmbedResult } from '../types';

export const LOCAL_EMBED_MODEL = 'atelier-hash-embed-v1';
export const LOCAL_EMBED_DIMENSIONS = 256;

export function localEmbed(input: string[]): EmbedResult {
  return { model: LOCAL_EMBED_MODEL, dimensions: LOCAL_EMBED_DIMENSIONS, vectors: input.map((t) => hashEmbedding(t, LOCAL_EMBED_DIMENSIONS)) };
}
