// Starting an asynchronous generation (video, music, 3D): charge, record the job, start its
// workflow, answer 202 with the poll URL and the billing block.
import type { Request } from 'express';
import type { z } from 'zod';
import type { AuthContext } from '../platform/auth/context';
import { billingBlock } from '../platform/billing/billing-block';
import type { Deps } from '../deps';
import { ApiError } from '../infra/http/errors';
import { generationJob } from './async-jobs';
import { failPrepared, prepare } from './pipeline';
import type { JobAcceptedView } from './views';

/** Charges, records the job and starts its workflow; answers 202 with the job and the billing block. */
export async function startAsync(deps: Deps, auth: AuthContext, req: Request, opts: Parameters<typeof prepare>[2]): Promise<z.output<typeof JobAcceptedView>> {
  const p = await prepare(deps, auth, opts);
  try {
    await deps.temporal.workflow.start(generationJob, {
      taskQueue: deps.taskQueue,
      workflowId: p.jobId,
      args: [{ jobId: p.jobId }],
      memo: { account_id: p.accountId, type: p.type, model: p.model },
    });
  } catch (err) {
    await failPrepared(deps, p, err);
    throw new ApiError(503, { detail: 'The job could not be queued; nothing was charged. Retry shortly.' });
  }
  const base = `${req.protocol}://${req.get('host') ?? ''}`;
  return {
    id: p.jobId,
    job_id: p.jobId,
    object: 'job' as const,
    type: p.type,
    model: p.model,
    status: 'processing' as const,
    url: null,
    poll_url: `${base}/v1/jobs/${p.jobId}`,
    poll_interval_seconds: 3,
    sandbox: p.sandbox,
    billing: billingBlock(p.costMicros, p.balanceMicros),
  };
}
