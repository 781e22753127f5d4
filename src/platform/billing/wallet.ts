import { sql } from 'kysely';
import type { Database } from '../../infra/db/index';
import { isUniqueViolation } from '../../infra/db/index';
import type { LedgerEntry, LedgerKind } from '../../infra/db/schema/index';
import { ApiError } from '../../infra/http/errors';
import { microsToUsd } from './money';

export const TOPUP_PATH = '/v1/billing/topup/packages';

export interface ChargeRequest {
  accountId: string;
  amountMicros: number;
  /** Idempotency key for this charge: a retry with the same id never charges twice. */
  operationId: string;
  /** `<action>:<model>`, reported in the 402 body. */
  operation: string;
  /** Ledger label; defaults to `operation`. */
  label?: string;
  metadata?: Record<string, unknown>;
  /**
   * Writes that must commit with the charge or not at all, run first in its transaction (e.g. the
   * generation job the charge pays for, or a run's usd_cap reservation): a process killed between
   * two separate transactions would leave a charge without its operation. Throwing refuses the
   * charge and rolls both back. Skipped when the operation was already charged (a replay).
   */
  alongside?: (trx: Executor) => Promise<void>;
}

export interface ChargeResult {
  entry: LedgerEntry;
  balanceMicros: number;
  /** True when this operation had already been charged and nothing new moved. */
  replayed: boolean;
}

/**
 * The wallet cannot cover a charge: the 402 every caller answers with, as its own type so callers
 * tell it apart by class (not by status) and read what was asked and what was there.
 */
export class InsufficientFundsError extends ApiError {
  constructor(body: { detail: Record<string, unknown> }, readonly requiredMicros: number, readonly balanceMicros: number) {
    super(402, body);
    this.name = 'InsufficientFundsError';
  }
}

/** Every field of the 402 body. */
export function insufficientFunds(opts: { requiredMicros: number; balanceMicros: number; operation: string; baseUrl?: string }): InsufficientFundsError {
  const required = microsToUsd(opts.requiredMicros);
  const balance = microsToUsd(opts.balanceMicros);
  return new InsufficientFundsError({
    detail: {
      error: 'insufficient_funds',
      code: 'insufficient_funds',
      message: `Insufficient wallet balance: this request costs $${required.toFixed(4)} and the balance is $${balance.toFixed(4)}. Top up and retry.`,
      required_usd: required,
      balance_usd: balance,
      shortfall_usd: microsToUsd(Math.max(0, opts.requiredMicros - opts.balanceMicros)),
      currency: 'USD',
      charged: false,
      charged_usd: 0,
      topup_url: `${opts.baseUrl ?? ''}${TOPUP_PATH}`,
      operation: opts.operation,
    },
  }, opts.requiredMicros, opts.balanceMicros);
}

/**
 * The 402 of an account that owes money: a refunded or reversed top-up had already been spent, so
 * nothing can be charged until a new top-up pays `owed_usd` back (the 402 body, with `owed_usd`).
 */
export function owedFunds(opts: { requiredMicros: number; balanceMicros: number; owedMicros: number; operation: string; baseUrl?: string }): InsufficientFundsError {
  const base = insufficientFunds({ ...opts, balanceMicros: 0 });
  const detail = (base.body as { detail: Record<string, unknown> }).detail;
  return new InsufficientFundsError({
    detail: {
      ...detail,
      message: `This account owes $${microsToUsd(opts.owedMicros).toFixed(2)} from a refunded top-up it had already spent: nothing can be charged until a top-up pays it back.`,
      owed_usd: microsToUsd(opts.owedMicros),
    },
  }, opts.requiredMicros, 0);
}

/**
 * Takes `amountMicros` from the wallet in one conditional statement plus a ledger row, in one
 * transaction. Never lets the balance go negative; refuses with the documented 402 instead.
 */
export async function chargeWallet(db: Database, req: ChargeRequest, opts: { baseUrl?: string } = {}): Promise<ChargeResult> {
  if (!Number.isInteger(req.amountMicros) || req.amountMicros < 0) {
    throw new Error(`charge amount must be a non-negative integer of micro-USD, got ${req.amountMicros}`);
  }
  return oncePerOperation(db, req.accountId, req.operationId, async (trx) => {
    await req.alongside?.(trx);
    const updated = await trx
      .updateTable('accounts')
      .set({
        balance_micros: sql`balance_micros - ${req.amountMicros}`,
        lifetime_spend_micros: sql`lifetime_spend_micros + ${req.amountMicros}`,
      })
      .where('id', '=', req.accountId)
      .where('balance_micros', '>=', req.amountMicros)
      // An account that owes a refunded top-up spends nothing until the debt is paid.
      .where('owed_micros', '=', 0)
      .returning('balance_micros')
      .executeTakeFirst();
    if (!updated) {
      const account = await trx.selectFrom('accounts').select(['balance_micros', 'owed_micros']).where('id', '=', req.accountId).executeTakeFirst();
      if (!account) throw new Error(`account ${req.accountId} does not exist`);
      if (account.owed_micros > 0) throw owedFunds({ requiredMicros: req.amountMicros, balanceMicros: account.balance_micros, owedMicros: account.owed_micros, operation: req.operation, baseUrl: opts.baseUrl });
      throw insufficientFunds({ requiredMicros: req.amountMicros, balanceMicros: account.balance_micros, operation: req.operation, baseUrl: opts.baseUrl });
    }
    const entry = await insertEntry(trx, {
      accountId: req.accountId,
      kind: 'charge',
      amountMicros: -req.amountMicros,
      balanceAfterMicros: updated.balance_micros,
      operationId: req.operationId,
      operation: req.operation,
      label: req.label ?? req.operation,
      metadata: req.metadata ?? {},
    });
    return { entry, balanceMicros: updated.balance_micros, replayed: false };
  });
}

/**
 * Gives back (part of) a charge. Keyed by its own operation id, so a retried refund is a no-op,
 * and never refunds more than the charge minus earlier refunds.
 */
export async function refundCharge(
  db: Database,
  req: { accountId: string; chargeOperationId: string; operationId: string; amountMicros?: number; label?: string; metadata?: Record<string, unknown> },
): Promise<ChargeResult> {
  return oncePerOperation(db, req.accountId, req.operationId, async (trx) => {
    const charge = await trx
      .selectFrom('ledger_entries')
      .selectAll()
      .where('account_id', '=', req.accountId)
      .where('operation_id', '=', req.chargeOperationId)
      .where('kind', '=', 'charge')
      .forUpdate()
      .executeTakeFirst();
    if (!charge) throw new Error(`no charge ${req.chargeOperationId} to refund`);
    const refunded = await trx
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_micros'), sql<number>`0`).as('total'))
      .where('account_id', '=', req.accountId)
      .where('reference_operation_id', '=', req.chargeOperationId)
      .where('kind', '=', 'refund')
      .executeTakeFirstOrThrow();
    const refundable = -charge.amount_micros - Number(refunded.total);
    const amount = Math.min(req.amountMicros ?? refundable, refundable);
    if (amount < 0) throw new Error('refund amount must not be negative');
    const updated = await trx
      .updateTable('accounts')
      .set({
        balance_micros: sql`balance_micros + ${amount}`,
        lifetime_spend_micros: sql`greatest(lifetime_spend_micros - ${amount}, 0)`,
      })
      .where('id', '=', req.accountId)
      .returning('balance_micros')
      .executeTakeFirstOrThrow();
    const entry = await insertEntry(trx, {
      accountId: req.accountId,
      kind: 'refund',
      amountMicros: amount,
      balanceAfterMicros: updated.balance_micros,
      operationId: req.operationId,
      operation: charge.operation,
      label: req.label ?? `refund:${charge.label}`,
      referenceOperationId: req.chargeOperationId,
      metadata: req.metadata ?? {},
    });
    return { entry, balanceMicros: updated.balance_micros, replayed: false };
  });
}

/** Adds money (top-up, bonus, admin adjustment); idempotent on operationId like charges. */
export async function creditWallet(db: Database, req: CreditRequest): Promise<ChargeResult> {
  return oncePerOperation(db, req.accountId, req.operationId, (trx) => creditWithin(trx, req));
}

export interface CreditRequest {
  accountId: string;
  amountMicros: number;
  operationId: string;
  kind: Extract<LedgerKind, 'topup' | 'bonus' | 'adjustment'>;
  operation: string;
  label?: string;
  metadata?: Record<string, unknown>;
}

/**
 * A credit inside the caller's transaction (the Stripe webhook commits it with the event and payment
 * it records). What the account owes is paid back from it first, as a ledger entry of its own.
 * The ledger's unique (account, operation id) refuses a second credit of the same operation.
 */
export async function creditWithin(trx: Executor, req: CreditRequest): Promise<ChargeResult> {
  const updated = await trx
    .updateTable('accounts')
    .set({ balance_micros: sql`balance_micros + ${req.amountMicros}` })
    .where('id', '=', req.accountId)
    .returning(['balance_micros', 'owed_micros'])
    .executeTakeFirstOrThrow();
  const entry = await insertEntry(trx, {
    accountId: req.accountId,
    kind: req.kind,
    amountMicros: req.amountMicros,
    balanceAfterMicros: updated.balance_micros,
    operationId: req.operationId,
    operation: req.operation,
    label: req.label ?? req.operation,
    metadata: req.metadata ?? {},
  });
  let balanceMicros = updated.balance_micros;
  const repay = Math.min(updated.owed_micros, balanceMicros);
  if (repay > 0) {
    const after = await trx
      .updateTable('accounts')
      .set({ balance_micros: sql`balance_micros - ${repay}`, owed_micros: sql`owed_micros - ${repay}` })
      .where('id', '=', req.accountId)
      .returning('balance_micros')
      .executeTakeFirstOrThrow();
    balanceMicros = after.balance_micros;
    await insertEntry(trx, {
      accountId: req.accountId, kind: 'adjustment', amountMicros: -repay, balanceAfterMicros: balanceMicros,
      operationId: `${req.operationId}:owed`, operation: 'owed_repayment', label: 'owed_repayment', metadata: { repaid_from: req.operationId },
    });
  }
  return { entry, balanceMicros, replayed: false };
}

/**
 * Takes back up to `amountMicros` inside the caller's transaction (a refunded top-up): from the
 * wallet as far as it goes, never below zero; what is left is recorded as owed, and while anything is
 * owed the account can spend nothing. Returns what the wallet gave and what is now owed on top.
 */
export async function reverseWithin(
  trx: Executor,
  req: { accountId: string; amountMicros: number; operationId: string; operation: string; label?: string; metadata?: Record<string, unknown> },
): Promise<{ takenMicros: number; owedMicros: number; balanceMicros: number }> {
  const account = await trx.selectFrom('accounts').select('balance_micros').where('id', '=', req.accountId).forUpdate().executeTakeFirstOrThrow();
  const taken = Math.min(req.amountMicros, account.balance_micros);
  const owed = req.amountMicros - taken;
  const updated = await trx
    .updateTable('accounts')
    .set({ balance_micros: sql`balance_micros - ${taken}`, owed_micros: sql`owed_micros + ${owed}` })
    .where('id', '=', req.accountId)
    .returning('balance_micros')
    .executeTakeFirstOrThrow();
  await insertEntry(trx, {
    accountId: req.accountId, kind: 'adjustment', amountMicros: -taken, balanceAfterMicros: updated.balance_micros,
    operationId: req.operationId, operation: req.operation, label: req.label ?? req.operation,
    metadata: { ...req.metadata, reversed_usd: microsToUsd(req.amountMicros), owed_usd: microsToUsd(owed) },
  });
  return { takenMicros: taken, owedMicros: owed, balanceMicros: updated.balance_micros };
}

export async function getBalanceMicros(db: Database, accountId: string): Promise<number> {
  const row = await db.selectFrom('accounts').select('balance_micros').where('id', '=', accountId).executeTakeFirst();
  if (!row) throw new Error(`account ${accountId} does not exist`);
  return row.balance_micros;
}

/**
 * Runs one money movement at most once per (account, operation id): a repeat — sequential or
 * concurrent, where the ledger's unique key lets only one transaction commit — returns the entry
 * already written instead of moving money again.
 */
async function oncePerOperation(
  db: Database,
  accountId: string,
  operationId: string,
  move: (trx: Executor) => Promise<ChargeResult>,
): Promise<ChargeResult> {
  const existing = await findEntry(db, accountId, operationId);
  if (existing) return replay(db, existing);
  try {
    return await db.transaction().execute(move);
  } catch (err) {
    if (isUniqueViolation(err)) {
      const winner = await findEntry(db, accountId, operationId);
      if (winner) return replay(db, winner);
    }
    throw err;
  }
}

function findEntry(db: Database, accountId: string, operationId: string) {
  return db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('operation_id', '=', operationId)
    .executeTakeFirst();
}

async function replay(db: Database, entry: LedgerEntry): Promise<ChargeResult> {
  return { entry, balanceMicros: await getBalanceMicros(db, entry.account_id), replayed: true };
}

export type Executor = Parameters<Parameters<ReturnType<Database['transaction']>['execute']>[0]>[0];

function insertEntry(
  trx: Executor,
  e: {
    accountId: string; kind: LedgerKind; amountMicros: number; balanceAfterMicros: number; operationId: string;
    operation: string; label: string; referenceOperationId?: string; metadata: Record<string, unknown>;
  },
): Promise<LedgerEntry> {
  return trx
    .insertInto('ledger_entries')
    .values({
      account_id: e.accountId,
      kind: e.kind,
      amount_micros: e.amountMicros,
      balance_after_micros: e.balanceAfterMicros,
      operation_id: e.operationId,
      operation: e.operation,
      label: e.label,
      reference_operation_id: e.referenceOperationId ?? null,
      metadata: JSON.stringify(e.metadata),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
