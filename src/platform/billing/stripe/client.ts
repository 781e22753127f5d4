import Stripe from 'stripe';
import { coded } from '../../../infra/http/errors';
import type { StripeConfig } from './config';

/**
 * The API version every request names. Pinned here rather than left to the SDK or the Stripe
 * account's default, so an SDK upgrade or a dashboard change never alters the objects we read.
 */
export const STRIPE_API_VERSION = '2026-08-26.dahlia';

/** A Stripe client for the configured secret key, pointed at STRIPE_API_BASE. */
export function createStripeClient(config: StripeConfig): Stripe {
  if (!config.secretKey) throw new Error('STRIPE_SECRET_KEY is not set');
  const base = new URL(config.apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    host: base.hostname,
    port: base.port ? Number(base.port) : protocol === 'http' ? 80 : 443,
    protocol,
    // One retry on a network error or a 5xx, with the same idempotency key (ours, or the SDK's own).
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });
}

/** A card Stripe refused for an off-session payment, e.g. one that needs the customer (3-D Secure). */
export function isCardError(err: unknown): err is Stripe.errors.StripeCardError {
  return err instanceof Stripe.errors.StripeCardError;
}

/**
 * Any failure talking to Stripe becomes a 502: nothing was credited by this request. Should Stripe
 * have taken the payment before the failure, its webhook credits it (once). Stripe's own message is
 * not passed on; its error type is.
 */
export function gatewayFailed(err: unknown): Error {
  if (!(err instanceof Stripe.errors.StripeError)) return err instanceof Error ? err : new Error(String(err));
  return coded(502, 'payment_gateway_error', 'The top-up could not be completed with Stripe, and nothing was credited. If Stripe did take the payment, the wallet is credited once Stripe confirms it; a retry with the same X-Idempotency-Key never pays twice.', {
    gateway: 'stripe',
    gateway_error: err.type,
  });
}
