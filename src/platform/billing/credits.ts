import { sql } from 'kysely';
import type { Database } from '../../infra/db/index';
import { isUniqueViolation } from '../../infra/db/index';
import { chargeWallet, getBalanceMicros, InsufficientFundsError, refundCharge } from './wallet';
import { microsToUsd } from './money';

/**
 * Credits: voice sessions and story steps are priced in credits. An
 * account's included allowance pays first; what it cannot cover is charged to the USD wallet at
 * $0.0536 per credit. One call may be paid partly by each; `method` is `credits` only while the
 * allowance covers the whole call (then `usd_charged` is 0).
 */
export const USD_MICROS_PER_CREDIT = 53_600;
/** The same price as USD, for answers and messages (the ledger works in micro-USD). */
export const USD_PER_CREDIT = USD_MICROS_PER_CREDIT / 1_000_000;
/** A price in credits as the USD the wallet pays for it, with the four decimals messages show. */
export const creditsAsUsd = (credits: number) => `$${(credits * USD_PER_CREDIT).toFixed(4)}`;

export interface CreditBalance {
  included: number;
  used: number;
  remaining: number;
  walletMicros: number;
  /** What could be spent right now: remaining included credits plus what the wallet buys. */
  available: number;
}

export interface CreditSpend {
  method: 'credits' | 'wallet';
  credits: number;
  includedCredits: number;
  walletMicros: number;
  replayed: boolean;
}

export interface CreditRefund {
  credits: number;
  includedCredits: number;
  walletMicros: number;
}

export class InsufficientCredits extends Error {
  constructor(readonly requiredCredits: number, readonly balance: CreditBalance) {
    super(`This call needs ${requiredCredits} credits; ${balance.available} are available`);
    this.name = 'InsufficientCredits';
  }
}

/** `{method, usd_charged, pln_charged}` (pln_charged is a legacy mirror). */
export function creditBillingBlock(spend: Pick<CreditSpend, 'method' | 'walletMicros'> | null) {
  const usd = spend ? microsToUsd(spend.walletMicros) : 0;
  return { method: spend?.method ?? 'credits', usd_charged: usd, pln_charged: usd };
}

export const creditsToMicros = (credits: number) => Math.round(credits * USD_MICROS_PER_CREDIT);
export const roundCredits = (credits: number) => Math.round(credits * 10_000) / 10_000;

export async function creditBalance(db: Database, accountId: string, deploymentAllowance: number): Promise<CreditBalance> {
  const allowance = await allowanceOf(db, accountId, deploymentAllowance);
  const used = await usedIncluded(db, accountId);
  const walletMicros = await getBalanceMicros(db, accountId);
  const remaining = Math.max(0, roundCredits(allowance - used));
  return {
    included: allowance,
    used: roundCredits(used),
    remaining,
    walletMicros,
    available: roundCredits(remaining + Math.floor(walletMicros / USD_MICROS_PER_CREDIT)),
  };
}

/**
 * Spends `credits` for one operation; idempotent on `operationId` (a retried activity never pays
 * twice). Throws InsufficientCredits — moving nothing — when allowance plus wallet fall short.
 */
export async function spendCredits(
  db: Database,
  req: { accountId: string; credits: number; operationId: string; operation: string; label?: string; allowance: number; metadata?: Record<string, unknown> },
): Promise<CreditSpend> {
  if (!(req.credits >= 0)) throw new Error(`credits must be non-negative, got ${req.credits}`);
  const label = req.label ?? req.operation;
  let row = await findRow(db, req.accountId, req.operationId);
  let replayed = Boolean(row);
  if (!row) {
    try {
      row = await db.transaction().execute(async (trx) => {
        // Serialises allowance accounting per account.
        await sql`select pg_advisory_xact_lock(hashtext(${'credits:' + req.accountId}))`.execute(trx);
        const allowance = await allowanceOf(trx, req.accountId, req.allowance);
        const used = await usedIncluded(trx, req.accountId);
        const fromIncluded = Math.min(Math.max(0, allowance - used), req.credits);
        const walletMicros = creditsToMicros(req.credits - fromIncluded);
        if (walletMicros > 0) {
          const balance = await getBalanceMicros(trx, req.accountId);
          if (balance < walletMicros) {
            const remaining = Math.max(0, roundCredits(allowance - used));
            throw new InsufficientCredits(req.credits, {
              included: allowance, used: roundCredits(used), remaining, walletMicros: balance,
              available: roundCredits(remaining + Math.floor(balance / USD_MICROS_PER_CREDIT)),
            });
          }
        }
        return trx
          .insertInto('credit_ledger')
          .values({
            account_id: req.accountId, kind: 'spend', operation_id: req.operationId, reference_operation_id: null,
            label, credits: req.credits, included_credits: fromIncluded, wallet_micros: walletMicros,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      row = await findRow(db, req.accountId, req.operationId);
      replayed = true;
      if (!row) throw err;
    }
  }
  if (row.wallet_micros > 0) {
    try {
      // Same operation id: a replay after a crash between the two writes completes the charge once.
      await chargeWallet(db, {
        accountId: req.accountId, amountMicros: row.wallet_micros, operationId: req.operationId,
        operation: req.operation, label, metadata: { credits: row.credits - row.included_credits, ...req.metadata },
      });
    } catch (err) {
      if (err instanceof InsufficientFundsError) {
        await db.deleteFrom('credit_ledger').where('id', '=', row.id).execute();
        throw new InsufficientCredits(req.credits, await creditBalance(db, req.accountId, req.allowance));
      }
      throw err;
    }
  }
  return {
    method: row.wallet_micros > 0 ? 'wallet' : 'credits',
    credits: row.credits,
    includedCredits: row.included_credits,
    walletMicros: row.wallet_micros,
    replayed,
  };
}

/**
 * Gives back (part of) a spend, wallet money first, then included credits. Idempotent on its own
 * operation id; never returns more than was spent minus earlier refunds.
 */
export async function refundCredits(
  db: Database,
  req: { accountId: string; chargeOperationId: string; operationId: string; credits?: number; label?: string },
): Promise<CreditRefund> {
  const existing = await findRow(db, req.accountId, req.operationId);
  let row = existing;
  if (!row) {
    try {
      row = await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${'credits:' + req.accountId}))`.execute(trx);
        const spend = await findRow(trx, req.accountId, req.chargeOperationId);
        if (!spend || spend.kind !== 'spend') throw new Error(`no credit spend ${req.chargeOperationId} to refund`);
        const prior = await trx
          .selectFrom('credit_ledger')
          .select((eb) => [
            eb.fn.coalesce(eb.fn.sum<number>('credits'), sql<number>`0`).as('credits'),
            eb.fn.coalesce(eb.fn.sum<number>('included_credits'), sql<number>`0`).as('included'),
          ])
          .where('account_id', '=', req.accountId)
          .where('reference_operation_id', '=', req.chargeOperationId)
          .where('kind', '=', 'refund')
          .executeTakeFirstOrThrow();
        // Full precision inside (USD-priced spends such as step 4 must refund to the micro-dollar).
        const refundable = Math.max(0, spend.credits - Number(prior.credits));
        const amount = Math.max(0, Math.min(req.credits ?? refundable, refundable));
        const walletCreditsLeft = spend.credits - spend.included_credits - (Number(prior.credits) - Number(prior.included));
        const walletPart = Math.min(amount, Math.max(0, walletCreditsLeft));
        const includedPart = Math.max(0, amount - walletPart);
        return trx
          .insertInto('credit_ledger')
          .values({
            account_id: req.accountId, kind: 'refund', operation_id: req.operationId,
            reference_operation_id: req.chargeOperationId, label: req.label ?? `refund:${spend.label}`,
            credits: amount, included_credits: includedPart, wallet_micros: creditsToMicros(walletPart),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      row = await findRow(db, req.accountId, req.operationId);
      if (!row) throw err;
    }
  }
  if (row.wallet_micros > 0) {
    await refundCharge(db, {
      accountId: req.accountId, chargeOperationId: req.chargeOperationId, operationId: req.operationId,
      amountMicros: row.wallet_micros, label: row.label,
    });
  }
  return { credits: row.credits, includedCredits: row.included_credits, walletMicros: row.wallet_micros };
}

type Executor = Pick<Database, 'selectFrom'>;

/**
 * The included allowance this account may use: the deployment's, once granted — at creation for
 * accounts an operator makes, on a public signup's first payment (a top-up entry) — else none, so
 * an account nobody has paid for or vouched for cannot spend free credits; none while it owes money.
 */
async function allowanceOf(db: Executor, accountId: string, deploymentAllowance: number): Promise<number> {
  if (deploymentAllowance <= 0) return 0;
  const row = await db
    .selectFrom('accounts')
    .select((eb) => [
      'included_credits_granted_at',
      'owed_micros',
      eb.exists(eb.selectFrom('ledger_entries').select('id').where('account_id', '=', accountId).where('kind', '=', 'topup')).as('paid'),
    ])
    .where('id', '=', accountId)
    .executeTakeFirst();
  // An account that owes a refunded top-up spends nothing, included credits neither, until it is paid.
  if (!row || row.owed_micros > 0) return 0;
  return row.included_credits_granted_at !== null || row.paid ? deploymentAllowance : 0;
}

async function usedIncluded(db: Executor, accountId: string): Promise<number> {
  const r = await db
    .selectFrom('credit_ledger')
    .select(sql<number>`coalesce(sum(case when kind = 'spend' then included_credits else -included_credits end), 0)`.as('used'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(r.used);
}

function findRow(db: Executor, accountId: string, operationId: string) {
  return db
    .selectFrom('credit_ledger')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('operation_id', '=', operationId)
    .executeTakeFirst();
}
