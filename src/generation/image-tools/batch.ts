// POST /v1/images/batch: one tool over many images as a generation job. The API charges the whole
// batch once (402 with nothing moved when the wallet cannot cover it) and starts the imageBatch
// workflow (workflows/image-batch.ts), which runs the items one activity each. Each item is
// recorded on the job row when it finishes, so an activity retried after a lost worker skips the
// items already done; a failed item is refunded by its own operation id, so never twice. The
// batch ends with one images.batch.completed event carrying every item's result.
import type { Request } from 'express';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/context';
import { billingBlock } from '../../platform/billing/billing-block';
import { microsToUsd } from '../../platform/billing/money';
import { refundCharge } from '../../platform/billing/wallet';
import { planOutput, storeOutput, type RequestOutput } from '../../platform/routing/output';
import { emitEvent } from '../../platform/webhooks/emit';
import type { Deps } from '../../deps';
import { ApiError, validationFailed } from '../../infra/http/errors';
import { workflowRef } from '../../infra/temporal/workflow-ref';
import { finishJob } from '../jobs';
import { failPrepared, newJobId, prepare, providersFor, resolveModel } from '../pipeline';
import { quote } from '../prices';
import type { JobAcceptedView } from '../views';
import { applyTool, fetchToolInputs, toolOperation, type ToolName, type ToolParams } from './tools';
import type { BatchBody } from './views';

export interface ImageBatchInput { jobId: string; count: number }

/** The imageBatch workflow (workflows/image-batch.ts), started by reference. */
export const imageBatch = workflowRef<(input: ImageBatchInput) => Promise<{ status: string; completed: number; failed: number }>>('imageBatch');

export interface BatchItem {
  index: number;
  image_url: string;
  params: ToolParams;
  status: 'pending' | 'completed' | 'failed';
  url?: string | null;
  width?: number;
  height?: number;
  format?: string;
  error?: string;
}

interface BatchRequest {
  batch: true;
  tool: ToolName;
  output?: RequestOutput;
  unit_micros: number;
  result: { operation: ToolName; total: number; completed: number; failed: number; items: BatchItem[] };
}

export async function startImageBatch(deps: Deps, auth: AuthContext, req: Request, body: BatchBody): Promise<z.output<typeof JobAcceptedView>> {
  const items = body.images.map(({ image_url, ...own }, index) => ({ index, image_url, params: { ...body.params, ...own } as ToolParams }));
  // One batch is one priced operation: every item must resolve to the same model (e.g. one mode).
  const ops = items.map((i) => toolOperation(body.operation, i.params));
  const first = ops[0]!;
  const mixed = ops.findIndex((o) => o.model !== first.model);
  if (mixed >= 0) throw validationFailed([{ type: 'value_error', loc: ['body', 'images', mixed], msg: `every image of a batch runs the same model (${first.model}); this one runs ${ops[mixed]!.model}`, input: null }]);
  const { model, price } = resolveModel(first.type, first.model, first.model);
  const unitMicros = quote(price, 1).amountMicros;
  const count = items.length;
  const jobId = newJobId();
  const request: BatchRequest = {
    batch: true,
    tool: body.operation,
    output: body.output,
    unit_micros: auth.sandbox ? 0 : unitMicros,
    result: { operation: body.operation, total: count, completed: 0, failed: 0, items: items.map((i) => ({ ...i, status: 'pending' as const })) },
  };
  const p = await prepare(deps, auth, {
    type: first.type, model, price, jobId, producesFile: true, output: body.output,
    // The whole batch in one charge: each leg's quantity times the number of images.
    quantities: Object.fromEntries(price.legs.map((l) => [l.leg, l.estimateQuantity * count])),
    request: request as unknown as Record<string, unknown>,
  });
  try {
    await deps.temporal.workflow.start(imageBatch, { taskQueue: deps.taskQueue, workflowId: p.jobId, args: [{ jobId: p.jobId, count }], memo: { account_id: p.accountId, type: 'images.batch', model } });
  } catch (err) {
    await failPrepared(deps, p, err);
    throw new ApiError(503, { detail: 'The batch could not be queued; nothing was charged. Retry shortly.' });
  }
  const base = `${req.protocol}://${req.get('host') ?? ''}`;
  return {
    id: p.jobId, job_id: p.jobId, object: 'job' as const, type: p.type, model, status: 'processing' as const, url: null,
    poll_url: `${base}/v1/jobs/${p.jobId}`, poll_interval_seconds: 2, sandbox: p.sandbox, billing: billingBlock(p.costMicros, p.balanceMicros),
  };
}

async function loadBatch(deps: Deps, jobId: string) {
  const job = await deps.db.selectFrom('generation_jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
  if (!job) throw new Error(`batch ${jobId} does not exist`);
  return { job, request: job.request as unknown as BatchRequest };
}

/** Records one item's outcome on the job row (row-locked, so concurrent items never lose an update). */
async function recordItem(deps: Deps, jobId: string, item: BatchItem): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('generation_jobs').select('request').where('id', '=', jobId).forUpdate().executeTakeFirstOrThrow();
    const request = row.request as unknown as BatchRequest;
    if (request.result.items[item.index]!.status !== 'pending') return;
    request.result.items[item.index] = item;
    request.result.completed = request.result.items.filter((i) => i.status === 'completed').length;
    request.result.failed = request.result.items.filter((i) => i.status === 'failed').length;
    await trx.updateTable('generation_jobs').set({ request: JSON.stringify(request), updated_at: new Date() }).where('id', '=', jobId).execute();
  });
}

/** One item: skipped when already recorded; a failure of its own (bad URL, provider refusal) is refunded and recorded. */
export async function runImageBatchItem(deps: Deps, input: { jobId: string; index: number }): Promise<{ status: string }> {
  const { job, request } = await loadBatch(deps, input.jobId);
  const item = request.result.items[input.index];
  if (!item) throw new Error(`batch ${input.jobId} has no item ${input.index}`);
  if (job.status !== 'processing' || item.status !== 'pending') return { status: item.status };
  let made;
  try {
    const inputs = await fetchToolInputs(deps, item.image_url, item.params, `images[${input.index}].image_url`);
    made = await applyTool(providersFor(deps, job.sandbox), request.tool, item.params, inputs, job.sandbox);
  } catch (err) {
    const message = (err instanceof ApiError ? apiMessage(err) : (err as Error).message).slice(0, 500);
    if (job.charge_operation_id && request.unit_micros > 0) {
      await refundCharge(deps.db, {
        accountId: job.account_id, chargeOperationId: job.charge_operation_id, operationId: `${job.charge_operation_id}:refund:${input.index}`,
        amountMicros: request.unit_micros, label: `refund:images.batch:${job.model}:item ${input.index}`,
      });
    }
    await recordItem(deps, input.jobId, { ...item, status: 'failed', error: message });
    return { status: 'failed' };
  }
  const plan = await planOutput(deps, { accountId: job.account_id, keyId: job.key_id }, job.model, request.output);
  // The blob key is the job id and the item's index: a retried item overwrites, never adds.
  const stored = await storeOutput(deps, plan, { accountId: job.account_id, jobId: job.id, model: job.model, ext: made.ext, name: request.tool, index: input.index, data: made.data });
  await recordItem(deps, input.jobId, { ...item, status: 'completed', url: stored.url, width: made.width, height: made.height, format: made.ext });
  return { status: 'completed' };
}

function apiMessage(err: ApiError): string {
  const d = (err.body as { detail?: unknown }).detail;
  if (typeof d === 'string') return d;
  if (d && typeof d === 'object' && 'message' in d) return String((d as { message: unknown }).message);
  return JSON.stringify(d);
}

/** Closes the batch once: the charge settles at the items done, and one images.batch.completed goes out. */
export async function finishImageBatch(deps: Deps, input: { jobId: string }): Promise<{ status: string; completed: number; failed: number }> {
  const { job, request } = await loadBatch(deps, input.jobId);
  const { completed, failed, total, items } = request.result;
  if (job.status !== 'processing') return { status: job.status, completed, failed };
  const costMicros = completed * request.unit_micros;
  const status = completed > 0 ? 'completed' : 'failed';
  const done = await finishJob(deps, job.id, { status, output: {}, costMicros, ...(status === 'failed' ? { error: `all ${total} images failed` } : {}) });
  if (done) {
    await emitEvent(deps, job.account_id, 'images.batch.completed', {
      job_id: job.id, operation: request.tool, model: job.model, status, total, completed, failed,
      items: items.map((i) => ({ index: i.index, image_url: i.image_url, status: i.status, url: i.url ?? null, width: i.width ?? null, height: i.height ?? null, format: i.format ?? null, error: i.error ?? null })),
      billing: { method: 'wallet', usd_charged: microsToUsd(costMicros) },
    });
  }
  return { status, completed, failed };
}

/** The workflow gave up on an item beyond its retries: the item is refunded and failed like any other. */
export async function failImageBatchItem(deps: Deps, input: { jobId: string; index: number; error: string }): Promise<void> {
  const { job, request } = await loadBatch(deps, input.jobId);
  const item = request.result.items[input.index];
  if (!item || item.status !== 'pending') return;
  if (job.charge_operation_id && request.unit_micros > 0) {
    await refundCharge(deps.db, {
      accountId: job.account_id, chargeOperationId: job.charge_operation_id, operationId: `${job.charge_operation_id}:refund:${input.index}`,
      amountMicros: request.unit_micros, label: `refund:images.batch:${job.model}:item ${input.index}`,
    });
  }
  await recordItem(deps, input.jobId, { ...item, status: 'failed', error: input.error.slice(0, 500) });
}
