// Connection tests for the providers nodes use through credential slots (redis, s3, smtp, mqtt,
// rabbitmq, nats, jwt, the SaaS APIs). Each probe connects the way the nodes do — through the same
// helpers, with the connection bound to the slot named after its provider — so a connection that
// works in a run passes its test. A probe answers `valid: true` when the provider accepted the
// credential, `false` when it refused it or cannot be reached, and `null` when it accepted the
// credential but this check cannot tell more (a permission the probe lacks, not the node).
import { ListBucketsCommand, ListObjectsV2Command, S3ServiceException } from '@aws-sdk/client-s3';
import { amqpTarget, connectAmqp, connectMqtt, mqttTarget } from './clients/brokers';
import { credential, optionalField, requireField } from './clients/credentials';
import { signingKey } from './clients/jwt-keys';
import { withNats } from './clients/nats';
import { withRedis } from './clients/redis';
import { s3Client, s3Error } from './clients/s3';
import { smtpTransport } from './clients/smtp';
import type { Deps } from '../../deps';
import type { EngineConnection } from '../../infra/db/schema/index';
import { safeFetch } from '../../infra/net/safe-fetch';
import type { NodeContext } from '../contract/types';

export interface ProbeResult {
  valid: boolean | null;
  message: string;
}

type Probe = (ctx: NodeContext, slot: string) => Promise<ProbeResult>;

const ok = (message: string): ProbeResult => ({ valid: true, message });
const refused = (message: string): ProbeResult => ({ valid: false, message });

/** A node context that resolves `slot` to this connection and nothing else: what a node would see. */
export function probeContext(deps: Pick<Deps, 'config'>, row: EngineConnection, secret: string, slot: string, signal: AbortSignal): NodeContext {
  const resolved = { connection_id: row.id, provider: row.provider, name: row.name, metadata: row.metadata, secret };
  return {
    runId: 'connection-test', accountId: row.account_id, workflowId: '', nodeId: 'connection-test', attempt: 1, sandbox: false, variables: {},
    log: () => undefined, heartbeat: () => undefined, checkpoint: undefined, signal,
    charge: () => Promise.reject(new Error('a connection test is never charged')),
    allowPrivateNetwork: deps.config.allowPrivateNetwork, credentials: { slots: () => [slot], get: () => Promise.resolve(resolved) },
  };
}

// ── Services ────────────────────────────────────────────────────────────────────────────────────

const redis: Probe = (ctx) => withRedis(ctx, undefined, async (r) => ok(`Redis answered PING with ${await r.ping()}`));

const nats: Probe = (ctx) => withNats(ctx, undefined, async (nc) => {
  await nc.flush();
  return ok(`Connected to NATS ${nc.getServer()}; a round trip succeeded`);
});

const rabbitmq: Probe = async (ctx) => {
  const conn = await connectAmqp(await amqpTarget(ctx, undefined));
  try {
    const ch = await conn.createChannel();
    await ch.close();
    return ok('Connected to the AMQP broker and opened a channel');
  } finally {
    await conn.close().catch(() => undefined);
  }
};

const mqtt: Probe = async (ctx) => {
  const client = await connectMqtt(await mqttTarget(ctx, undefined));
  await client.endAsync().catch(() => undefined);
  return ok('Connected to the MQTT broker (CONNACK accepted)');
};

const smtp: Probe = async (ctx) => {
  const { transport } = await smtpTransport(ctx, undefined);
  try {
    await transport.verify();
    return ok('The SMTP server accepted the connection and the login');
  } finally {
    transport.close();
  }
};

/** Errors S3 gives a request whose signature it accepted but whose operation the key may not do. */
const S3_NOT_PERMITTED = new Set(['AccessDenied', 'AllAccessDisabled', 'NoSuchBucket']);

const s3: Probe = async (ctx, slot) => {
  const cred = await credential(ctx, slot, undefined);
  const bucket = optionalField(cred, ['bucket']);
  const h = await s3Client(ctx, undefined);
  try {
    if (bucket) await h.client.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 1 }), { abortSignal: ctx.signal });
    else await h.client.send(new ListBucketsCommand({}), { abortSignal: ctx.signal });
    return ok(bucket ? `Listed bucket ${bucket}` : 'Listed buckets');
  } catch (err) {
    if (err instanceof S3ServiceException && S3_NOT_PERMITTED.has(err.name)) {
      return { valid: null, message: `The key was accepted, but ${bucket ? `listing bucket ${bucket}` : 'listing buckets'} answered ${err.name}: nodes that use other buckets or operations may still work (set metadata.bucket to test one bucket)` };
    }
    throw s3Error(err, h);
  } finally {
    h.client.destroy();
  }
};

/** HS* keys need a secret of 16+ characters; RS256/ES256/EdDSA a private (or public, to verify) key that imports. */
const jwt: Probe = async (ctx, slot) => {
  const cred = await credential(ctx, slot, undefined);
  const named = optionalField(cred, ['algorithm', 'alg']);
  const purpose = cred.private_key !== undefined ? 'sign' : cred.public_key !== undefined ? 'verify' : null;
  if (!purpose || named?.startsWith('HS')) {
    await signingKey('HS256', cred, 'sign');
    return ok('The HMAC secret is long enough for HS256/HS384/HS512');
  }
  const candidates = named ? [named] : ['RS256', 'ES256', 'EdDSA'];
  let last: unknown;
  for (const alg of candidates) {
    try {
      await signingKey(alg, cred, purpose);
      return ok(`The ${purpose === 'sign' ? 'private' : 'public'} key imports for ${alg}`);
    } catch (err) {
      last = err;
    }
  }
  throw last;
};

// ── SaaS APIs: a "who am I" request with the token, as the nodes send it ──────────────────────

interface WhoAmI {
  base: string | null;
  request(cred: Record<string, unknown>, slot: string): { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: unknown };
  /** Some APIs answer 200 with `ok: false`. */
  accepted?(body: unknown): boolean;
}

const token = (cred: Record<string, unknown>, slot: string) => requireField(cred, ['token', 'access_token', 'secret'], slot);
const bearer = (path: string, extra: Record<string, string> = {}) => (cred: Record<string, unknown>, slot: string) =>
  ({ method: 'GET' as const, path, headers: { authorization: `Bearer ${token(cred, slot)}`, ...extra } });
const okField = (body: unknown) => typeof body === 'object' && body !== null && (body as { ok?: unknown }).ok === true;

const SAAS: Record<string, WhoAmI> = {
  slack: { base: 'https://slack.com', request: (c, s) => ({ method: 'POST', path: '/api/auth.test', headers: { authorization: `Bearer ${token(c, s)}` } }), accepted: okField },
  github: { base: 'https://api.github.com', request: bearer('/user', { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' }) },
  notion: { base: 'https://api.notion.com', request: bearer('/v1/users/me', { 'notion-version': '2022-06-28' }) },
  airtable: { base: 'https://api.airtable.com', request: bearer('/v0/meta/whoami') },
  linear: {
    base: 'https://api.linear.app',
    request: (c, s) => ({ method: 'POST', path: '/graphql', headers: { authorization: token(c, s) }, body: { query: '{ viewer { id } }' } }),
    accepted: (b) => typeof b === 'object' && b !== null && !(b as { errors?: unknown }).errors,
  },
  telegram: { base: 'https://api.telegram.org', request: (c, s) => ({ method: 'GET', path: `/bot${token(c, s)}/getMe` }), accepted: okField },
  trello: {
    base: 'https://api.trello.com',
    request: (c, s) => ({ method: 'GET', path: '/1/members/me', headers: { authorization: `OAuth oauth_consumer_key="${requireField(c, ['key', 'api_key'], s)}", oauth_token="${requireField(c, ['token', 'secret'], s)}"` } }),
  },
  jira: {
    base: null,
    request: (c, s) => ({ method: 'GET', path: '/rest/api/3/myself', headers: { authorization: `Basic ${Buffer.from(`${requireField(c, ['email', 'username'], s)}:${requireField(c, ['token', 'secret'], s)}`).toString('base64')}` } }),
  },
  x: { base: 'https://api.x.com', request: bearer('/2/users/me') },
  linkedin: { base: 'https://api.linkedin.com', request: bearer('/v2/userinfo') },
  mastodon: { base: null, request: bearer('/api/v1/accounts/verify_credentials') },
  bluesky: {
    base: 'https://bsky.social',
    request: (c, s) => ({ method: 'POST', path: '/xrpc/com.atproto.server.createSession', body: { identifier: requireField(c, ['identifier', 'handle'], s), password: requireField(c, ['app_password', 'password', 'secret'], s) } }),
  },
};

function saasProbe(api: WhoAmI): Probe {
  return async (ctx, slot) => {
    const cred = await credential(ctx, slot, undefined);
    const base = (optionalField(cred, ['base_url']) ?? api.base)?.replace(/\/+$/, '');
    if (!base) return refused(`A ${slot} connection needs metadata.base_url (your site or instance)`);
    return whoAmI(ctx, base, api.request(cred, slot), api.accepted);
  };
}

/** One request to an API's identity endpoint: 401 refused, 403 undecided, 2xx (and `accepted`) valid. */
async function whoAmI(ctx: NodeContext, base: string, req: ReturnType<WhoAmI['request']>, accepted?: WhoAmI['accepted']): Promise<ProbeResult> {
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'Atelier-Workflow/1.0', ...req.headers };
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  const res = await safeFetch(`${base}${req.path}`, { method: req.method, headers, body: req.body === undefined ? undefined : JSON.stringify(req.body), signal: ctx.signal, timeoutMs: 10_000, maxBytes: 256 * 1024 },
    { allowPrivateNetwork: ctx.allowPrivateNetwork });
  let body: unknown = null;
  try {
    body = JSON.parse(res.body.toString('utf8')) as unknown;
  } catch { /* not JSON */ }
  const where = new URL(base).origin;
  if (res.status === 401) return refused(`HTTP 401 from ${where}: the credential was refused`);
  if (res.status === 403) return { valid: null, message: `HTTP 403 from ${where}: the credential was accepted but may not read its own identity; the nodes' calls may still be allowed` };
  if (res.status < 200 || res.status >= 300) return refused(`HTTP ${res.status} from ${where}`);
  if (accepted && !accepted(body)) return refused(`${where} refused the credential${typeof (body as { error?: unknown })?.error === 'string' ? ` (${(body as { error: string }).error})` : ''}`);
  return ok(`HTTP ${res.status} from ${where}: the credential was accepted`);
}

/** A Discord webhook URL answers GET with the webhook's own record, without posting anything. */
const discord: Probe = async (ctx, slot) => {
  const url = new URL(requireField(await credential(ctx, slot, undefined), ['webhook_url', 'url', 'secret'], slot));
  return whoAmI(ctx, url.origin, { method: 'GET', path: url.pathname });
};

/** Probes by provider name; the connection is bound to the slot of that name (`amqp` also to `rabbitmq`). */
export const PROBES: Record<string, { slot: string; probe: Probe }> = {
  redis: { slot: 'redis', probe: redis },
  s3: { slot: 's3', probe: s3 },
  smtp: { slot: 'smtp', probe: smtp },
  mqtt: { slot: 'mqtt', probe: mqtt },
  rabbitmq: { slot: 'rabbitmq', probe: rabbitmq },
  amqp: { slot: 'rabbitmq', probe: rabbitmq },
  nats: { slot: 'nats', probe: nats },
  jwt: { slot: 'jwt', probe: jwt },
  discord: { slot: 'discord', probe: discord },
  ...Object.fromEntries(Object.entries(SAAS).map(([name, api]) => [name, { slot: name, probe: saasProbe(api) }])),
};

/** Providers nodes use that no probe can check from here, and why. */
export const UNTESTABLE: Record<string, string> = {
  google_sheets: 'Google access tokens are short-lived and scoped per spreadsheet; a run reports whether the token is accepted',
};
