// GET/PUT /v1/rate-limits/workflow/{workflow_id}.
import { z } from 'zod';
import type { Deps } from '../../deps';
import { isoTime } from '../../infra/http/views';
import type { EngineRatePolicy } from '../../infra/db/schema/index';
import { recordAudit, type Actor } from '../audit/audit-service';
import { ownedWorkflow } from '../workflow-lookup';

export interface RatePolicyInput {
  max_concurrent_runs: number | null;
  requests_per_minute: number | null;
  burst_allowance: number;
}

export const RatePolicyView = z.object({
  workflow_id: z.string(),
  max_concurrent_runs: z.number().int().nullable().describe('Null: no cap on runs in flight'),
  requests_per_minute: z.number().int().nullable().describe('Null: no cap on run starts per minute'),
  burst_allowance: z.number().int(),
  updated_at: isoTime.nullable().describe('Null until a policy is set'),
});

const view = (workflowId: string, row: Pick<EngineRatePolicy, 'max_concurrent_runs' | 'requests_per_minute' | 'burst_allowance'> | undefined, updatedAt: Date | null): z.output<typeof RatePolicyView> => ({
  workflow_id: workflowId,
  max_concurrent_runs: row?.max_concurrent_runs ?? null,
  requests_per_minute: row?.requests_per_minute ?? null,
  burst_allowance: row?.burst_allowance ?? 0,
  updated_at: updatedAt?.toISOString() ?? null,
});

export async function getRatePolicy(deps: Deps, accountId: string, workflowId: string) {
  await ownedWorkflow(deps.db, accountId, workflowId);
  const row = await deps.db.selectFrom('engine_rate_policies').selectAll().where('workflow_id', '=', workflowId).where('account_id', '=', accountId).executeTakeFirst();
  return view(workflowId, row, row?.updated_at ?? null);
}

export async function putRatePolicy(deps: Deps, accountId: string, actor: Actor, workflowId: string, input: RatePolicyInput) {
  return deps.db.transaction().execute(async (trx) => {
    await ownedWorkflow(trx, accountId, workflowId, { lock: true });
    const before = await trx.selectFrom('engine_rate_policies').selectAll().where('workflow_id', '=', workflowId).executeTakeFirst();
    const row = await trx
      .insertInto('engine_rate_policies')
      .values({ workflow_id: workflowId, account_id: accountId, ...input })
      .onConflict((oc) => oc.column('workflow_id').doUpdateSet({ ...input, updated_at: new Date() }))
      .returningAll()
      .executeTakeFirstOrThrow();
    const pick = (r?: RatePolicyInput) => (r ? { max_concurrent_runs: r.max_concurrent_runs, requests_per_minute: r.requests_per_minute, burst_allowance: r.burst_allowance } : undefined);
    await recordAudit(trx, {
      accountId, workflowId, action: 'rate_policy.updated', actor,
      summary: `Rate policy set: ${input.max_concurrent_runs ?? '∞'} concurrent, ${input.requests_per_minute ?? '∞'}/min (+${input.burst_allowance} burst)`,
      before: pick(before), after: pick(row),
    });
    return view(workflowId, row, row.updated_at);
  });
}
