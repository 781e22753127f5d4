import { sql, type Kysely } from 'kysely';

// Wallet top-ups paid through Stripe (src/platform/billing/stripe).
// - accounts.stripe_customer_id: the account's Stripe customer, created on its first Stripe top-up.
// - accounts.owed_micros: what a refund or reversal could not take back because the wallet was
//   already spent; while it is above zero the account can spend nothing, and the next credit pays it first.
// - accounts.email_verified_at: when the owner's e-mail was confirmed. Accounts that exist already
//   are counted as verified (they were created before verification existed, or by an operator).
// - stripe_events: every Stripe event id handled, so a retried delivery changes nothing.
// - stripe_payments: one row per PaymentIntent (its id is the payment id), the facts Stripe has told us
//   about it (succeeded, refunded so far, disputed) and what we did about them (credited, reversed);
//   events may arrive in any order and each one moves the row, under its lock, to what the facts imply.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table accounts add column stripe_customer_id text unique;
    alter table accounts add column owed_micros bigint not null default 0 check (owed_micros >= 0);
    alter table accounts add column email_verified_at timestamptz;
    update accounts set email_verified_at = created_at;

    create table stripe_events (
      id text primary key,
      type text not null,
      payment_intent_id text,
      received_at timestamptz not null default now()
    );

    create table stripe_payments (
      payment_intent_id text primary key,
      account_id text references accounts(id) on delete cascade,
      checkout_session_id text unique,
      package text,
      amount_cents bigint,
      succeeded_at timestamptz,
      credited_at timestamptz,
      credited_micros bigint not null default 0 check (credited_micros >= 0),
      bonus_micros bigint not null default 0 check (bonus_micros >= 0),
      refunded_cents bigint not null default 0 check (refunded_cents >= 0),
      reversed_micros bigint not null default 0 check (reversed_micros >= 0),
      disputed_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index stripe_payments_account_idx on stripe_payments (account_id, created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists stripe_payments;
    drop table if exists stripe_events;
    alter table accounts drop column if exists email_verified_at;
    alter table accounts drop column if exists owed_micros;
    alter table accounts drop column if exists stripe_customer_id;
  `.execute(db);
}
