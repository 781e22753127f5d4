import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { pickText } from '../../_lib/media';

const params = z.object({
  query: z.string().max(2000).optional().describe('What to look for (templated, e.g. `{{start.output.main.question}}`); when omitted, the text arriving on the input.'),
  workflow_id: z.string().min(1).max(100).optional().describe("Whose knowledge documents to search (a workflow of the same account); default: this run's own workflow."),
  limit: z.number().int().min(1).max(50).default(5).describe('How many chunks to return, best first.'),
});

/**
 * Search over the knowledge documents stored with POST /v1/knowledge: the same hybrid ranking
 * (full-text ts_rank_cd fused with embedding similarity) as GET /v1/knowledge/search and the
 * agent's knowledge tool (src/engine/knowledge/search.ts).
 */
export const knowledgeSearch: NodeDefinition<typeof params> = {
  type: 'knowledge.search',
  version: 1,
  category: 'knowledge',
  subcategory: 'retrieval',
  name: 'Search knowledge',
  description: "Finds the chunks of a workflow's knowledge documents (POST /v1/knowledge) that best answer `query`: Postgres full-text ranking fused with embedding similarity when an embedding provider serves. `main` = {query, workflow_id, results: [{doc_id, title, source_url, chunk_index, text, score}], count, context} — `context` joins the chunks with their sources, ready for a prompt.",
  tags: ['knowledge', 'search', 'rag', 'retrieval', 'documents'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{query, workflow_id, results: [{doc_id, title, source_url, chunk_index, text, score}], count, context}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p, inputs }) {
    if (!ctx.knowledge) throw new NodeError('knowledge search needs the engine\'s knowledge store on this worker', { type: 'not_available' });
    const query = pickText(p.query?.trim(), inputs, 'query').slice(0, 2000);
    const workflowId = p.workflow_id ?? ctx.workflowId;
    const results = await ctx.knowledge.search({ workflowId, query, limit: p.limit });
    if (!results) throw new NodeError(`workflow ${workflowId} not found (it must belong to this account)`, { type: 'not_found' });
    if (results.length === 0) ctx.log('info', `no knowledge chunk matches "${query.slice(0, 100)}"`);
    const context = results.map((r, i) => `[${i + 1}] ${r.title}${r.source_url ? ` (${r.source_url})` : ''}\n${r.text}`).join('\n\n');
    return { output: { main: { query, workflow_id: workflowId, results, count: results.length, context } } };
  },
};
