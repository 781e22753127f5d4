import type { z } from 'zod';
import type { Deps } from '../deps';
import type { GenerationJob, JobStatus } from '../infra/db/schema/index';
import { orNotFound } from '../infra/db/or-not-found';
import type { JobView } from './views';

/** Job view: id, status and, when finished, the result url (or the error). */
export function jobView(job: GenerationJob, deps: Deps): z.output<typeof JobView> {
  const output = job.output ?? {};
  let url: string | null = null;
  if (job.status === 'completed') {
    // A fresh signed URL on every poll, so a late poll never hands out an expired link.
    url = job.blob_key && !job.purged_at ? deps.blobs.signedUrl(job.blob_key).url : ((output.object_url as string | undefined) ?? null);
  }
  return {
    id: job.id,
    job_id: job.id,
    object: 'job',
    type: job.type,
    model: job.model,
    status: job.status,
    url,
    output: job.status === 'completed' ? output : null,
    // A batch shows its per-item progress while it runs.
    result: job.status === 'completed' || job.request.batch ? ((job.request.result as Record<string, unknown> | undefined) ?? null) : null,
    error: job.status === 'failed' ? (job.error ?? 'generation failed') : null,
    sandbox: job.sandbox,
    created_at: job.created_at.toISOString(),
    completed_at: job.completed_at?.toISOString() ?? null,
    billing: { method: 'wallet', usd_charged: job.cost_micros / 1_000_000 },
  };
}

export async function getJob(deps: Deps, accountId: string, id: string): Promise<GenerationJob> {
  return orNotFound(deps.db.selectFrom('generation_jobs').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst());
}

export async function finishJob(
  deps: Deps,
  id: string,
  patch: { status: Exclude<JobStatus, 'processing'>; blobKey?: string | null; output?: Record<string, unknown>; error?: string; costMicros?: number },
): Promise<GenerationJob | undefined> {
  const now = new Date();
  return deps.db
    .updateTable('generation_jobs')
    .set({
      status: patch.status,
      blob_key: patch.blobKey ?? null,
      output: patch.output ? JSON.stringify(patch.output) : null,
      error: patch.error ?? null,
      ...(patch.costMicros !== undefined ? { cost_micros: patch.costMicros } : {}),
      updated_at: now,
      completed_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .returningAll()
    .executeTakeFirst();
}
