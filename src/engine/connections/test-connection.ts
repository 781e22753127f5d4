// POST /v1/connections/{id}/test → {valid, tested, latency_ms, message}: a real round trip with the
// stored credential — an authenticated request for HTTP providers (SSRF-safe fetch), a connection
// and `select 1` for databases, and for the providers nodes use through slots (redis, s3, smtp,
// mqtt, rabbitmq, nats, jwt, SaaS APIs) the probes in probes.ts. A provider nothing can test
// answers `tested: false, valid: null` with the reason, never `valid: false`. Messages never quote
// the secret.
import pg from 'pg';
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { EngineConnection } from '../../infra/db/schema/index';
import { safeFetch } from '../../infra/net/safe-fetch';
import { openSecret } from '../../platform/webhooks/secret-box';
import { checkedAddress } from './resolve-host';
import { httpAuth } from './http-auth';
import { PROBES, probeContext, UNTESTABLE } from './probes';
import { isKnownProvider, PROVIDER_METADATA } from './service';

const TEST_TIMEOUT_MS = 10_000;

export const ConnectionTestResult = z.object({
  valid: z.boolean().nullable().describe('null: the provider could not be tested, or accepted the credential without telling more'),
  tested: z.boolean().describe('Whether a round trip to the provider was made'),
  latency_ms: z.number(),
  message: z.string(),
});
export type ConnectionTestResult = z.output<typeof ConnectionTestResult>;

/** Scrubs the secret out of a driver's error message, just in case it echoes it. */
const scrub = (message: string, secret: string) => (secret ? message.split(secret).join('[redacted]') : message);

export async function testConnection(deps: Deps, row: EngineConnection): Promise<ConnectionTestResult> {
  const secret = openSecret(deps.config.encryptionKey, row.secret_sealed);
  const started = performance.now();
  const done = (valid: boolean | null, message: string, tested = true): ConnectionTestResult => ({ valid, tested, latency_ms: Math.round(performance.now() - started), message: scrub(message, secret) });
  const allowPrivateNetwork = deps.config.allowPrivateNetwork;
  const probe = PROBES[row.provider];
  if (!isKnownProvider(row.provider) && !probe) {
    const why = UNTESTABLE[row.provider] ?? `no test exists for provider "${row.provider}"`;
    return done(null, `This connection cannot be tested: ${why}. Testable providers: ${[...Object.keys(PROVIDER_METADATA), ...Object.keys(PROBES)].sort().join(', ')}.`, false);
  }
  try {
    if (probe) {
      const signal = AbortSignal.timeout(TEST_TIMEOUT_MS * 2);
      const result = await probe.probe(probeContext(deps, row, secret, probe.slot, signal), probe.slot);
      return done(result.valid, result.message);
    }
    if (row.provider === 'http') {
      const meta = PROVIDER_METADATA.http.parse(row.metadata);
      const { url, headers } = httpAuth(meta, secret, meta.test_path);
      const res = await safeFetch(url, { method: 'GET', headers, timeoutMs: TEST_TIMEOUT_MS, maxBytes: 64 * 1024 }, { allowPrivateNetwork });
      if (res.status >= 200 && res.status < 300) return done(true, `HTTP ${res.status} from ${new URL(url).origin}`);
      if (res.status === 401 || res.status === 403) return done(false, `HTTP ${res.status}: the credential was refused`);
      return done(false, `HTTP ${res.status} from ${new URL(url).origin}`);
    }
    if (row.provider === 'postgres') {
      const meta = PROVIDER_METADATA.postgres.parse(row.metadata);
      const address = await checkedAddress(meta.host, { allowPrivateNetwork });
      const client = new pg.Client({
        host: address, port: meta.port, database: meta.database, user: meta.user, password: secret,
        ssl: meta.ssl ? { servername: meta.host } : false, connectionTimeoutMillis: TEST_TIMEOUT_MS, query_timeout: TEST_TIMEOUT_MS,
      });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('select 1');
        return done(true, `Connected to ${meta.host}:${meta.port}/${meta.database} as ${meta.user}; select 1 succeeded`);
      } finally {
        await client.end().catch(() => undefined);
      }
    }
    const meta = PROVIDER_METADATA.mysql.parse(row.metadata);
    const address = await checkedAddress(meta.host, { allowPrivateNetwork });
    const mysql = await import('mysql2/promise');
    const conn = await mysql.createConnection({
      host: address, port: meta.port, database: meta.database, user: meta.user, password: secret,
      ssl: meta.ssl ? {} : undefined, connectTimeout: TEST_TIMEOUT_MS,
    });
    try {
      await conn.query('select 1');
      return done(true, `Connected to ${meta.host}:${meta.port}/${meta.database} as ${meta.user}; select 1 succeeded`);
    } finally {
      await conn.end().catch(() => undefined);
    }
  } catch (err) {
    return done(false, err instanceof Error ? err.message : String(err));
  }
}
