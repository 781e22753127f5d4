import { z } from 'zod';
import { cosine, hashEmbedding, type NodeDefinition, NodeError, normaliseDocs } from '../../../src/engine/node-sdk';
import { itemsFrom } from '../../_lib/items';

const params = z.object({
  query: z.string().min(1).max(5000).describe('Text to find neighbours of.'),
  documents: z.array(z.unknown()).max(20_000).optional().describe('Documents: strings or objects with a text field (and id); when omitted, the input list.'),
  top_k: z.number().int().min(1).max(1000).default(5).describe('How many results.'),
  dimensions: z.number().int().min(16).max(4096).default(256).describe('Embedding size (same method as ai.embed).'),
});

/** Nearest documents by cosine similarity of hashed embeddings (the ai.embed method). */
export const knowledgeSimilar: NodeDefinition<typeof params> = {
  type: 'knowledge.similar',
  version: 1,
  category: 'knowledge',
  subcategory: 'retrieval',
  name: 'Similar documents',
  description: 'Finds the documents closest to `query` by cosine similarity of hashed word + trigram embeddings (the ai.embed method) — tolerant of inflections and typos where BM25 needs exact words. Free and deterministic.',
  tags: ['knowledge', 'similarity', 'embeddings', 'semantic', 'dedupe'],
  params,
  inputs: [{ name: 'main', description: 'A list of documents' }],
  outputs: [{ name: 'main', description: '{results: [{id, similarity, text, document}], count}' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const docs = normaliseDocs(p.documents ?? itemsFrom(undefined, inputs));
    if (docs.length === 0) throw new NodeError('no documents to compare', { type: 'missing_input' });
    const q = hashEmbedding(p.query, p.dimensions);
    const results = docs
      .map((d) => ({ id: d.id, similarity: cosine(q, hashEmbedding(d.text, p.dimensions)), text: d.text, document: d.doc }))
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, p.top_k);
    return { output: { main: { results, count: results.length } } };
  },
};
