// `ctx.charge` of a running node: the run's usd_cap and the wallet, once per operation id.
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { chargeWallet, InsufficientFundsError } from '../../platform/billing/wallet';
import { microsToUsd } from '../../platform/billing/money';
import { NodeError } from '../contract/node-error';
import type { ExecuteNodeInput } from '../contract/run-contract';

/**
 * Charges the wallet for a node, once per operation id, after reserving the amount under the
 * run's usd_cap (one conditional UPDATE, so parallel branches cannot overshoot it together).
 * Returns the micro-USD charged.
 */
/** Whose charge it is: the run, its account and the node (an executeNode input or an agent step). */
export type ChargeTarget = Pick<ExecuteNodeInput, 'runId' | 'accountId'> & { node: Pick<ExecuteNodeInput['node'], 'id'> };

export async function chargeNode(deps: Deps, input: ChargeTarget, operationId: string, amountMicros: number, operation: string): Promise<number> {
  const { db } = deps;
  const existing = await db
    .selectFrom('ledger_entries')
    .select('amount_micros')
    .where('account_id', '=', input.accountId)
    .where('operation_id', '=', operationId)
    .executeTakeFirst();
  if (existing) return -existing.amount_micros;
  try {
    // The usd_cap reservation commits with the charge (`alongside`) or not at all: as two
    // transactions, a worker killed between them left the reservation behind, and the retry
    // reserved again — the run's usd_charged counted the node twice (bench/chaos.ts found it).
    const result = await chargeWallet(
      db,
      {
        accountId: input.accountId, amountMicros, operationId, operation, label: operation, metadata: { run_id: input.runId, node_id: input.node.id },
        alongside: async (trx) => {
          const reserved = await trx
            .updateTable('runs')
            .set({ usd_charged_micros: sql`usd_charged_micros + ${amountMicros}` })
            .where('id', '=', input.runId)
            // One grouped condition: a bare `a or b` after `id = …` would match every capped run
            // of every account that still had room, and move their counters too.
            .where((eb) => eb.or([eb('usd_cap_micros', 'is', null), eb(sql<number>`usd_charged_micros + ${amountMicros}`, '<=', eb.ref('usd_cap_micros'))]))
            .returning('usd_charged_micros')
            .executeTakeFirst();
          if (!reserved) {
            const run = await trx.selectFrom('runs').select(['usd_cap_micros', 'usd_charged_micros']).where('id', '=', input.runId).executeTakeFirst();
            throw new NodeError(
              `usd_cap_exceeded: this node costs $${microsToUsd(amountMicros)} and the run has charged $${microsToUsd(run?.usd_charged_micros ?? 0)} of its $${microsToUsd(run?.usd_cap_micros ?? 0)} cap`,
              { type: 'usd_cap_exceeded' },
            );
          }
        },
      },
      { baseUrl: deps.config.publicBaseUrl },
    );
    return -result.entry.amount_micros;
  } catch (err) {
    if (err instanceof InsufficientFundsError) {
      // A 402-shaped node error: the body's detail travels in the message.
      throw new NodeError(`insufficient_funds: ${JSON.stringify((err.body as { detail?: unknown }).detail)}`, { type: 'insufficient_funds' });
    }
    throw err;
  }
}
