import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey, hashApiKey, isWellFormedKey, KEY_LENGTH, maskApiKey } from '../../src/platform/auth/api-keys';
import { issueSessionToken } from '../../src/platform/auth/sessions';
import { bootstrap } from '../../src/platform/accounts/bootstrap';
import { loadConfig, ConfigError } from '../../src/config';
import { migrateToLatest } from '../../src/infra/db/migrate';
import { migrations } from '../../src/infra/db/migrations/index';
import { startStack, type TestStack } from '../helpers/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

describe('API keys', () => {
  it('have the documented format: prefix and 48 characters', () => {
    for (const kind of ['live', 'test', 'bucket'] as const) {
      const key = generateApiKey(kind);
      expect(key).toHaveLength(KEY_LENGTH);
      expect(isWellFormedKey(key)).toBe(true);
    }
    expect(generateApiKey('live')).toMatch(/^svc_live_[A-Za-z0-9]{39}$/);
    expect(generateApiKey('test')).toMatch(/^svc_test_[A-Za-z0-9]{39}$/);
    expect(generateApiKey('bucket')).toMatch(/^svc_bkt_live_[A-Za-z0-9]{35}$/);
  });

  it('are stored only as a hash and a masked prefix', async () => {
    const rows = await stack.atelier.deps.db.selectFrom('api_keys').selectAll().execute();
    const row = rows.find((r) => r.key_hash === hashApiKey(stack.adminKey))!;
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(stack.adminKey);
    expect(row.prefix).toBe(maskApiKey(stack.adminKey));
    expect(row.prefix).not.toBe(stack.adminKey);
  });
});

describe('authentication', () => {
  const authError = (code: string, message: string) => ({ error: { code, message, type: 'authentication_error' } });

  it('401 without an Authorization header', async () => {
    const r = await stack.api('GET', '/v1/billing/balance', { key: null });
    expect(r.status).toBe(401);
    expect(r.body).toEqual(authError('authentication_required', 'Missing Authorization header'));
  });

  it('401 for unknown, malformed and non-Bearer credentials', async () => {
    for (const headers of [
      { authorization: `Bearer ${generateApiKey('live')}` },
      { authorization: 'Bearer svc_live_short' },
      { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    ]) {
      const r = await stack.api('GET', '/v1/billing/balance', { key: null, headers });
      expect(r.status).toBe(401);
      expect(r.body).toEqual(authError('invalid_api_key', 'Invalid API key'));
    }
  });

  it('401 at once for a revoked key, and for an expired one', async () => {
    const { key } = await stack.newAccount();
    expect((await stack.api('GET', '/v1/billing/balance', { key })).status).toBe(200);
    await stack.atelier.deps.db.updateTable('api_keys').set({ revoked_at: new Date() }).where('key_hash', '=', hashApiKey(key)).execute();
    const revoked = await stack.api('GET', '/v1/billing/balance', { key });
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.code).toBe('invalid_api_key');

    const other = await stack.newAccount();
    await stack.atelier.deps.db.updateTable('api_keys').set({ expires_at: new Date(Date.now() - 1000) }).where('key_hash', '=', hashApiKey(other.key)).execute();
    const expired = await stack.api('GET', '/v1/billing/balance', { key: other.key });
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('invalid_api_key');
  });

  it('accepts a session token and refuses a forged one', async () => {
    const token = await issueSessionToken(stack.config.sessionSecret, { accountId: stack.accountId });
    expect((await stack.api('GET', '/v1/billing/balance', { key: token })).status).toBe(200);
    const forged = await issueSessionToken('not-the-secret', { accountId: stack.accountId });
    expect((await stack.api('GET', '/v1/billing/balance', { key: forged })).status).toBe(401);
  });

  it('serves each account only its own data', async () => {
    const a = await stack.newAccount({ balanceUsd: 7 });
    const r = await stack.api('GET', '/v1/billing/balance', { key: a.key });
    expect(r.body.account_id).toBe(a.accountId);
    expect(r.body.balance_usd).toBe(7);
  });
});

describe('bootstrap and migrations', () => {
  it('created the bootstrap account with the configured key and balance, once', async () => {
    const r = await stack.api('GET', '/v1/billing/balance');
    expect(r.body.balance_usd).toBe(100);
    const again = await bootstrap(stack.atelier.deps.db, stack.config);
    expect(again.createdKey).toBeUndefined();
    expect(again.accountId).toBeUndefined();
  });

  it('refuses to start with a malformed bootstrap key', async () => {
    const config = { ...stack.config, bootstrap: { ...stack.config.bootstrap, key: 'svc_live_tooshort' } };
    await expect(bootstrap(stack.atelier.deps.db, config)).rejects.toThrow(/ATELIER_BOOTSTRAP_KEY is malformed/);
  });

  it('migrated from empty, recorded every migration, and is a no-op the second time', async () => {
    const db = stack.atelier.deps.db;
    const applied = await db.selectFrom('kysely_migration' as never).select('name' as never).execute();
    expect(applied.map((r) => (r as { name: string }).name)).toEqual(Object.keys(migrations));
    const second = await migrateToLatest(db);
    expect(second.results).toEqual([]);
  });
});

describe('config', () => {
  it('requires secrets in production and rejects bad values', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ATELIER_DATA_DIR: '/tmp/atelier-cfg-test' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc', ATELIER_DATA_DIR: '/tmp/atelier-cfg-test' })).toThrow(/PORT/);
    expect(() => loadConfig({ ATELIER_ROLE: 'both', ATELIER_DATA_DIR: '/tmp/atelier-cfg-test' })).toThrow(/ATELIER_ROLE/);
    const c = loadConfig({ ATELIER_DATA_DIR: '/tmp/atelier-cfg-test' });
    expect(c.port).toBe(3000);
    expect(c.temporal).toMatchObject({ address: '127.0.0.1:7233', namespace: 'default' });
    expect(c.role).toBe('all');
    expect(c.bootstrap.balanceUsd).toBe(100);
    expect(c.allowPrivateNetwork).toBe(false);
    expect(c.encryptionKey).toHaveLength(32);
    // Generated development secrets are kept and reused.
    expect(loadConfig({ ATELIER_DATA_DIR: '/tmp/atelier-cfg-test' }).sessionSecret).toBe(c.sessionSecret);
  });

  it('keeps a fresh data dir traversable and only the secrets folder private', () => {
    const fresh = `/tmp/atelier-cfg-fresh-${process.pid}-${Date.now()}/data`;
    loadConfig({ ATELIER_DATA_DIR: fresh });
    // As root, embedded PostgreSQL's initdb runs as another OS user that must reach <dataDir>/pg.
    expect(statSync(fresh).mode & 0o005).toBe(0o005);
    expect(statSync(`${fresh}/secrets`).mode & 0o077).toBe(0);
  });
});
