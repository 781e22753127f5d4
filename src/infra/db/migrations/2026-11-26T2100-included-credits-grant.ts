import { sql, type Kysely } from 'kysely';

// Included credits are an allowance an account earns: at creation when an operator makes it, on
// the first payment (or a verified e-mail) when it signs up publicly. Accounts that exist already
// keep theirs when they have no owner login (not a public signup) or an operator credited them
// (an opening balance or an adjustment); a paying account has it through its top-up entries.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table accounts add column included_credits_granted_at timestamptz;
    update accounts a set included_credits_granted_at = a.created_at
      where a.password_hash is null
         or exists (select 1 from ledger_entries l where l.account_id = a.id and l.kind = 'adjustment');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts drop column if exists included_credits_granted_at`.execute(db);
}
