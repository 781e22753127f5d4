// The durable provider job's steps, each a Temporal activity (activities/provider-jobs.ts) the
// generationJob workflow runs in order (workflows/provider-job.ts):
//   plan → submit (the provider's job id recorded in Postgres before the step returns) →
//   wait for the webhook signal or poll → store the output (copied into Atelier) | fail | cancel.
// The charge was taken when the job was accepted (pipeline.ts `prepare`, keyed gen:<job id>), so
// a step that runs twice never charges twice; the record makes a retried submit find the job it
// already started instead of starting another.
import { sql } from 'kysely';
import { ApplicationFailure } from '@temporalio/common';
import type { Deps } from '../../deps';
import type { GenerationJob } from '../../infra/db/schema/index';
import { FALLBACK_KINDS, ProviderError } from '../providers/errors';
import type { CallContext, JobStatus, Model3dFormat, MusicRequest, Route, VideoRequest, Model3dRequest, ProviderId } from '../providers/types';
import { planOutput, type RequestOutput } from '../../platform/routing/output';
import { findPrice, type OperationType } from '../prices';
import { complete, failPrepared, type Prepared } from '../pipeline';
import { DEFAULT_BASE_URLS, isJobType, jobHandlerOf, jobRoutes, settingsOf, type JobType } from './resolve';
import { extensionOf, fetchOutput } from './fetch-output';

/** What generation_jobs.request.provider_job holds once a provider accepted the job. */
export interface ProviderJobRecord {
  provider: ProviderId;
  /** The upstream model id it was sent. */
  model: string;
  /** The provider's own job id (prediction id, request id, prompt id). */
  id: string;
  /** Index of the route among the model's job routes. */
  route: number;
  submitted_at: string;
}

export interface ProviderJobPlan {
  provider: ProviderId;
  route: number;
}

export const PROVIDER_JOB_SIGNAL = 'providerJobUpdate';

/** A job that cannot succeed (bad input, refused content): the workflow fails it at once. */
const terminal = (message: string, type = 'ProviderJobFailed') => ApplicationFailure.create({ type, message, nonRetryable: true });

async function loadJob(deps: Deps, jobId: string): Promise<GenerationJob> {
  const job = await deps.db.selectFrom('generation_jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
  if (!job) throw terminal(`job ${jobId} does not exist`, 'InvalidJob');
  return job;
}

export const recordOf = (job: Pick<GenerationJob, 'request'>): ProviderJobRecord | undefined => (job.request as { provider_job?: ProviderJobRecord }).provider_job;

/** The route a recorded (or planned) job is on, as the catalogue has it now. */
function routeOf(deps: Deps, job: GenerationJob, index: number): Route | undefined {
  if (!isJobType(job.type)) return undefined;
  return jobRoutes(deps, job.type, job.model)[index];
}

/**
 * Whether this job is a provider job: a live key, a job type, and a model whose first configured
 * route is a provider that renders as a job. Null keeps the job on today's path.
 */
export async function planProviderJob(deps: Deps, input: { jobId: string }): Promise<ProviderJobPlan | null> {
  const job = await loadJob(deps, input.jobId);
  const recorded = recordOf(job);
  if (recorded) return { provider: recorded.provider, route: recorded.route };
  if (job.sandbox || job.status !== 'processing' || !isJobType(job.type)) return null;
  const routes = jobRoutes(deps, job.type, job.model);
  return routes[0] ? { provider: routes[0].provider, route: 0 } : null;
}

/** The provider request of a job, from what the API recorded. */
async function requestFor(deps: Deps, job: GenerationJob): Promise<VideoRequest | MusicRequest | Model3dRequest> {
  const req = job.request as Record<string, unknown>;
  if (job.type === 'video') {
    return {
      model: job.model,
      prompt: String(req.prompt ?? ''),
      seconds: req.seconds !== undefined ? Number(req.seconds) : undefined,
      ...(req.width ? { width: Number(req.width), height: Number(req.height) } : {}),
    };
  }
  if (job.type === 'music') return { model: job.model, prompt: String(req.prompt ?? ''), seconds: Number(req.duration ?? req.seconds ?? 30), ...(req.seed !== undefined ? { seed: Number(req.seed) } : {}) };
  return { model: job.model, image: await deps.blobs.readBuffer(String(req.input_blob)), format: String(req.format ?? 'glb') as Model3dFormat };
}

/** Where the provider reports completion; none when Atelier's public URL is the laptop default. */
export function webhookUrl(deps: Deps, provider: ProviderId, jobId: string): string | undefined {
  const base = deps.config.publicBaseUrl;
  let host: string;
  try {
    host = new URL(base).hostname;
  } catch {
    return undefined;
  }
  // PUBLIC_BASE_URL unset reads as http://localhost:<port>: no provider can reach it, so ask for
  // no webhook (polling finishes the job) rather than have a provider refuse the URL.
  if (host === 'localhost') return undefined;
  return `${base}/v1/providers/${provider}/webhook?job=${encodeURIComponent(jobId)}`;
}

const ctxFor = (deps: Deps, route: Route, jobId: string): CallContext => ({
  route,
  timeoutMs: settingsOf(deps, route.provider).timeoutMs,
  job: { id: jobId, webhookUrl: webhookUrl(deps, route.provider, jobId) },
});

/**
 * Submits the job once. The row is locked while the provider is asked, and the provider's id is
 * written in the same transaction: a retry (this worker's, or another's after a SIGKILL) finds
 * the id and returns it instead of submitting again. A retryable refusal moves to the next job
 * route; a client fault or a refused prompt fails the job.
 */
export async function submitProviderJob(deps: Deps, input: { jobId: string }): Promise<ProviderJobRecord> {
  return deps.db.transaction().execute(async (trx) => {
    const job = await trx.selectFrom('generation_jobs').selectAll().where('id', '=', input.jobId).forUpdate().executeTakeFirst();
    if (!job) throw terminal(`job ${input.jobId} does not exist`, 'InvalidJob');
    const recorded = recordOf(job);
    if (recorded) return recorded;
    if (job.status !== 'processing') throw terminal(`job ${job.id} is ${job.status}`, 'InvalidJob');
    if (!isJobType(job.type)) throw terminal(`job type ${job.type} is not a provider job`, 'InvalidJob');
    const routes = jobRoutes(deps, job.type, job.model);
    if (!routes.length) throw terminal(`no configured provider renders ${job.type} model '${job.model}'`);
    const req = await requestFor(deps, job);
    const reasons: string[] = [];
    let retryAfter: number | undefined;
    for (const [index, route] of routes.entries()) {
      const handler = jobHandlerOf(deps, job.type, route.provider)!;
      try {
        const { jobId } = await handler.submit(req, ctxFor(deps, route, job.id));
        const record: ProviderJobRecord = { provider: route.provider, model: route.model, id: jobId, route: index, submitted_at: new Date().toISOString() };
        await trx
          .updateTable('generation_jobs')
          .set({ request: sql`request || ${JSON.stringify({ provider_job: record })}::jsonb`, updated_at: new Date() })
          .where('id', '=', job.id)
          .execute();
        return record;
      } catch (err) {
        const e = err instanceof ProviderError ? err : new ProviderError('retryable', (err as Error).message);
        if (!FALLBACK_KINDS.has(e.kind)) throw terminal(e.message, e.kind === 'content_refused' ? 'ContentRefused' : 'ProviderRejected');
        reasons.push(`${route.provider}: ${e.message}`);
        if (e.retryAfterMs !== undefined) retryAfter = Math.min(retryAfter ?? Infinity, e.retryAfterMs);
      }
    }
    // Every route failed for now: Temporal retries the step (nothing was submitted).
    throw ApplicationFailure.create({ type: 'ProvidersUnavailable', message: reasons.join('; '), nonRetryable: false, nextRetryDelay: retryAfter });
  });
}

/** A poll's answer to the workflow: the state, or (for bytes) the job already stored. */
export type PolledStatus = JobStatus & { stored?: { status: string; url: string | null } };

/**
 * The provider job's state now (retryable read failures are retried by Temporal). An output that
 * comes back as bytes (OpenAI's videos) is stored here, in the activity: workflow history carries
 * no media, only the stored job's URL.
 */
export async function pollProviderJob(deps: Deps, input: { jobId: string }): Promise<PolledStatus> {
  const status = await pollStatus(deps, input);
  if (status.status === 'succeeded' && status.output && 'data' in status.output) {
    const stored = await storeProviderOutput(deps, { jobId: input.jobId, status });
    return { status: 'succeeded', usage: status.usage, stored };
  }
  return status;
}

async function pollStatus(deps: Deps, input: { jobId: string }): Promise<JobStatus> {
  const job = await loadJob(deps, input.jobId);
  const record = recordOf(job);
  if (!record || !isJobType(job.type)) throw terminal(`job ${job.id} has no provider job`, 'InvalidJob');
  const route = routeOf(deps, job, record.route) ?? { provider: record.provider, model: record.model, params: {}, cost: {} };
  const handler = jobHandlerOf(deps, job.type, record.provider);
  if (!handler) throw ApplicationFailure.create({ type: 'ProvidersUnavailable', message: `the ${record.provider} provider is no longer configured` });
  try {
    return await handler.poll(record.id, { route, timeoutMs: settingsOf(deps, record.provider).timeoutMs });
  } catch (err) {
    const e = err instanceof ProviderError ? err : new ProviderError('retryable', (err as Error).message);
    if (e.kind === 'client' || e.kind === 'content_refused') return { status: 'failed', error: { kind: e.kind, message: e.message } };
    throw ApplicationFailure.create({ type: 'ProviderPollFailed', message: e.message, nextRetryDelay: e.retryAfterMs });
  }
}

/** Stops the provider job (the Atelier job was canceled); a job not yet submitted needs nothing. */
export async function cancelProviderJob(deps: Deps, input: { jobId: string }): Promise<void> {
  const job = await loadJob(deps, input.jobId);
  const record = recordOf(job);
  if (!record || !isJobType(job.type)) return;
  const handler = jobHandlerOf(deps, job.type, record.provider);
  const route = routeOf(deps, job, record.route) ?? { provider: record.provider, model: record.model, params: {}, cost: {} };
  await handler?.cancel(record.id, { route, timeoutMs: settingsOf(deps, record.provider).timeoutMs });
}

function preparedFrom(job: GenerationJob, plan: Prepared['plan']): Prepared {
  const price = findPrice(job.type as OperationType, job.model);
  if (!price) throw terminal(`job ${job.id}: no price for ${job.type}/${job.model}`, 'InvalidJob');
  return {
    jobId: job.id, type: job.type as OperationType, model: job.model, price, plan, sandbox: job.sandbox, accountId: job.account_id, keyId: job.key_id,
    operation: String(job.request.operation ?? `${job.type}:${job.model}`), chargeOperationId: job.charge_operation_id, costMicros: job.cost_micros, balanceMicros: 0,
  };
}

const NAME_OF: Record<JobType, string> = { video: 'video', music: 'music', '3d': 'model' };

/**
 * Copies the finished output into Atelier's storage and completes the job (events, billing
 * block). A job already finished is left alone, so a retried step stores nothing twice.
 */
export async function storeProviderOutput(deps: Deps, input: { jobId: string; status: JobStatus }): Promise<{ status: string; url: string | null }> {
  const job = await loadJob(deps, input.jobId);
  if (job.status !== 'processing') return { status: job.status, url: null };
  const record = recordOf(job);
  if (!record || !input.status.output || !isJobType(job.type)) throw terminal(`job ${job.id} finished without an output`);
  const settings = settingsOf(deps, record.provider);
  let file;
  try {
    file = await fetchOutput(input.status.output, {
      providerBaseUrls: [settings.baseUrl ?? DEFAULT_BASE_URLS[record.provider]],
      allowPrivateNetwork: deps.config.allowPrivateNetwork,
      // Sent only to the provider's own host: a ComfyUI behind a proxy wants its key on /view too.
      headers: record.provider === 'comfyui' && settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : undefined,
    });
  } catch (err) {
    const e = err as ProviderError;
    if (e instanceof ProviderError && e.kind === 'client') throw terminal(e.message, 'OutputRefused');
    throw err;
  }
  const req = job.request as Record<string, unknown>;
  const plan = await planOutput(deps, { accountId: job.account_id, keyId: job.key_id }, job.model, req.output as RequestOutput | undefined);
  const p = preparedFrom(job, plan);
  const balance = await deps.db.selectFrom('accounts').select('balance_micros').where('id', '=', job.account_id).executeTakeFirstOrThrow();
  const submitted = Date.parse(record.submitted_at);
  const done = await complete(deps, p, {
    file: { data: file.data, ext: extensionOf(file.mime), name: NAME_OF[job.type] },
    balanceMicros: balance.balance_micros,
    durationMs: Number.isFinite(submitted) ? Date.now() - submitted : undefined,
  });
  return { status: 'completed', url: done.stored?.url ?? null };
}

/** The provider job failed or was canceled: refund, mark the job failed, tell webhooks. */
export async function failProviderJob(deps: Deps, input: { jobId: string; error: string }): Promise<void> {
  const job = await loadJob(deps, input.jobId);
  if (job.status !== 'processing') return;
  await failPrepared(deps, { jobId: job.id, accountId: job.account_id, type: job.type as OperationType, model: job.model, chargeOperationId: job.charge_operation_id }, new Error(input.error));
}

/**
 * A verified webhook for `jobId`: the recorded provider job it must be about (a delivery about
 * another job of ours, or one we never submitted, changes nothing). Returns the workflow to signal.
 */
export async function webhookTarget(deps: Deps, provider: ProviderId, jobId: string, providerJobId: string): Promise<string | undefined> {
  const job = await deps.db.selectFrom('generation_jobs').select(['id', 'request', 'status']).where('id', '=', jobId).executeTakeFirst();
  const record = job ? recordOf(job) : undefined;
  if (!job || !record || record.provider !== provider || record.id !== providerJobId) return undefined;
  return job.id;
}
