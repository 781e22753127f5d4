import type { ColumnType, Generated, Selectable } from 'kysely';

/** A Stripe event id handled once (src/platform/billing/stripe/webhook.ts). */
export interface StripeEventsTable {
  id: string;
  type: string;
  payment_intent_id: string | null;
  received_at: ColumnType<Date, Date | undefined, never>;
}

/** One PaymentIntent: what Stripe said about it and what the wallet got from it. */
export interface StripePaymentsTable {
  payment_intent_id: string;
  account_id: string | null;
  checkout_session_id: string | null;
  package: string | null;
  amount_cents: number | null;
  succeeded_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  credited_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Amount plus bonus credited, micro-USD. */
  credited_micros: Generated<number>;
  bonus_micros: Generated<number>;
  /** The charge's amount_refunded as last reported (cumulative, so the highest seen wins). */
  refunded_cents: Generated<number>;
  /** What refunds have taken back so far (from the wallet or recorded as owed), micro-USD. */
  reversed_micros: Generated<number>;
  disputed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type StripePayment = Selectable<StripePaymentsTable>;
