// One pipeline for every generation operation: price it, refuse with
// 402 before any provider call when the wallet cannot cover it, charge first, run the provider,
// refund on failure, store the file where routing says, and answer with the billing block.
import { randomBytes } from 'node:crypto';
import type { AuthContext } from '../platform/auth/context';
import { billingBlock, type BillingBlock } from '../platform/billing/billing-block';
import { microsToUsd } from '../platform/billing/money';
import { modelsFor, quote, usageQuantities, type ModelPrice, type OperationType } from './prices';
import { ACTION_OF, CAPABILITY_OF, chargeOperation, operation as operationOf, operationCostMicros, UnsupportedModelError } from './operations';
import { chargeWallet, getBalanceMicros, InsufficientFundsError, refundCharge } from '../platform/billing/wallet';
import type { Deps } from '../deps';
import { ApiError, badRequest, coded } from '../infra/http/errors';
import { createLocalProviders } from './providers/index';
import { modelNotAvailable, ProviderUnavailableError } from './providers/errors';
import { resolveTier } from '../platform/tiers/tiers';
import type { Providers, Usage } from './providers/types';
import { planOutput, storeOutput, type OutputPlan, type RequestOutput, type StoredOutput } from '../platform/routing/output';
import { emitEvent } from '../platform/webhooks/emit';
import { finishJob } from './jobs';

/** Operations whose completion is a `generation.completed` event. */
const GENERATION_EVENT_TYPES = new Set<OperationType>(['image', 'video', '3d', 'speech', 'music']);

let sandboxProviders: Providers | undefined;
/** Sandbox keys get mock responses — always the offline provider, never charged. */
export const providersFor = (deps: Pick<Deps, 'providers'>, sandbox: boolean): Providers => (sandbox ? (sandboxProviders ??= createLocalProviders()) : deps.providers);

export const newJobId = () => `job_${randomBytes(12).toString('hex')}`;

export interface Prepared {
  jobId: string;
  type: OperationType;
  model: string;
  price: ModelPrice;
  plan: OutputPlan | null;
  sandbox: boolean;
  accountId: string;
  keyId: string | null;
  operation: string;
  chargeOperationId: string | null;
  costMicros: number;
  balanceMicros: number;
}

/** 400 for a model outside the fixed list of the operation. */
export function resolveModel(type: OperationType, model: string | undefined, fallback: string): { model: string; price: ModelPrice } {
  try {
    const op = operationOf(type, model ?? fallback);
    return { model: op.model, price: op.price };
  } catch (err) {
    if (err instanceof UnsupportedModelError) throw badRequest(err.message);
    throw err;
  }
}

/**
 * Everything before the provider call: availability (503), output plan (400), price, charge
 * (402 with nothing moved), and the job row. Returns what the rest of the pipeline needs.
 */
export async function prepare(
  deps: Deps,
  auth: AuthContext,
  opts: {
    type: OperationType;
    model: string;
    price: ModelPrice;
    quantities?: Record<string, number>;
    request: Record<string, unknown>;
    output?: RequestOutput;
    producesFile: boolean;
    jobId?: string;
  },
): Promise<Prepared> {
  const capability = CAPABILITY_OF[opts.type];
  const sandbox = auth.sandbox;
  if (!sandbox) {
    const serving = deps.providers.serving[capability];
    if (serving === 'none') throw new ProviderUnavailableError(capability);
    if (!deps.providers.routesFor(capability, opts.model).length) {
      if (serving !== 'auto') {
        // A capability pinned to one provider (ATELIER_PROVIDERS) and a model it does not host: the
        // client's to change, not an outage to wait out (which a 503 would invite).
        const served = modelsFor(opts.type).filter((m) => deps.providers.routesFor(capability, m).length > 0);
        throw coded(400, 'model_not_served', `Model '${opts.model}' is not served by the ${serving} provider, which serves ${opts.type} in this deployment. Use one of: ${served.join(', ') || 'none'}.`, {
          model: opts.model,
          served_models: served,
        });
      }
      // Every route of the model needs a provider this deployment has not configured.
      throw modelNotAvailable(opts.model, auth.account ? resolveTier(auth.account).slug : null, capability);
    }
  }
  const keyId = auth.key?.id ?? null;
  const plan = opts.producesFile ? await planOutput(deps, { accountId: auth.accountId, keyId }, opts.model, opts.output) : null;
  const jobId = opts.jobId ?? newJobId();
  const operation = `${ACTION_OF[opts.type]}:${opts.model}`;
  let costMicros = 0;
  let balanceMicros: number;
  let chargeOperationId: string | null = null;
  const insertJob = (db: Pick<Deps['db'], 'insertInto'>, cost: number) =>
    db
      .insertInto('generation_jobs')
      .values({
        id: jobId,
        account_id: auth.accountId,
        key_id: keyId,
        type: opts.type,
        model: opts.model,
        status: 'processing',
        sandbox,
        request: JSON.stringify({ ...opts.request, operation }),
        cost_micros: cost,
        charge_operation_id: chargeOperationId,
      })
      .execute();
  if (sandbox) {
    balanceMicros = await getBalanceMicros(deps.db, auth.accountId);
    await insertJob(deps.db, 0);
  } else {
    const chargeId = `gen:${jobId}`;
    chargeOperationId = chargeId;
    let charged: number | undefined;
    // The wallet pays the operation's one price (operations.ts), as a node or a story scene would.
    // The job row commits with the charge (`alongside`): a process killed in between must never
    // leave a charge without the job it paid for.
    const wallet = {
      async charge(amountMicros: number, label: string) {
        const charge = await chargeWallet(
          deps.db,
          {
            accountId: auth.accountId, amountMicros, operationId: chargeId, operation, label, metadata: { job_id: jobId },
            alongside: async (trx) => void (await insertJob(trx, amountMicros)),
          },
          { baseUrl: deps.config.publicBaseUrl },
        );
        charged = charge.balanceMicros;
      },
    };
    const op = { type: opts.type, model: opts.model, price: opts.price, quantities: opts.quantities ?? {} };
    try {
      costMicros = await chargeOperation(wallet, op, `${opts.type}:${opts.model}`);
      balanceMicros = charged!;
    } catch (err) {
      if (err instanceof InsufficientFundsError) {
        void emitEvent(deps, auth.accountId, 'credits.depleted', { operation, needed_usd: microsToUsd(operationCostMicros(op)) });
      }
      throw err;
    }
  }
  return { jobId, type: opts.type, model: opts.model, price: opts.price, plan, sandbox, accountId: auth.accountId, keyId, operation, chargeOperationId, costMicros, balanceMicros };
}

/** Provider failed: give the money back, mark the job failed, tell webhooks. */
export async function failPrepared(deps: Deps, p: Pick<Prepared, 'jobId' | 'accountId' | 'type' | 'model' | 'chargeOperationId'>, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  if (p.chargeOperationId) {
    await refundCharge(deps.db, { accountId: p.accountId, chargeOperationId: p.chargeOperationId, operationId: `${p.chargeOperationId}:refund`, label: `refund:${p.type}:${p.model}` });
  }
  const job = await finishJob(deps, p.jobId, { status: 'failed', error: message.slice(0, 2000), costMicros: 0 });
  if (job && GENERATION_EVENT_TYPES.has(p.type as OperationType)) {
    await emitEvent(deps, p.accountId, 'generation.failed', {
      job_id: p.jobId,
      generation_type: p.type,
      model: p.model,
      error: error instanceof ApiError ? `provider_error_${error.status}` : 'provider_error',
      error_message: message,
      billing: { method: 'wallet', usd_charged: 0 },
    });
  }
}

/**
 * Settles a charge made on an estimate (chat) to the real amount; the unused part is refunded.
 * Returns the final cost and balance.
 */
export async function settle(deps: Deps, p: Prepared, actualMicros: number): Promise<{ costMicros: number; balanceMicros: number }> {
  if (!p.chargeOperationId || actualMicros >= p.costMicros) return { costMicros: p.costMicros, balanceMicros: p.balanceMicros };
  const refund = await refundCharge(deps.db, {
    accountId: p.accountId,
    chargeOperationId: p.chargeOperationId,
    operationId: `${p.chargeOperationId}:settle`,
    amountMicros: p.costMicros - actualMicros,
    label: `settle:${p.type}:${p.model}`,
  });
  await deps.db.updateTable('generation_jobs').set({ cost_micros: actualMicros }).where('id', '=', p.jobId).execute();
  return { costMicros: actualMicros, balanceMicros: refund.balanceMicros };
}

/** Stores the produced file (if any), completes the job, emits events; returns the billing block. */
export async function complete(
  deps: Deps,
  p: Prepared,
  produced: { file?: { data: Buffer; ext: string; name: string }; result?: Record<string, unknown>; costMicros?: number; balanceMicros?: number; durationMs?: number },
): Promise<{ stored: StoredOutput | null; billing: BillingBlock }> {
  let stored: StoredOutput | null = null;
  if (produced.file && p.plan) {
    stored = await storeOutput(deps, p.plan, { accountId: p.accountId, jobId: p.jobId, model: p.model, ext: produced.file.ext, name: produced.file.name, index: 0, data: produced.file.data });
  }
  const costMicros = produced.costMicros ?? p.costMicros;
  const balanceMicros = produced.balanceMicros ?? p.balanceMicros;
  if (produced.result) {
    await deps.db.updateTable('generation_jobs').set({ request: JSON.stringify({ ...(await requestOf(deps, p.jobId)), result: produced.result }) }).where('id', '=', p.jobId).execute();
  }
  await finishJob(deps, p.jobId, { status: 'completed', blobKey: stored?.blobKey ?? null, output: stored ? { ...stored.output, ...(stored.blobKey ? {} : { object_url: stored.url }) } : {}, costMicros });
  const usd = microsToUsd(costMicros);
  if (costMicros > 0) await emitEvent(deps, p.accountId, 'billing.charged', { operation: p.operation, amount_usd: usd, method: 'wallet' });
  if (GENERATION_EVENT_TYPES.has(p.type)) {
    await emitEvent(deps, p.accountId, 'generation.completed', {
      job_id: p.jobId,
      generation_type: p.type,
      model: p.model,
      output_url: stored?.url ?? null,
      duration: produced.durationMs !== undefined ? Math.round(produced.durationMs) / 1000 : null,
      billing: { method: 'wallet', usd_charged: usd },
    });
  } else if (p.type === 'remove-background') {
    await emitEvent(deps, p.accountId, 'background.removed', { job_id: p.jobId, model: p.model, output_url: stored?.url ?? null, billing: { method: 'wallet', usd_charged: usd } });
  }
  return { stored, billing: billingBlock(costMicros, balanceMicros) };
}

async function requestOf(deps: Deps, jobId: string): Promise<Record<string, unknown>> {
  const row = await deps.db.selectFrom('generation_jobs').select('request').where('id', '=', jobId).executeTakeFirst();
  return row?.request ?? {};
}

/** What one operation costs at the usage a provider reported; legs it does not report stay as reserved. */
export const usageCostMicros = (price: ModelPrice, usage: Usage, reserved: Record<string, number> = {}): number =>
  quote(price, 1, { ...reserved, ...usageQuantities(price, usage) }).amountMicros;

/** Runs a synchronous operation through the whole pipeline. */
export async function runSync<R extends Record<string, unknown>>(
  deps: Deps,
  auth: AuthContext,
  opts: Parameters<typeof prepare>[2],
  produce: (providers: Providers, p: Prepared) => Promise<{ file?: { data: Buffer; ext: string; name: string }; result: R; actualMicros?: number; usage?: Usage }>,
): Promise<{ prepared: Prepared; result: R; stored: StoredOutput | null; billing: BillingBlock }> {
  const p = await prepare(deps, auth, opts);
  const started = performance.now();
  let produced;
  try {
    produced = await produce(providersFor(deps, p.sandbox), p);
  } catch (err) {
    await failPrepared(deps, p, err);
    throw err;
  }
  let done;
  try {
    // What the provider reports it used settles the reservation (never above it: see settle).
    const actual = produced.actualMicros ?? (produced.usage ? usageCostMicros(p.price, produced.usage, opts.quantities) : undefined);
    const settled = actual !== undefined ? await settle(deps, p, actual) : undefined;
    done = await complete(deps, p, {
      file: produced.file,
      result: opts.producesFile ? undefined : produced.result,
      costMicros: settled?.costMicros,
      balanceMicros: settled?.balanceMicros,
      durationMs: performance.now() - started,
    });
  } catch (err) {
    // Storing the result failed (disk, destination): the caller gets nothing, so pays nothing.
    await failPrepared(deps, p, err);
    throw err;
  }
  return { prepared: p, result: produced.result, ...done };
}
