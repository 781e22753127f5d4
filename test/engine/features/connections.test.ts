// Connections: the secret is sealed at rest and never comes back — not in a response, a log line,
// a run event, or the Temporal history of a run whose node used it; `test` really connects (an
// authenticated HTTP request, a Postgres or MySQL connection and `select 1`).
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedAddress } from '../../../src/engine/connections/resolve-host';
import { startStack, type TestStack } from '../../helpers/stack';
import { createWorkflow, spec, waitForRun } from '../runs/helpers';

const SECRET = `sk-live-${'q7Zx'.repeat(8)}`;
let stack: TestStack;
let api: Server;
let apiUrl = '';
const captured: string[] = [];
const originalWriteSync = fs.writeSync;
const originalStdout = process.stdout.write.bind(process.stdout);

beforeAll(async () => {
  // Every log line the process writes (pino writes fd 1 synchronously) is kept and checked.
  (fs as { writeSync: typeof fs.writeSync }).writeSync = ((fd: number, data: unknown, ...rest: unknown[]) => {
    if (fd === 1 || fd === 2) captured.push(String(data));
    return (originalWriteSync as (...a: unknown[]) => number)(fd, data, ...rest);
  }) as typeof fs.writeSync;
  process.stdout.write = ((chunk: unknown, ...rest: unknown[]) => {
    captured.push(String(chunk));
    return (originalStdout as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  stack = await startStack({ LOG_LEVEL: 'debug' });
  // A provider API on loopback that accepts only the connection's bearer secret.
  api = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.headers.authorization !== `Bearer ${SECRET}`) {
      res.statusCode = 401;
      res.end(JSON.stringify({ error: 'unauthorized' }));
      return;
    }
    res.end(JSON.stringify({ user: 'ada', path: req.url }));
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', () => r()));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(async () => {
  (fs as { writeSync: typeof fs.writeSync }).writeSync = originalWriteSync;
  process.stdout.write = originalStdout;
  api?.closeAllConnections();
  await new Promise<void>((r) => (api ? api.close(() => r()) : r()));
  await stack?.close();
});

const create = (body: unknown, key?: string) => stack.api('POST', '/engine/v1/v1/connections', { body, key });

describe('connections', () => {
  it('validates with 422 loc, never returns the secret, isolates accounts', async () => {
    const missing = await create({ provider: 'http', name: 'x', metadata: { base_url: apiUrl } });
    expect(missing.status).toBe(422);
    expect(missing.body.detail.map((d: { loc: unknown[] }) => d.loc)).toEqual([['body', 'secret']]);
    const badMeta = await create({ provider: 'http', name: 'x', secret: SECRET, metadata: { base_url: 'ftp://nope' } });
    expect(badMeta.status).toBe(422);
    expect(badMeta.body.detail[0].loc).toEqual(['body', 'metadata', 'base_url']);
    expect(badMeta.text).not.toContain(SECRET);

    const created = await create({ provider: 'http', name: 'Provider API', secret: SECRET, metadata: { base_url: apiUrl, test_path: '/me' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ provider: 'http', name: 'Provider API', has_secret: true, metadata: { base_url: apiUrl, auth_type: 'bearer', test_path: '/me' } });
    expect(created.body.id).toMatch(/^conn_/);
    expect(created.text).not.toContain(SECRET);
    const list = await stack.api('GET', '/engine/v1/v1/connections');
    expect(list.body.data.map((c: { id: string }) => c.id)).toContain(created.body.id);
    expect(list.text).not.toContain(SECRET);
    const row = await stack.atelier.deps.db.selectFrom('engine_connections').select('secret_sealed').where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(row.secret_sealed).toMatch(/^v1:/);
    expect(row.secret_sealed).not.toContain(SECRET);

    const other = await stack.newAccount();
    expect((await stack.api('GET', '/engine/v1/v1/connections', { key: other.key })).body.data).toEqual([]);
    expect((await stack.api('POST', `/engine/v1/v1/connections/${created.body.id}/test`, { key: other.key })).status).toBe(404);
    expect((await stack.api('DELETE', `/engine/v1/v1/connections/${created.body.id}`, { key: other.key })).status).toBe(404);
  });

  it('test makes an authenticated HTTP request: valid with the right secret, invalid with a wrong one', async () => {
    const good = (await create({ provider: 'http', name: 'good', secret: SECRET, metadata: { base_url: apiUrl, test_path: '/me' } })).body;
    const r = await stack.api('POST', `/engine/v1/v1/connections/${good.id}/test`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ valid: true, tested: true, latency_ms: expect.any(Number), message: expect.stringContaining('HTTP 200') });
    const bad = (await create({ provider: 'http', name: 'bad', secret: 'wrong', metadata: { base_url: apiUrl } })).body;
    const refused = (await stack.api('POST', `/engine/v1/v1/connections/${bad.id}/test`)).body;
    expect(refused.valid).toBe(false);
    expect(refused.message).toContain('401');
    expect((await stack.api('GET', '/engine/v1/v1/connections')).body.data.find((c: { id: string }) => c.id === good.id).last_test_valid).toBe(true);
    expect((await stack.api('DELETE', `/engine/v1/v1/connections/${bad.id}`)).status).toBe(200);
  });

  it('test connects to Postgres and MySQL and runs select 1', async () => {
    const pgOk = (await create({ provider: 'postgres', name: 'pg', secret: 'any', metadata: { host: '127.0.0.1', port: 5432, database: 'postgres', user: 'postgres' } })).body;
    expect((await stack.api('POST', `/engine/v1/v1/connections/${pgOk.id}/test`)).body).toMatchObject({ valid: true, message: expect.stringContaining('select 1') });
    const pgBad = (await create({ provider: 'postgres', name: 'pg', secret: 'any', metadata: { host: '127.0.0.1', port: 5432, database: 'no_such_db_here', user: 'postgres' } })).body;
    expect((await stack.api('POST', `/engine/v1/v1/connections/${pgBad.id}/test`)).body.valid).toBe(false);

    const root = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', password: '' });
    await root.query("CREATE USER IF NOT EXISTS 'atelier_conn'@'%' IDENTIFIED BY 'mysql-pass-1'");
    await root.query("GRANT SELECT ON test.* TO 'atelier_conn'@'%'");
    await root.end();
    const my = (await create({ provider: 'mysql', name: 'my', secret: 'mysql-pass-1', metadata: { host: '127.0.0.1', database: 'test', user: 'atelier_conn' } })).body;
    expect((await stack.api('POST', `/engine/v1/v1/connections/${my.id}/test`)).body).toMatchObject({ valid: true });
    const myBad = (await create({ provider: 'mysql', name: 'my', secret: 'wrong-pass', metadata: { host: '127.0.0.1', database: 'test', user: 'atelier_conn' } })).body;
    const refused = (await stack.api('POST', `/engine/v1/v1/connections/${myBad.id}/test`)).body;
    expect(refused.valid).toBe(false);
    expect(refused.message).not.toContain('wrong-pass');
  });

  it('database hosts follow the SSRF rules of user URLs', async () => {
    await expect(checkedAddress('127.0.0.1', { allowPrivateNetwork: false })).rejects.toThrow(/Refusing/);
    await expect(checkedAddress('10.1.2.3', { allowPrivateNetwork: false })).rejects.toThrow(/Refusing/);
    await expect(checkedAddress('127.0.0.1', { allowPrivateNetwork: true })).resolves.toBe('127.0.0.1');
  });

  it('a node resolves its credentials inside the activity: the secret is in no output, event, log line or Temporal history', async () => {
    const conn = (await create({ provider: 'http', name: 'for nodes', secret: SECRET, metadata: { base_url: apiUrl } })).body;
    const wf = await createWorkflow(stack, spec(
      [
        { id: 'start', type: 'trigger.manual' },
        { id: 'call', type: 'integration.connection_request', params: { path: '/v1/me', query: { q: 1 } }, credentials: { connection: conn.id } } as never,
      ],
      [['start', 'call']],
    ));
    const { run_id } = (await stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: wf, input: {} } })).body;
    const run = await waitForRun(stack, run_id);
    expect(run.status).toBe('completed');
    expect(run.node_outputs.call.output.main).toEqual({ status: 200, body: { user: 'ada', path: '/v1/me?q=1' } });

    const texts = [
      JSON.stringify(run),
      (await stack.api('GET', `/engine/v1/v1/runs/${run_id}/events`)).text,
      (await stack.api('GET', `/engine/v1/v1/runs/${run_id}/telemetry`)).text,
      (await stack.api('GET', `/engine/v1/v1/workflows/${wf}`)).text,
    ];
    for (const t of texts) expect(t).not.toContain(SECRET);
    const events = await stack.atelier.deps.db.selectFrom('run_events').select('data').where('run_id', '=', run_id).execute();
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).not.toContain(SECRET);

    const history = await stack.atelier.deps.temporal.workflow.getHandle(run_id).fetchHistory();
    // Payloads travel base64-encoded: decode every one, so a secret cannot hide in an encoding.
    const raw = JSON.stringify(history, (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v));
    const decoded = [...raw.matchAll(/"(?:data|encoding|type)":"([A-Za-z0-9+/=]+)"/g)].map((m) => Buffer.from(m[1]!, 'base64').toString('utf8'));
    const historyText = `${raw}\n${decoded.join('\n')}`;
    expect(historyText).toContain(conn.id);
    expect(historyText).toContain('/v1/me');
    expect(historyText).not.toContain(SECRET);

    // A failing call (wrong credential → the API's 401 body) still keeps the secret out of logs.
    await stack.api('POST', `/engine/v1/v1/connections/${conn.id}/test`);
    const logs = captured.join('');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).toContain(run_id);
    expect(logs).not.toContain(SECRET);
  });
});
