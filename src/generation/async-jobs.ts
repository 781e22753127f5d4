// Asynchronous operations (video, music, 3D): the API charges and records the job, then a Temporal
// workflow (workflows/generation-job.ts) runs the provider through these functions.
import { findPrice, type OperationType } from './prices';
import type { Deps } from '../deps';
import { workflowRef } from '../infra/temporal/workflow-ref';
import type { GenerationJob } from '../infra/db/schema/index';
import type { Model3dFormat } from './providers/types';
import { planOutput, type RequestOutput } from '../platform/routing/output';
import { EXT_OF_MIME as AUDIO_EXT } from './audio-convert';
import { complete, failPrepared, providersFor, type Prepared } from './pipeline';

export interface GenerationJobInput {
  jobId: string;
}

/** The generationJob workflow (workflows/generation-job.ts), started by reference. */
export const generationJob = workflowRef<(input: GenerationJobInput) => Promise<{ status: string; url: string | null; error?: string }>>('generationJob');

function preparedFrom(job: GenerationJob, plan: Prepared['plan']): Prepared {
  const price = findPrice(job.type, job.model);
  if (!price) throw new Error(`job ${job.id}: no price for ${job.type}/${job.model}`);
  return {
    jobId: job.id,
    type: job.type as OperationType,
    model: job.model,
    price,
    plan,
    sandbox: job.sandbox,
    accountId: job.account_id,
    keyId: job.key_id,
    operation: String(job.request.operation ?? `${job.type}:${job.model}`),
    chargeOperationId: job.charge_operation_id,
    costMicros: job.cost_micros,
    balanceMicros: 0,
  };
}

async function loadJob(deps: Deps, jobId: string): Promise<GenerationJob | undefined> {
  return deps.db.selectFrom('generation_jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
}

/** Runs the provider for a processing job and completes it. A finished job is left alone (retries). */
export async function runGenerationJob(deps: Deps, input: GenerationJobInput): Promise<{ status: string; url: string | null }> {
  const job = await loadJob(deps, input.jobId);
  if (!job) throw new Error(`job ${input.jobId} does not exist`);
  if (job.status !== 'processing') return { status: job.status, url: null };
  const req = job.request as Record<string, unknown>;
  const plan = await planOutput(deps, { accountId: job.account_id, keyId: job.key_id }, job.model, req.output as RequestOutput | undefined);
  const p = preparedFrom(job, plan);
  const providers = providersFor(deps, job.sandbox);
  const started = performance.now();
  let file: { data: Buffer; ext: string; name: string };
  if (job.type === 'video') {
    const video = await providers.video({ model: job.model, prompt: String(req.prompt), seconds: Number(req.seconds ?? 3) });
    file = { data: video.data, ext: 'mp4', name: 'video' };
  } else if (job.type === 'music') {
    const seed = req.seed === undefined || req.seed === null ? undefined : Number(req.seed);
    const music = await providers.music({ model: job.model, prompt: String(req.prompt), seconds: Number(req.duration ?? 30), seed });
    file = { data: music.data, ext: AUDIO_EXT[music.mime] ?? 'mp3', name: 'music' };
  } else if (job.type === '3d') {
    const image = await deps.blobs.readBuffer(String(req.input_blob));
    const format = String(req.format ?? 'glb') as Model3dFormat;
    const model = await providers.model3d({ image, format });
    file = { data: model.data, ext: format, name: 'model' };
  } else {
    throw new Error(`job type ${job.type} is not asynchronous`);
  }
  const balance = await deps.db.selectFrom('accounts').select('balance_micros').where('id', '=', job.account_id).executeTakeFirstOrThrow();
  const done = await complete(deps, p, { file, balanceMicros: balance.balance_micros, durationMs: performance.now() - started });
  return { status: 'completed', url: done.stored?.url ?? null };
}

/** The workflow gave up: refund, mark failed, emit generation.failed. */
export async function failGenerationJob(deps: Deps, input: { jobId: string; error: string }): Promise<void> {
  const job = await loadJob(deps, input.jobId);
  if (!job || job.status !== 'processing') return;
  await failPrepared(deps, { jobId: job.id, accountId: job.account_id, type: job.type as OperationType, model: job.model, chargeOperationId: job.charge_operation_id }, new Error(input.error));
}

