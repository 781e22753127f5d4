// GET, POST /v1/knowledge (query workflow_id), DELETE /v1/knowledge/{doc_id}; plus
// GET /v1/knowledge/{doc_id} (to follow a URL document from pending to ready) and
// GET /v1/knowledge/search (what the knowledge.search node returns, without a run).
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { route } from '../../infra/http/route';
import { ownedWorkflow } from '../workflow-lookup';
import { MAX_SEARCH_LIMIT, searchKnowledge } from './search';
import { createDocument, deleteDocument, documentView, KnowledgeDocumentDeletedView, KnowledgeDocumentListView, KnowledgeDocumentView, KnowledgeSearchView, listDocuments, ownedDocument } from './service';

const WorkflowId = z.string().min(1).max(100);

const Body = z
  .object({
    workflow_id: WorkflowId,
    title: z.string().trim().min(1).max(200).optional(),
    source_type: z.enum(['url', 'text']),
    source_url: z.url({ protocol: /^https?$/, error: 'source_url must be an http or https URL' }).max(2048).optional(),
    // Its size limit is checked by the service, which answers 413 (the text is valid, just too big).
    text: z.string().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.source_type === 'url') {
      if (!b.source_url) ctx.addIssue({ code: 'custom', path: ['source_url'], message: 'source_url is required when source_type is "url"', input: b.source_url });
      if (b.text !== undefined) ctx.addIssue({ code: 'custom', path: ['text'], message: 'text is only for source_type "text" (a URL document\'s text is fetched)', input: b.text });
    } else {
      if (!b.text?.trim()) ctx.addIssue({ code: 'custom', path: ['text'], message: 'text is required (and not blank) when source_type is "text"', input: b.text });
      if (b.source_url !== undefined) ctx.addIssue({ code: 'custom', path: ['source_url'], message: 'source_url is only for source_type "url"', input: b.source_url });
    }
  });

const ListQuery = z.object({
  workflow_id: WorkflowId.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
const SearchQuery = z.object({
  q: z.string().trim().min(1).max(2000),
  workflow_id: WorkflowId.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_SEARCH_LIMIT).default(5),
});
const Params = z.object({ doc_id: z.string().min(1).max(100) });

export function knowledgeRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/knowledge', route({ query: ListQuery, response: KnowledgeDocumentListView, summary: 'List knowledge documents (optionally of one workflow)' }, ({ auth, query }) => listDocuments(deps, auth.accountId, query)));
  router.post('/knowledge', route({ body: Body, status: 201, response: KnowledgeDocumentView, errors: [413], summary: 'Add a knowledge document (text is indexed at once; a URL is fetched in the background)' }, ({ auth, body }) => createDocument(deps, auth.accountId, body)));
  router.get('/knowledge/search', route({ query: SearchQuery, response: KnowledgeSearchView, summary: 'Search knowledge: top chunks with their source (hybrid full-text + embedding ranking)' }, async ({ auth, query }) => {
    if (query.workflow_id) await ownedWorkflow(deps.db, auth.accountId, query.workflow_id);
    const data = await searchKnowledge(deps, { accountId: auth.accountId, workflowId: query.workflow_id, query: query.q, limit: query.limit });
    return { object: 'list' as const, query: query.q, data };
  }));
  router.get('/knowledge/:doc_id', route({ params: Params, response: KnowledgeDocumentView, summary: 'One knowledge document and its indexing status' }, async ({ auth, params }) => documentView(await ownedDocument(deps, auth.accountId, params.doc_id))));
  router.delete('/knowledge/:doc_id', route({ params: Params, response: KnowledgeDocumentDeletedView, summary: 'Delete a knowledge document and its chunks' }, ({ auth, params }) => deleteDocument(deps, auth.accountId, params.doc_id)));
  return router;
}
