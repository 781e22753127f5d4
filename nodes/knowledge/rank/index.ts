import { z } from 'zod';
import { bm25, type NodeDefinition, NodeError, normaliseDocs } from '../../../src/engine/node-sdk';
import { itemsFrom } from '../../_lib/items';

const params = z.object({
  query: z.string().min(1).max(2000).describe('What to look for.'),
  documents: z.array(z.unknown()).max(50_000).optional().describe('Documents: strings or objects with text/content/body/title (and id); when omitted, the input list (or its `items`/`chunks`).'),
  top_k: z.number().int().min(1).max(1000).default(5).describe('How many results.'),
  min_score: z.number().min(0).default(0).describe('Drop results scoring at or below this.'),
});

/** Okapi BM25 ranking of the given documents. */
export const knowledgeRank: NodeDefinition<typeof params> = {
  type: 'knowledge.rank',
  version: 1,
  category: 'knowledge',
  subcategory: 'retrieval',
  name: 'Rank documents (BM25)',
  description: 'Ranks documents for a query with Okapi BM25 (k1 1.2, b 0.75, stopwords removed) and returns the `top_k` best with their scores — keyword retrieval over documents a workflow already has (feed items, chunks, rows).',
  tags: ['knowledge', 'search', 'bm25', 'ranking', 'rag', 'retrieval'],
  params,
  inputs: [{ name: 'main', description: 'A list of documents (or {items} / {chunks})' }],
  outputs: [{ name: 'main', description: '{results: [{id, score, text, document}], count}' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const raw = p.documents ?? (() => {
      const v = Object.values(inputs)[0] as Record<string, unknown> | undefined;
      return v && !Array.isArray(v) && Array.isArray(v.chunks) ? (v.chunks as unknown[]) : itemsFrom(undefined, inputs);
    })();
    if (raw.length === 0) throw new NodeError('no documents to rank', { type: 'missing_input' });
    const docs = normaliseDocs(raw);
    const scores = bm25(p.query, docs.map((d) => d.text));
    const results = docs
      .map((d, i) => ({ id: d.id, score: scores[i]!, text: d.text, document: d.doc }))
      .filter((r) => r.score > p.min_score)
      .sort((a, b) => b.score - a.score || Number(a.id) - Number(b.id))
      .slice(0, p.top_k);
    return { output: { main: { results, count: results.length } } };
  },
};
