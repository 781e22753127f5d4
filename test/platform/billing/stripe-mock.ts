// stripe-mock for the Stripe top-up tests, started through scripts/stripe-mock.sh (which builds the
// pinned binary when it is missing), and a loopback relay in front of the mocks: it records every
// request Atelier sends Stripe and forwards it to the mock the test chose. stripe-mock is stateless
// and answers fixtures, so each behaviour of Stripe's that a test needs is a mock of its own: the
// bundled fixtures (a customer with no saved payment method), a customer whose saved card pays
// off-session, and one whose card needs the customer (3-D Secure).
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Stripe from 'stripe';

const exec = promisify(execFile);
const script = resolve(import.meta.dirname, '../../../scripts/stripe-mock.sh');

export interface StripeMock {
  base: string;
  stop(): Promise<void>;
}

/** Starts one stripe-mock on a free loopback port (fixtures: a JSON file, or the bundled ones). */
export async function startStripeMock(dataDir: string, fixtures?: Record<string, unknown>, name = 'stock'): Promise<StripeMock> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, ATELIER_DATA_DIR: dataDir, STRIPE_MOCK_ADDRESS: `127.0.0.1:${port}` };
  if (fixtures) {
    const file = join(dataDir, `fixtures-${name}.json`);
    writeFileSync(file, JSON.stringify({ resources: fixtures }));
    env.STRIPE_MOCK_FIXTURES = file;
  }
  // The first build (go install) takes minutes; later starts take a second or two.
  try {
    await exec(script, ['--background'], { env, timeout: 600_000 });
  } catch (err) {
    // A server that started but never answered is still running: stop it by its pid file.
    await exec(script, ['--stop'], { env, timeout: 30_000 }).catch(() => undefined);
    throw err;
  }
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      await exec(script, ['--stop'], { env, timeout: 30_000 });
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => ok(port));
    });
  });
}

/** Fixtures: the account's Stripe customer has a saved default card, PaymentIntents end `status`, a SetupIntent saved the card. */
export function savedCardFixtures(status: 'succeeded' | 'requires_action'): Record<string, unknown> {
  return {
    customer: {
      id: 'cus_fixture', object: 'customer', created: 1_700_000_000, email: null, livemode: false, metadata: {},
      invoice_settings: { custom_fields: null, default_payment_method: 'pm_card_saved', footer: null, rendering_options: null },
    },
    payment_intent: {
      id: 'pi_fixture', object: 'payment_intent', amount: 1000, amount_received: status === 'succeeded' ? 1000 : 0, currency: 'usd',
      customer: null, livemode: false, metadata: {}, payment_method: null, status, created: 1_700_000_000,
    },
    setup_intent: {
      id: 'seti_fixture', object: 'setup_intent', status: 'succeeded', payment_method: 'pm_card_saved', customer: null, livemode: false, metadata: {}, created: 1_700_000_000, usage: 'off_session',
    },
    'checkout.session': {
      id: 'cs_test_fixture', object: 'checkout.session', mode: 'payment', url: 'https://checkout.stripe.com/c/pay/cs_test_fixture',
      expires_at: 1_900_000_000, status: 'open', payment_status: 'unpaid', metadata: {}, client_reference_id: null, livemode: false,
    },
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The form body, decoded (Stripe's API takes application/x-www-form-urlencoded). */
  form: URLSearchParams;
}

export interface StripeRelay {
  base: string;
  /** The mock requests go to now. */
  target: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A loopback HTTP relay: records each request, forwards it to `relay.target`. */
export async function startRelay(initial: string): Promise<StripeRelay> {
  const relay: StripeRelay = { base: '', target: initial, requests: [], close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      relay.requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, form: new URLSearchParams(body.toString('utf8')) });
      const target = new URL(relay.target);
      const out = request(
        { host: target.hostname, port: Number(target.port), method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
        (upstream) => {
          res.writeHead(upstream.statusCode ?? 502, upstream.headers);
          upstream.pipe(res);
        },
      );
      out.on('error', () => res.destroy());
      out.end(body);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  relay.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  relay.close = () => new Promise((ok) => server.close(() => ok()));
  return relay;
}

/** Signs a webhook event as Stripe does (the SDK's test helper), `ageS` seconds in the past. */
export function signedEvent(secret: string, event: Record<string, unknown>, ageS = 0): { body: string; signature: string } {
  const body = JSON.stringify(event);
  const signer = new Stripe('sk_test_123', { apiVersion: '2026-08-26.dahlia' });
  const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: Math.floor(Date.now() / 1000) - ageS });
  return { body, signature };
}

let eventSeq = 0;
/** A Stripe event envelope around `object`. */
export function stripeEvent(type: string, object: Record<string, unknown>): Record<string, unknown> {
  eventSeq += 1;
  return {
    id: `evt_test_${Date.now().toString(36)}_${eventSeq}`, object: 'event', api_version: '2026-08-26.dahlia', created: Math.floor(Date.now() / 1000),
    livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object },
  };
}
