// POST /v1/providers/{provider}/webhook?job=<job id>: where Replicate, fal and ComfyUI-fronting
// proxies report a finished render. Public (no Bearer) and verified over the raw body by the
// provider's adapter (Replicate: Standard Webhooks with ATELIER_REPLICATE_WEBHOOK_SECRET; fal:
// ED25519 against its JWKS); a bad signature answers 400 and changes nothing. A verified delivery
// becomes a signal to the job's workflow, which ignores one about any other provider job.
// POST /v1/jobs/{job_id}/cancel (authenticated): cancels the job and the provider job behind it.
import express, { Router } from 'express';
import { z } from 'zod';
import { WorkflowNotFoundError } from '@temporalio/client';
import type { Deps } from '../../deps';
import { ApiError, badRequest, detail, notFound } from '../../infra/http/errors';
import { documentRoute } from '../../infra/http/openapi';
import { route } from '../../infra/http/route';
import { ProviderError } from '../providers/errors';
import { PROVIDER_IDS, type JobHandler, type ProviderId } from '../providers/types';
import { getJob, jobView } from '../jobs';
import { JobView } from '../views';
import { adapterOf, JOB_CAPABILITY } from './resolve';
import { PROVIDER_JOB_SIGNAL } from './service';

const WEBHOOK_MAX_BYTES = 4 * 1024 * 1024;

/** The adapter's webhook reader (the same for every capability of a provider). */
function webhookReader(deps: Deps, provider: ProviderId): JobHandler<unknown>['parseWebhook'] {
  const adapter = adapterOf(deps, provider);
  for (const cap of Object.values(JOB_CAPABILITY)) {
    const h = adapter?.capabilities[cap] as JobHandler<unknown> | undefined;
    if (h?.parseWebhook) return h.parseWebhook.bind(h);
  }
  return undefined;
}

export function providerWebhookRoutes(deps: Deps): Router {
  const router = Router();
  const raw = express.raw({ type: () => true, limit: WEBHOOK_MAX_BYTES });
  router.post('/v1/providers/:provider/webhook', raw, documentRoute(async (req, res, next) => {
    try {
      const provider = String(req.params.provider) as ProviderId;
      const parse = (PROVIDER_IDS as readonly string[]).includes(provider) ? webhookReader(deps, provider) : undefined;
      if (!parse) throw notFound();
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let parsed;
      try {
        parsed = await parse(req.headers, body);
      } catch (err) {
        if (err instanceof ProviderError) throw badRequest(`Webhook refused: ${err.message}`);
        throw err;
      }
      const jobId = typeof req.query.job === 'string' ? req.query.job : undefined;
      if (parsed && jobId && /^job_[0-9a-f]{24}$/.test(jobId)) {
        try {
          await deps.temporal.workflow.getHandle(jobId).signal(PROVIDER_JOB_SIGNAL, { providerJobId: parsed.jobId, status: parsed.status });
        } catch (err) {
          // The job already finished (or never existed): the delivery is acknowledged, nothing changes.
          if (!(err instanceof WorkflowNotFoundError)) throw err;
        }
      }
      res.status(200).json({ received: true });
    } catch (err) {
      next(err);
    }
  }, { summary: 'A provider reports a finished render (public; verified by the provider\'s signature)', errors: [400, 404, 413], response: z.object({ received: z.literal(true) }) }));
  return router;
}

const jobParams = z.object({ job_id: z.string() });

export function providerJobRoutes(deps: Deps): Router {
  const router = Router();
  router.post('/jobs/:job_id/cancel', route({ params: jobParams, response: JobView, summary: 'Cancel a generation job (and the provider job rendering it); the charge is refunded' }, async ({ auth, params }) => {
    const job = await getJob(deps, auth.accountId, params.job_id);
    if (job.status !== 'processing') throw detail(409, `Job ${job.id} is already ${job.status}.`);
    try {
      await deps.temporal.workflow.getHandle(job.id).cancel();
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) throw detail(409, `Job ${job.id} is no longer running.`);
      throw new ApiError(503, { detail: 'The job could not be canceled right now; retry shortly.' });
    }
    // The workflow refunds and fails the job as it stops; answer with what is known now.
    for (let i = 0; i < 50; i++) {
      const now = await getJob(deps, auth.accountId, job.id);
      if (now.status !== 'processing') return jobView(now, deps);
      await new Promise((r) => setTimeout(r, 100));
    }
    return jobView(await getJob(deps, auth.accountId, job.id), deps);
  }));
  return router;
}
