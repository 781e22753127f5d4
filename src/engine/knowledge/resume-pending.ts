// A knowledge document is stored `pending` before its indexing starts (inline for short text, a
// knowledgeIngest workflow otherwise). A process that dies between the two — SIGKILL, OOM, a lost
// host — leaves it pending with nothing to index it. This sweep starts the ingest workflow for
// documents pending longer than any request takes; the workflow id is the document's, so a document
// whose ingest is running is left alone, and the ingest itself does nothing for a document that is
// no longer pending.
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { startSweep, sweepInterval } from '../../infra/sweep';
import { startIngest } from './service';

/** Starts indexing for documents still `pending` after `olderThanS`; returns the ids it started. */
export async function resumePendingDocuments(deps: Deps, olderThanS: number): Promise<string[]> {
  const stale = await deps.db
    .selectFrom('knowledge_documents')
    .select(['id', 'account_id'])
    .where('status', '=', 'pending')
    .where('updated_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanS})`)
    .orderBy('updated_at')
    .limit(200)
    .execute();
  const started: string[] = [];
  for (const doc of stale) {
    try {
      await startIngest(deps, doc.id, doc.account_id);
      started.push(doc.id);
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
  }
  if (started.length) deps.logger.warn({ documents: started }, 'resumed indexing of knowledge documents left pending');
  return started;
}

/** Runs the sweep on every worker, every third of the threshold (at most once a minute). */
export function startPendingDocumentSweep(deps: Deps, olderThanS: number): () => Promise<void> {
  return startSweep(deps.logger, 'pending knowledge document sweep', sweepInterval(olderThanS), () => resumePendingDocuments(deps, olderThanS));
}
