// Knowledge document {workflow_id, title, source_type url|text, source_url | text} and
// GET/POST /v1/knowledge?workflow_id=, DELETE /v1/knowledge/{doc_id}. A text document of up
// to 100,000 characters is chunked and indexed while the request waits; a longer one, and a URL
// document (fetched SSRF-safely and cleaned to text), are indexed by the knowledgeIngest workflow
// (status pending → ready | failed with the reason).
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { Database } from '../../infra/db/index';
import type { KnowledgeDocument } from '../../infra/db/schema/index';
import { orNotFound } from '../../infra/db/or-not-found';
import { ApiError, coded, validationFailed } from '../../infra/http/errors';
import { deletedOf, isoTime, listOf } from '../../infra/http/views';
import { BlockedAddressError, assertPublicUrl } from '../../infra/net/safe-fetch';
import { workflowRef } from '../../infra/temporal/workflow-ref';
import { ownedWorkflow } from '../workflow-lookup';
import { chunkText } from '../../infra/text/text-analysis';

/** Largest text a document may hold (given, or cleaned from its page). */
export const MAX_DOCUMENT_CHARS = 1_000_000;
/** Text indexed while the request waits; longer text is indexed in the background (a megabyte takes seconds). */
export const INLINE_INDEX_CHARS = 100_000;
/** Documents per workflow. */
export const MAX_DOCUMENTS_PER_WORKFLOW = 200;
/** Chunks: at most this many characters, each repeating the end of the previous one. */
export const CHUNK_SIZE = 1000;
export const CHUNK_OVERLAP = 150;
/** Texts per embedding request. */
const EMBED_BATCH = 64;

export const newDocumentId = () => `kdoc_${randomBytes(12).toString('hex')}`;
export const ingestWorkflowId = (documentId: string) => `knowledge-ingest-${documentId}`;

export interface KnowledgeIngestInput {
  documentId: string;
}

/** The knowledgeIngest workflow (workflows/knowledge-ingest.ts), started by reference. */
export const knowledgeIngest = workflowRef<(input: KnowledgeIngestInput) => Promise<{ status: string; error?: string }>>('knowledgeIngest');

/** Starts the document's knowledgeIngest workflow (one id per document: a second start while it runs is refused by Temporal). */
export async function startIngest(deps: Deps, documentId: string, accountId: string): Promise<void> {
  await deps.temporal.workflow.start(knowledgeIngest, { taskQueue: deps.taskQueue, workflowId: ingestWorkflowId(documentId), args: [{ documentId }], memo: { account_id: accountId } });
}

export const KnowledgeDocumentView = z.object({
  id: z.string(),
  object: z.literal('knowledge_document'),
  workflow_id: z.string(),
  title: z.string(),
  source_type: z.enum(['url', 'text']),
  source_url: z.string().nullable(),
  status: z.enum(['pending', 'ready', 'failed']),
  error: z.string().nullable().describe('Why indexing failed'),
  char_count: z.number().int(),
  chunk_count: z.number().int(),
  embedding_model: z.string().nullable().describe('Null when indexed for full-text search only'),
  indexed_at: isoTime.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
});
export const KnowledgeDocumentListView = listOf(KnowledgeDocumentView, { limit: z.number().int(), offset: z.number().int() });
export const KnowledgeDocumentDeletedView = deletedOf('knowledge_document');
export const KnowledgeSearchView = listOf(
  z.object({ doc_id: z.string(), title: z.string(), source_url: z.string().nullable(), chunk_index: z.number().int(), text: z.string(), score: z.number() }),
  { query: z.string() },
);

export function documentView(row: KnowledgeDocument): z.output<typeof KnowledgeDocumentView> {
  return {
    id: row.id,
    object: 'knowledge_document' as const,
    workflow_id: row.workflow_id,
    title: row.title,
    source_type: row.source_type,
    source_url: row.source_url,
    status: row.status,
    error: row.error,
    char_count: row.char_count,
    chunk_count: row.chunk_count,
    embedding_model: row.embedding_model,
    indexed_at: row.indexed_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export const tooLarge = (chars: number) =>
  coded(413, 'document_too_large', `The document has ${chars.toLocaleString('en-US')} characters of text; the limit is ${MAX_DOCUMENT_CHARS.toLocaleString('en-US')}. Split it into several documents.`, { chars, limit_chars: MAX_DOCUMENT_CHARS });

export interface NewDocument {
  workflow_id: string;
  title?: string;
  source_type: 'url' | 'text';
  source_url?: string;
  text?: string;
}

export async function createDocument(deps: Deps, accountId: string, input: NewDocument) {
  if (input.source_type === 'text' && input.text!.length > MAX_DOCUMENT_CHARS) throw tooLarge(input.text!.length);
  if (input.source_type === 'url') await refusePrivateUrl(deps, input.source_url!);
  const id = newDocumentId();
  const title = input.title ?? (input.source_type === 'url' ? input.source_url! : firstLine(input.text!));
  await deps.db.transaction().execute(async (trx) => {
    // The workflow row is locked so concurrent creates cannot pass the count together.
    await ownedWorkflow(trx, accountId, input.workflow_id, { lock: true });
    const { n } = await trx.selectFrom('knowledge_documents').select((eb) => eb.fn.countAll<number>().as('n')).where('workflow_id', '=', input.workflow_id).executeTakeFirstOrThrow();
    if (Number(n) >= MAX_DOCUMENTS_PER_WORKFLOW) {
      throw validationFailed([{ type: 'limit_exceeded', loc: ['body', 'workflow_id'], msg: `This workflow already has ${MAX_DOCUMENTS_PER_WORKFLOW} knowledge documents, the most it may hold; delete one first`, input: input.workflow_id }]);
    }
    await trx.insertInto('knowledge_documents').values({
      id,
      account_id: accountId,
      workflow_id: input.workflow_id,
      title,
      source_type: input.source_type,
      source_url: input.source_type === 'url' ? input.source_url! : null,
      text: input.source_type === 'text' ? input.text! : null,
      char_count: input.source_type === 'text' ? input.text!.length : 0,
      embedding_model: null,
      indexed_at: null,
      error: null,
    }).execute();
  });
  if (input.source_type === 'text' && input.text!.length <= INLINE_INDEX_CHARS) {
    await indexDocument(deps, id, { text: input.text! });
  } else {
    try {
      await startIngest(deps, id, accountId);
    } catch (err) {
      await deps.db.deleteFrom('knowledge_documents').where('id', '=', id).execute();
      deps.logger.error({ err, documentId: id }, 'knowledge ingest could not be started');
      throw new ApiError(503, { detail: 'The document could not be queued for indexing; nothing was stored. Retry shortly.' });
    }
  }
  return documentView(await loadDocument(deps.db, id));
}

/** SSRF rule at the door: a URL that resolves to a private address is refused before anything is stored. */
async function refusePrivateUrl(deps: Deps, url: string): Promise<void> {
  try {
    await assertPublicUrl(url, { allowPrivateNetwork: deps.config.allowPrivateNetwork });
  } catch (err) {
    const msg = err instanceof BlockedAddressError ? err.message : `source_url could not be resolved: ${(err as Error).message}`;
    throw validationFailed([{ type: err instanceof BlockedAddressError ? 'url_blocked' : 'url_unresolvable', loc: ['body', 'source_url'], msg, input: url }]);
  }
}

const firstLine = (text: string) => {
  const line = text.trim().split('\n')[0]!.trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line || 'Untitled';
};

async function loadDocument(db: Database, id: string): Promise<KnowledgeDocument> {
  return db.selectFrom('knowledge_documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function ownedDocument(deps: Deps, accountId: string, id: string): Promise<KnowledgeDocument> {
  return orNotFound(deps.db.selectFrom('knowledge_documents').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst());
}

export async function listDocuments(deps: Deps, accountId: string, opts: { workflow_id?: string; limit: number; offset: number }) {
  if (opts.workflow_id) await ownedWorkflow(deps.db, accountId, opts.workflow_id);
  let q = deps.db.selectFrom('knowledge_documents').selectAll().where('account_id', '=', accountId);
  if (opts.workflow_id) q = q.where('workflow_id', '=', opts.workflow_id);
  const rows = await q.orderBy('created_at', 'desc').orderBy('id').limit(opts.limit).offset(opts.offset).execute();
  return { object: 'list' as const, data: rows.map(documentView), limit: opts.limit, offset: opts.offset };
}

/** Deletes the document and (by cascade) its chunks; a fetch still running finds it gone and stops. */
export async function deleteDocument(deps: Deps, accountId: string, id: string) {
  await orNotFound(deps.db.deleteFrom('knowledge_documents').where('id', '=', id).where('account_id', '=', accountId).returning('id').executeTakeFirst());
  return { id, object: 'knowledge_document' as const, deleted: true as const };
}

/**
 * Chunks `text`, embeds the chunks when an embedding provider serves (a failure there leaves the
 * document searchable by full text, and says so in `error`), and replaces the document's chunks
 * in one transaction. A document deleted meanwhile is left deleted. Returns false when it is gone.
 */
export async function indexDocument(deps: Deps, documentId: string, input: { text: string; title?: string }): Promise<boolean> {
  const chunks = chunkText(input.text, CHUNK_SIZE, CHUNK_OVERLAP);
  let vectors: number[][] | null = null;
  let embeddingModel: string | null = null;
  let note: string | null = null;
  if (chunks.length && deps.providers.available('embed')) {
    try {
      const all: number[][] = [];
      for (let i = 0; i < chunks.length; i += EMBED_BATCH) {
        const r = await deps.providers.embed({ input: chunks.slice(i, i + EMBED_BATCH).map((c) => c.text) });
        all.push(...r.vectors);
        embeddingModel = r.model;
      }
      vectors = all;
    } catch (err) {
      embeddingModel = null;
      note = `embeddings unavailable (${(err as Error).message}); indexed for full-text search only`;
      deps.logger.warn({ err, documentId }, 'knowledge: embedding failed, full-text only');
    }
  }
  return deps.db.transaction().execute(async (trx) => {
    const doc = await trx.selectFrom('knowledge_documents').select(['id', 'account_id', 'workflow_id', 'title']).where('id', '=', documentId).forUpdate().executeTakeFirst();
    if (!doc) return false;
    const title = input.title ?? doc.title;
    await trx.deleteFrom('knowledge_chunks').where('document_id', '=', documentId).execute();
    for (let i = 0; i < chunks.length; i += 200) {
      await trx.insertInto('knowledge_chunks').values(chunks.slice(i, i + 200).map((c) => ({
        document_id: documentId,
        account_id: doc.account_id,
        workflow_id: doc.workflow_id,
        chunk_index: c.index,
        text: c.text,
        // The title counts too (weight C, twice a body word's D), so a chunk of "Refund policy" matches "refund".
        tsv: sql`setweight(to_tsvector('english', ${title}), 'C') || to_tsvector('english', ${c.text})`,
        embedding: vectors ? vectors[c.index]! : null,
      }))).execute();
    }
    await trx.updateTable('knowledge_documents').set({
      title,
      text: input.text,
      status: 'ready',
      error: note,
      char_count: input.text.length,
      chunk_count: chunks.length,
      embedding_model: embeddingModel,
      indexed_at: new Date(),
      updated_at: new Date(),
    }).where('id', '=', documentId).execute();
    return true;
  });
}

export async function failDocument(deps: Deps, input: { documentId: string; error: string }): Promise<void> {
  await deps.db.updateTable('knowledge_documents').set({ status: 'failed', error: input.error.slice(0, 1000), updated_at: new Date() })
    .where('id', '=', input.documentId).where('status', '=', 'pending').execute();
}
