// Connection {provider, name, secret (stored encrypted, never returned), metadata}
// GET/POST /v1/connections, DELETE /v1/connections/{id}, POST …/{id}/test. The secret is
// sealed with AES-256-GCM under the deployment key (secret-box) before it reaches the database and
// is opened only inside an activity (resolver.ts) or a test call; no view, log line, audit diff or
// workflow history carries it.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { EngineConnection } from '../../infra/db/schema/index';
import { validationFailed, zodIssues } from '../../infra/http/errors';
import { sealSecret } from '../../platform/webhooks/secret-box';
import { orNotFound } from '../../infra/db/or-not-found';
import { isoTime, listOf } from '../../infra/http/views';
import { brokerOfProvider, readBrokerSecret, SecretFormError } from './clients/broker-secret';

const Host = z.string().min(1).max(253).regex(/^[A-Za-z0-9.:\-[\]]+$/, 'host must be a host name or IP address');

/** Metadata by provider; unknown providers keep free-form metadata and are not testable. */
export const PROVIDER_METADATA = {
  http: z.object({
    base_url: z.url({ protocol: /^https?$/ }),
    auth_type: z.enum(['bearer', 'header', 'basic', 'query']).default('bearer'),
    /** For auth_type header (default Authorization) or query (default api_key). */
    header_name: z.string().min(1).max(100).optional(),
    query_param: z.string().min(1).max(100).optional(),
    /** For basic: the user name; the secret is the password. */
    username: z.string().max(200).optional(),
    /** Path the test request GETs (default /). */
    test_path: z.string().max(500).default('/'),
  }),
  postgres: z.object({
    host: Host,
    port: z.number().int().min(1).max(65535).default(5432),
    database: z.string().min(1).max(200),
    user: z.string().min(1).max(200),
    ssl: z.boolean().default(false),
  }),
  mysql: z.object({
    host: Host,
    port: z.number().int().min(1).max(65535).default(3306),
    database: z.string().min(1).max(200),
    user: z.string().min(1).max(200),
    ssl: z.boolean().default(false),
  }),
} as const;
export type KnownProvider = keyof typeof PROVIDER_METADATA;
export const isKnownProvider = (p: string): p is KnownProvider => Object.prototype.hasOwnProperty.call(PROVIDER_METADATA, p);

/** A connection as the API shows it: never its secret. */
export const ConnectionView = z.object({
  id: z.string(),
  provider: z.string(),
  name: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  has_secret: z.literal(true),
  last_tested_at: isoTime.nullable(),
  last_test_valid: z.boolean().nullable(),
  created_at: isoTime,
  updated_at: isoTime,
});
export const ConnectionListView = listOf(ConnectionView, { total: z.number().int() });
export const ConnectionDeletedView = z.object({ id: z.string(), deleted: z.literal(true) });

export function connectionView(row: EngineConnection): z.output<typeof ConnectionView> {
  return {
    id: row.id,
    provider: row.provider,
    name: row.name,
    metadata: row.metadata,
    has_secret: true,
    last_tested_at: row.last_tested_at?.toISOString() ?? null,
    last_test_valid: row.last_test_valid,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function normaliseMetadata(provider: string, metadata: Record<string, unknown>): Record<string, unknown> {
  if (!isKnownProvider(provider)) return metadata;
  const parsed = PROVIDER_METADATA[provider].safeParse(metadata);
  if (!parsed.success) throw validationFailed(zodIssues(parsed.error, 'body', { metadata }).map((i) => ({ ...i, loc: ['body', 'metadata', ...i.loc.slice(1)] })));
  return parsed.data as Record<string, unknown>;
}

/**
 * Refuses, when a connection is saved, a secret no client of its provider could use (422 naming the
 * field): a broker connection is read here exactly as its nodes, its test and bucket queue targets
 * read it (readBrokerSecret), so one that saves is one they all understand.
 */
export function checkSecretForm(provider: string, secret: string, metadata: Record<string, unknown>): void {
  const broker = brokerOfProvider(provider);
  if (!broker) return;
  try {
    readBrokerSecret(broker, { metadata, secret }, { saving: true });
  } catch (err) {
    if (!(err instanceof SecretFormError)) throw err;
    const [where, field] = err.loc;
    // No echo of the secret, nor of a URL (it may carry user info).
    const input = where === 'metadata' && field !== undefined && field !== 'url' ? metadata[field] : undefined;
    throw validationFailed([{ type: 'value_error', loc: ['body', ...err.loc], msg: err.message, input }]);
  }
}

export async function createConnection(deps: Deps, accountId: string, input: { provider: string; name: string; secret: string; metadata: Record<string, unknown> }) {
  const metadata = normaliseMetadata(input.provider, input.metadata);
  checkSecretForm(input.provider, input.secret, metadata);
  const row = await deps.db
    .insertInto('engine_connections')
    .values({
      id: `conn_${randomBytes(12).toString('hex')}`,
      account_id: accountId,
      provider: input.provider,
      name: input.name,
      secret_sealed: sealSecret(deps.config.encryptionKey, input.secret),
      metadata: JSON.stringify(metadata),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return connectionView(row);
}

export async function listConnections(deps: Deps, accountId: string, opts: { provider?: string }) {
  let q = deps.db.selectFrom('engine_connections').selectAll().where('account_id', '=', accountId);
  if (opts.provider) q = q.where('provider', '=', opts.provider);
  const rows = await q.orderBy('created_at', 'desc').execute();
  return { object: 'list' as const, data: rows.map(connectionView), total: rows.length };
}

export async function ownedConnection(deps: Deps, accountId: string, id: string): Promise<EngineConnection> {
  return orNotFound(deps.db.selectFrom('engine_connections').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst());
}

export async function deleteConnection(deps: Deps, accountId: string, id: string) {
  await orNotFound(deps.db.deleteFrom('engine_connections').where('id', '=', id).where('account_id', '=', accountId).returning('id').executeTakeFirst());
  return { id, deleted: true as const };
}
