import { randomUUID } from 'node:crypto';
import { insertApiKey } from '../../src/platform/accounts/accounts';
import type { KeyType } from '../../src/infra/db/schema/index';
import type { TestStack } from '../helpers/stack';

/** A key of the given type on an account (the bootstrap one by default). */
export async function keyOfType(stack: TestStack, type: KeyType, accountId = stack.accountId): Promise<string> {
  const created = await insertApiKey(stack.atelier.deps.db, { accountId, name: `voice ${type}`, type, environment: 'production' });
  return created.key;
}

/** A bucket-scoped key (it reaches its storage bucket and nothing else). */
export async function bucketKey(stack: TestStack, accountId = stack.accountId): Promise<string> {
  const created = await insertApiKey(stack.atelier.deps.db, {
    accountId, name: 'voice bucket', type: null, environment: 'production', scopes: ['storage'], bucketId: randomUUID(),
  });
  return created.key;
}

export const agentBody = (over: Record<string, unknown> = {}) => ({ name: 'Front desk', instructions: 'You answer questions about the hotel.', ...over });

/** The credit and wallet ledgers of one account, oldest first. */
export async function ledgers(stack: TestStack, accountId: string) {
  const db = stack.atelier.deps.db;
  const credits = await db.selectFrom('credit_ledger').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
  const wallet = await db.selectFrom('ledger_entries').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute();
  return { credits, wallet };
}

export async function balanceMicros(stack: TestStack, accountId: string): Promise<number> {
  const row = await stack.atelier.deps.db.selectFrom('accounts').select('balance_micros').where('id', '=', accountId).executeTakeFirstOrThrow();
  return Number(row.balance_micros);
}
