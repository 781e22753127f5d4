// What the wallet, estimate, pricing and ledger routes answer (route({ response })).
import { z } from 'zod';
import { isoTime, listOf, offsetPage, usd } from '../../infra/http/views';
import type { BillingBlock } from './billing-block';

const Usd = z.literal('USD');

/** The `billing` object of a billed answer: what it cost and the balance after the charge. */
export const BillingBlockView = z.object({ cost_usd: usd, balance_usd: usd, currency: Usd }) satisfies z.ZodType<BillingBlock>;

export const BalanceView = z.object({ object: z.literal('balance'), balance_usd: usd, currency: Usd, account_id: z.string() });

const TopupQuote = { amount_usd: usd, bonus_percent: z.number(), bonus_usd: usd, total_usd: usd };
export const TopupPackagesView = z.object({
  object: z.literal('list'),
  currency: Usd,
  packages: z.array(z.object({ slug: z.string(), name: z.string(), currency: Usd, ...TopupQuote })),
  bonus_tiers: z.array(z.object({ min_usd: usd, bonus_percent: z.number() })).describe('The highest rung not above the amount applies to the whole amount'),
  min_usd: usd,
  max_usd: usd,
});
export type TopupPackagesView = z.output<typeof TopupPackagesView>;

export const TopupView = z.object({
  object: z.literal('wallet_topup'),
  id: z.string().describe("The payment's id at the gateway"),
  status: z.literal('succeeded'),
  package: z.string().nullable(),
  amount_usd: usd,
  bonus_percent: z.number(),
  bonus_usd: usd,
  total_credited_usd: usd,
  balance_usd: usd,
  currency: Usd,
  gateway: z.string(),
  transactions: z.array(z.string()).describe('The ledger entries written (txn_…): the top-up and its bonus'),
});
export type TopupView = z.output<typeof TopupView>;

/** 202 from a Stripe top-up the customer must complete on Stripe's Checkout page (or a payment still processing). */
export const TopupPendingView = z.object({
  object: z.literal('wallet_topup'),
  id: z.string().describe('The Checkout session (cs_…), or the PaymentIntent (pi_…) of a payment still processing'),
  status: z.literal('pending'),
  checkout_url: z.string().nullable().describe("Stripe's Checkout page to pay on; null while a payment is processing"),
  expires_at: isoTime.nullable().describe('When the Checkout page expires'),
  package: z.string().nullable(),
  amount_usd: usd,
  bonus_percent: z.number(),
  bonus_usd: usd,
  total_credited_usd: usd.describe('What the wallet will receive once Stripe confirms the payment'),
  currency: Usd,
  gateway: z.string(),
});
export type TopupPendingView = z.output<typeof TopupPendingView>;

export const PaymentMethodSetupView = z.object({
  object: z.literal('payment_method_setup'),
  id: z.string().describe('The Checkout session (setup mode)'),
  checkout_url: z.string().describe('Stripe page where the card is saved; it becomes the default for later top-ups'),
  expires_at: isoTime,
});

const LegQuote = z.object({ leg: z.string(), unit: z.string(), quantity: z.number(), rate_usd: usd, amount_usd: usd });
export const EstimateView = z.object({
  object: z.literal('billing_estimate'),
  currency: Usd,
  billing_model: z.literal('prepaid_wallet_usd'),
  total_usd: usd,
  provider_cost_usd: usd,
  margin: usd,
  balance_usd: usd,
  sufficient: z.boolean().describe('With an unpriced operation, only that the wallet is not empty'),
  priced: z.boolean(),
  total_credits: z.null().describe('Deprecated; always null'),
  breakdown: z.array(
    z.object({
      type: z.string(),
      model: z.string(),
      count: z.number().int(),
      priced: z.boolean(),
      unit: z.string().nullable(),
      amount_usd: usd.nullable(),
      provider_cost_usd: usd.nullable(),
      pricing_verified: z.boolean(),
      reason: z.string().optional().describe('Why an operation has no price'),
      breakdown: z.array(LegQuote),
    }),
  ),
});
export type EstimateView = z.output<typeof EstimateView>;

export const PricingView = z.object({
  object: z.literal('pricing'),
  currency: Usd,
  billing_model: z.literal('prepaid_wallet_usd'),
  margin_percent: z.number(),
  operations: z.array(
    z.object({
      type: z.string(),
      model: z.string(),
      unit: z.string(),
      pricing_verified: z.boolean(),
      legs: z.array(z.object({ leg: z.string(), unit: z.string(), rate_usd: usd, provider_cost_usd: usd })),
    }),
  ),
  storage: z.object({ price_per_gb_monthly: z.string(), price_per_gb_hourly: z.string(), currency: Usd, source: z.string() }).describe('Decimal strings, so no float rounding shows'),
});

export const TransactionView = z.object({
  id: z.string(),
  object: z.literal('transaction'),
  type: z.enum(['charge', 'refund', 'topup', 'bonus', 'adjustment']),
  label: z.string(),
  operation: z.string(),
  amount_usd: usd.describe('Negative for charges'),
  balance_after_usd: usd,
  currency: Usd,
  reference: z.string().nullable().describe('For a refund: the operation id of the charge it reverses'),
  metadata: z.record(z.string(), z.unknown()),
  created_at: isoTime,
});
export const TransactionListView = listOf(TransactionView, offsetPage);
