import { z } from 'zod';

/**
 * Stripe settings, read from the same environment as `loadConfig` (blank values already removed).
 * Used only when `ATELIER_TOPUP_GATEWAY=stripe`; start-up then refuses to run without the secret key
 * and the webhook signing secret, naming the missing setting.
 */
const stripeEnv = z.object({
  /** The secret API key (sk_live_… or sk_test_…; a restricted key with PaymentIntents, Customers and Checkout write works too). */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** The signing secret of the webhook endpoint (whsec_…), shown in Stripe's dashboard for that endpoint. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where the Stripe API lives (https://api.stripe.com); tests point it at a local stripe-mock. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
});

/** The environment names this part of the configuration reads. */
export const STRIPE_SETTINGS: readonly string[] = Object.keys(stripeEnv.shape);

export interface StripeConfig {
  secretKey?: string;
  webhookSecret?: string;
  apiBase: string;
}

export function loadStripeConfig(source: Record<string, string | undefined>): StripeConfig {
  const e = stripeEnv.parse(Object.fromEntries(Object.entries(source).filter(([k]) => k.startsWith('STRIPE_'))));
  return { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE.replace(/\/+$/, '') };
}

/** The settings `ATELIER_TOPUP_GATEWAY=stripe` cannot run without, in the order they are reported. */
export function missingStripeSettings(c: StripeConfig): string[] {
  return [...(c.secretKey ? [] : ['STRIPE_SECRET_KEY']), ...(c.webhookSecret ? [] : ['STRIPE_WEBHOOK_SECRET'])];
}
