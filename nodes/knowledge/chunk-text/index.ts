import { z } from 'zod';
import { chunkText, type NodeDefinition } from '../../../src/engine/node-sdk';
import { pickText } from '../../_lib/media';

const params = z.object({
  text: z.string().max(5_000_000).optional().describe('Text to split; when omitted, the text arriving on the input.'),
  size: z.number().int().min(50).max(20_000).default(1000).describe('Largest chunk, in characters.'),
  overlap: z.number().int().min(0).max(5000).default(100).describe('Characters repeated at the start of the next chunk (context across boundaries).'),
});

export const knowledgeChunkText: NodeDefinition<typeof params> = {
  type: 'knowledge.chunk_text',
  version: 1,
  category: 'knowledge',
  subcategory: 'ingest',
  name: 'Chunk text',
  description: 'Splits text into chunks of at most `size` characters, cutting at paragraph, sentence or word boundaries, with `overlap` characters of shared context — ready for embeddings or ranking. `main` = {chunks: [{index, text, start, end}], count}.',
  tags: ['knowledge', 'rag', 'chunking', 'text', 'embeddings'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{chunks: [{index, text, start, end}], count}' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const chunks = chunkText(pickText(p.text, inputs), p.size, Math.min(p.overlap, Math.floor(p.size / 2)));
    return { output: { main: { chunks, count: chunks.length } } };
  },
};
