// Credential slots. A node that needs a secret names a slot (`postgres`, `slack`, `s3`…); the
// workflow spec binds the slot to a connection (NodeSpec `credentials: {slot: connection_id}`,
// POST /engine/v1/v1/connections), and the executor resolves it inside the activity through
// `ctx.credentials` (src/engine/connections/resolver.ts). A connection gives its
// `metadata` (host, port, user, base_url…) and its sealed `secret` (a password or token; a JSON
// object secret such as {"access_key_id":…,"secret_access_key":…} is spread into fields).
// When the slot is not bound, a node falls back to the fields in its `credential` param (handy in
// tests and local experiments; a connection keeps the secret out of the stored spec).
// A credential is never emitted on an output port nor written to the node logs.
// Broker slots (redis, rabbitmq, mqtt, nats) read their connection through broker-secret.ts, which
// also takes the broker URL itself as the secret.
import { z } from 'zod';
import type { NodeContext } from '../../contract/types';
import { NodeError } from '../../contract/node-error';
import { isPlainRecord as isRecord } from '../../contract/node-io';

/** Fields that say where a credential is sent: with a bound connection only the connection may set them. */
const DESTINATION_FIELDS = ['host', 'port', 'url', 'endpoint', 'base_url', 'connection_string', 'webhook_url'];

/**
 * A bound connection's secrets and the one origin (scheme, host and port) they may be sent to:
 * the connection's own base_url (or url / webhook_url, or the secret itself when it is a URL), else
 * the API a node calls by default (`connectionHome`). Kept per node execution, off the record.
 */
interface BoundSecrets { slot: string; connectionId: string; secrets: string[]; origin: string | null }
const bound = new WeakMap<NodeContext, BoundSecrets[]>();

function originOf(url: unknown): string | null {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The connection bound to `slot`, as stored: its metadata and opened secret; null when the slot is not bound. */
export interface BoundConnection { connectionId: string; provider: string; metadata: Record<string, unknown>; secret: string }

/**
 * The connection bound to `slot` (null when none is), after the checks every reader needs: the
 * inline params may not point the connection's secret at another address, and the secrets are
 * kept for assertConnectionOrigin. Readers that interpret the secret by form (brokers) start here.
 */
export async function boundConnection(ctx: NodeContext, slot: string, inline: Record<string, unknown> | undefined): Promise<BoundConnection | null> {
  const resolver = ctx.credentials;
  if (!resolver?.slots().includes(slot)) return null;
  const c = await resolver.get(slot);
  const spread = jsonSecret(c.secret);
  const metadata = c.metadata as Record<string, unknown>;
  // The inline fallback may add options, never a destination the connection does not name (the
  // connection's own fields win anyway): its secret would go wherever the author points it.
  const redirect = DESTINATION_FIELDS.find((f) => inline?.[f] !== undefined && metadata[f] === undefined && spread[f] === undefined);
  if (redirect) throw new NodeError(`params.credential.${redirect} cannot be used with the connection bound to the "${slot}" slot: a connection's secret goes only to the address the connection names`, { type: 'connection_origin' });
  const secrets = [c.secret, ...Object.values(spread).filter((v): v is string => typeof v === 'string')].filter((v) => v.length >= 4);
  const origin = originOf(spread.base_url ?? metadata.base_url) ?? originOf(spread.url ?? metadata.url) ?? originOf(spread.webhook_url ?? metadata.webhook_url) ?? originOf(c.secret);
  const list = bound.get(ctx) ?? [];
  if (!list.some((b) => b.slot === slot)) list.push({ slot, connectionId: c.connection_id, secrets, origin });
  bound.set(ctx, list);
  return { connectionId: c.connection_id, provider: c.provider, metadata, secret: c.secret };
}

/** A JSON object secret's fields ({} for any other secret). */
function jsonSecret(secret: string): Record<string, unknown> {
  if (!secret.trim().startsWith('{')) return {};
  try {
    const parsed = JSON.parse(secret) as unknown;
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {}; // a plain secret that happens to start with a brace
  }
}

/** The connection fields for `slot`: the bound connection when there is one, else the inline params. */
export async function credential(ctx: NodeContext, slot: string, inline: Record<string, unknown> | undefined): Promise<Record<string, unknown>> {
  const c = await boundConnection(ctx, slot, inline);
  if (!c) return { ...(inline ?? {}) };
  return { ...(inline ?? {}), ...c.metadata, secret: c.secret, ...jsonSecret(c.secret) };
}

/** For a connection that names no address of its own: the API the node calls by default is its home. */
export function connectionHome(ctx: NodeContext, slot: string, defaultBase: string): void {
  const b = bound.get(ctx)?.find((x) => x.slot === slot);
  if (b && b.origin === null) b.origin = originOf(defaultBase);
}

/**
 * Refuses, before anything is sent, a request that carries a bound connection's secret (listed in
 * `secrets`, or found in the URL, headers or body) to any origin but the connection's own.
 */
export function assertConnectionOrigin(ctx: NodeContext, url: string, secrets: (string | undefined)[], request: { headers?: Record<string, string>; body?: string } = {}): void {
  const list = bound.get(ctx);
  if (!list?.length) return;
  const listed = new Set(secrets.filter((s): s is string => typeof s === 'string'));
  const carried = [url, ...Object.values(request.headers ?? {}), request.body ?? ''].join('\n');
  const target = originOf(url);
  for (const b of list) {
    if (!b.secrets.some((s) => listed.has(s) || carried.includes(s))) continue;
    if (b.origin === null) {
      throw new NodeError(`the connection bound to the "${b.slot}" slot (${b.connectionId}) names no base_url: set it on the connection; its secret is sent only to that address`, { type: 'connection_origin' });
    }
    if (target !== b.origin) {
      throw new NodeError(`refused to send the "${b.slot}" connection's secret to ${target ?? 'that URL'}: the connection (${b.connectionId}) belongs to ${b.origin}, and its secret is sent only there`, { type: 'connection_origin' });
    }
  }
}

/** A string field of a credential (first of `fields` that is set), or a clear error naming the slot, never a value. */
export function requireField(cred: Record<string, unknown>, fields: string[], slot: string): string {
  for (const f of fields) {
    const v = cred[f];
    if (typeof v === 'string' && v.length > 0) return v;
    if (typeof v === 'number') return String(v);
  }
  throw new NodeError(`missing credential: bind a connection to the "${slot}" slot (credentials: {"${slot}": "<connection_id>"}) or set params.credential.${fields[0]}`, { type: 'missing_credential' });
}

/** An optional string field. */
export function optionalField(cred: Record<string, unknown>, fields: string[]): string | undefined {
  for (const f of fields) {
    const v = cred[f];
    if (typeof v === 'string' && v.length > 0) return v;
    if (typeof v === 'number') return String(v);
  }
  return undefined;
}

/** The params field every credential-taking node has: an inline fallback for the slot. */
export const inlineCredential = (fields: string) =>
  z.record(z.string(), z.unknown()).optional()
    .describe(`Fallback when no connection is bound to the node's credentials slot: ${fields}. Prefer a connection — params are stored with the workflow.`);

/** Replaces every occurrence of the secrets in a message (client errors may echo them). */
export function redact(message: string, secrets: (string | undefined)[]): string {
  let out = message;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('***');
  return out;
}
