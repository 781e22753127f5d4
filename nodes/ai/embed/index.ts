import { z } from 'zod';
import { hashEmbedding, type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { isRecord } from '../../_lib/items';
import { textOf } from '../../_lib/media';

const params = z.object({
  texts: z.union([z.string().max(100_000), z.array(z.string().max(100_000)).max(2000)]).optional().describe('A text or a list of texts to embed; when omitted, the input\'s text or list of texts (strings or objects with a text field).'),
  dimensions: z.number().int().min(16).max(4096).default(256).describe('Vector length.'),
});

/**
 * Deterministic local embeddings (feature hashing of words and character trigrams): no provider in
 * this deployment offers embeddings, and this keeps similarity search reproducible and free.
 */
export const aiEmbed: NodeDefinition<typeof params> = {
  type: 'ai.embed',
  version: 1,
  category: 'ai',
  subcategory: 'vectors',
  name: 'Embeddings',
  description: 'Turns texts into L2-normalised vectors by feature hashing of words and character trigrams (model `atelier-hash-embed-v1`): deterministic, offline and free; texts that share words and spellings land close in cosine similarity. `main` = {model, dimensions, embeddings: [{index, text, embedding}]}.',
  tags: ['ai', 'embeddings', 'vectors', 'similarity'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{model, dimensions, embeddings: [{index, text, embedding}]}' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    let texts: string[];
    if (p.texts !== undefined) texts = typeof p.texts === 'string' ? [p.texts] : p.texts;
    else {
      const value = Object.values(inputs)[0];
      const list = Array.isArray(value) ? value : isRecord(value) && Array.isArray(value.items) ? value.items : isRecord(value) && Array.isArray(value.chunks) ? value.chunks : [value];
      texts = list.map((v) => textOf(v)).filter((t): t is string => typeof t === 'string');
    }
    if (texts.length === 0) throw new NodeError('no texts to embed', { type: 'missing_input' });
    return {
      output: {
        main: { model: 'atelier-hash-embed-v1', dimensions: p.dimensions, embeddings: texts.map((text, index) => ({ index, text, embedding: hashEmbedding(text, p.dimensions) })) },
      },
    };
  },
};
