// Knowledge search: hybrid ranking over a workflow's (or the whole account's) indexed chunks.
// Full text: the question's words OR-ed through websearch_to_tsquery, ranked by ts_rank_cd (cover
// density: chunks where the words sit close together rank higher) on the GIN-indexed tsvector.
// Embeddings (when an embedding provider serves): cosine similarity of the question's vector to
// each chunk's, computed in SQL over chunks embedded by the same model. The two lists are merged
// by reciprocal rank fusion (score = Σ 1 / (60 + rank)), which needs no score calibration between
// ts_rank_cd and cosine. This is the service the `knowledge.search` node and the agent's built-in
// knowledge tool call.
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import type { KnowledgeResult } from '../contract/node-capabilities';

/** One ranked chunk: the shape nodes see too (knowledge.search). */
export type KnowledgeHit = KnowledgeResult;

/** Candidates taken from each ranking before fusion. */
const CANDIDATES = 50;
/** The usual reciprocal-rank-fusion constant. */
const RRF_K = 60;
export const MAX_SEARCH_LIMIT = 50;

export async function searchKnowledge(
  deps: Deps,
  input: { accountId: string; workflowId?: string; query: string; limit?: number },
): Promise<KnowledgeHit[]> {
  const limit = Math.max(1, Math.min(MAX_SEARCH_LIMIT, Math.floor(input.limit ?? 5)));
  const words = (input.query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 64);
  if (words.length === 0) return [];
  const scope = (alias: string) =>
    input.workflowId
      ? sql`${sql.ref(`${alias}.account_id`)} = ${input.accountId} and ${sql.ref(`${alias}.workflow_id`)} = ${input.workflowId}`
      : sql`${sql.ref(`${alias}.account_id`)} = ${input.accountId}`;

  // A question is a bag of words: any of them may match, and ts_rank_cd rewards chunks that hold more of them, closer together.
  const textQuery = words.join(' or ');
  const lexical = await sql<{ id: number; rank: number }>`
    select c.id, ts_rank_cd(c.tsv, q) as rank
    from knowledge_chunks c, websearch_to_tsquery('english', ${textQuery}) q
    where ${scope('c')} and c.tsv @@ q
    order by rank desc, c.id
    limit ${CANDIDATES}`.execute(deps.db);

  let semantic: Array<{ id: number; similarity: number }> = [];
  if (deps.providers.available('embed')) {
    try {
      const e = await deps.providers.embed({ input: [input.query] });
      const vector = e.vectors[0];
      if (vector?.length) {
        const r = await sql<{ id: number; similarity: number }>`
          select c.id, s.similarity
          from knowledge_chunks c
          join knowledge_documents d on d.id = c.document_id
          cross join lateral (
            select sum(a * b) / nullif(sqrt(sum(a * a)) * sqrt(sum(b * b)), 0) as similarity
            from unnest(c.embedding, ${vector}::real[]) as t(a, b)
          ) s
          where ${scope('c')} and d.embedding_model = ${e.model} and cardinality(c.embedding) = ${vector.length} and s.similarity > 0
          order by s.similarity desc, c.id
          limit ${CANDIDATES}`.execute(deps.db);
        semantic = r.rows;
      }
    } catch (err) {
      // Search still answers from full text when the embedding provider is down.
      deps.logger.warn({ err }, 'knowledge search: query embedding failed, full-text ranking only');
    }
  }

  const fused = new Map<number, { score: number; lexical: number }>();
  const add = (id: number, rank: number, lexicalRank: number) => {
    const f = fused.get(Number(id)) ?? { score: 0, lexical: 0 };
    f.score += 1 / (RRF_K + rank);
    f.lexical = Math.max(f.lexical, lexicalRank);
    fused.set(Number(id), f);
  };
  lexical.rows.forEach((r, i) => add(r.id, i + 1, Number(r.rank)));
  semantic.forEach((r, i) => add(r.id, i + 1, 0));
  const top = [...fused.entries()].sort((a, b) => b[1].score - a[1].score || b[1].lexical - a[1].lexical || a[0] - b[0]).slice(0, limit);
  if (top.length === 0) return [];

  const rows = await deps.db
    .selectFrom('knowledge_chunks as c')
    .innerJoin('knowledge_documents as d', 'd.id', 'c.document_id')
    .select(['c.id', 'c.chunk_index', 'c.text', 'd.id as doc_id', 'd.title', 'd.source_url'])
    .where('c.id', 'in', top.map(([id]) => id))
    .where('c.account_id', '=', input.accountId)
    .execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return top.flatMap(([id, f]) => {
    const r = byId.get(id);
    // A chunk deleted between the two queries is simply left out.
    return r ? [{ doc_id: r.doc_id, title: r.title, source_url: r.source_url, chunk_index: r.chunk_index, text: r.text, score: Math.round(f.score * 1e6) / 1e6 }] : [];
  });
}
