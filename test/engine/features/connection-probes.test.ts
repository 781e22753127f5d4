// POST /v1/connections/{id}/test for every provider nodes use through credential slots, against the
// real local services (Redis, RabbitMQ, Mosquitto, NATS, the shared S3 server) and loopback SMTP
// and SaaS API servers: valid with the right credential, invalid with a wrong one, and
// `tested: false, valid: null` (never `valid: false`) for a provider nothing can test.
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStack, type TestStack } from '../../helpers/stack';
import { createWorkflow, spec, startRun, waitForRun } from '../runs/helpers';

const TOKEN = `xoxb-${'7Kq2'.repeat(6)}`;
let stack: TestStack;
let smtp: SMTPServer;
let smtpPort = 0;
let api: Server;
let apiUrl = '';

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: false, disabledCommands: ['STARTTLS'], allowInsecureAuth: true, logger: false,
    onAuth(auth, _session, cb) { cb(auth.username === 'mailer' && auth.password === 'mail-pass-1' ? null : new Error('bad login'), { user: auth.username }); },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  // Identity endpoints of the SaaS APIs, as the real ones answer them.
  api = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    const auth = req.headers.authorization ?? '';
    const url = req.url ?? '';
    if (url === '/api/auth.test') return void res.end(JSON.stringify(auth === `Bearer ${TOKEN}` ? { ok: true, user: 'bot' } : { ok: false, error: 'invalid_auth' }));
    if (url.startsWith('/bot') && url.endsWith('/getMe')) return void res.end(JSON.stringify(url === `/bot${TOKEN}/getMe` ? { ok: true, result: { id: 1 } } : { ok: false, description: 'Unauthorized' }));
    if (url === '/user') {
      res.statusCode = auth === `Bearer ${TOKEN}` ? 200 : auth === 'Bearer app-installation-token' ? 403 : 401;
      return void res.end(JSON.stringify(res.statusCode === 200 ? { login: 'ada' } : { message: res.statusCode === 403 ? 'Resource not accessible by integration' : 'Bad credentials' }));
    }
    if (url === '/api/webhooks/1/hook-token') return void res.end(JSON.stringify({ id: '1', type: 1 }));
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', () => r()));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  stack = await startStack();
});
afterAll(async () => {
  await new Promise<void>((r) => smtp.close(() => r()));
  api?.closeAllConnections();
  await new Promise<void>((r) => (api ? api.close(() => r()) : r()));
  await stack?.close();
});

async function tested(provider: string, secret: string, metadata: Record<string, unknown> = {}) {
  const created = await stack.api('POST', '/engine/v1/v1/connections', { body: { provider, name: `${provider} test`, secret, metadata } });
  expect(created.status, created.text).toBe(201);
  const r = await stack.api('POST', `/engine/v1/v1/connections/${created.body.id}/test`);
  expect(r.status, r.text).toBe(200);
  expect(JSON.stringify(r.body)).not.toContain(secret);
  return { id: created.body.id as string, ...(r.body as { valid: boolean | null; tested: boolean; message: string; latency_ms: number }) };
}

describe('connection test: services', () => {
  it('redis: PING with the connection, refused when nothing listens; a run with the same connection agrees', async () => {
    const good = await tested('redis', 'any-password', { url: 'redis://127.0.0.1:6379/0' });
    expect(good).toMatchObject({ valid: true, tested: true, message: expect.stringContaining('PONG') });
    expect(await tested('redis', 'any-password', { host: '127.0.0.1', port: 1 })).toMatchObject({ valid: false, tested: true });
    const wf = await createWorkflow(stack, spec(
      [{ id: 'start', type: 'trigger.manual' }, { id: 'put', type: 'integration.redis_set', params: { key: `probe:${good.id}`, value: 'x', ttl_s: 60 }, credentials: { redis: good.id } } as never],
      [['start', 'put']],
    ));
    expect((await waitForRun(stack, (await startRun(stack, wf)).run_id)).status).toBe('completed');
  });

  it('rabbitmq (and amqp): connects and opens a channel; a wrong password is refused', async () => {
    expect(await tested('rabbitmq', 'guest', { url: 'amqp://127.0.0.1:5672/', username: 'guest' })).toMatchObject({ valid: true, tested: true });
    expect(await tested('amqp', 'guest', { url: 'amqp://guest@127.0.0.1:5672/' })).toMatchObject({ valid: true });
    expect(await tested('rabbitmq', 'not-the-password', { url: 'amqp://127.0.0.1:5672/', username: 'guest' })).toMatchObject({ valid: false, tested: true });
  });

  it('mqtt and nats: connect to the local brokers; a closed port is refused', async () => {
    expect(await tested('mqtt', 'mqtt-pass', { url: 'mqtt://127.0.0.1:1883', username: 'atelier' })).toMatchObject({ valid: true, tested: true });
    expect(await tested('mqtt', 'mqtt-pass', { url: 'mqtt://127.0.0.1:1', username: 'atelier' })).toMatchObject({ valid: false });
    expect(await tested('nats', 'nats-pass', { url: 'nats://127.0.0.1:4222' })).toMatchObject({ valid: true, tested: true, message: expect.stringContaining('NATS') });
    expect(await tested('nats', 'nats-pass', { url: 'nats://127.0.0.1:1' })).toMatchObject({ valid: false });
  });

  it('s3: lists with the key (root credentials of the shared S3 server); a wrong secret is refused', async () => {
    const endpoint = inject('s3Endpoint');
    const keys = (secret: string) => JSON.stringify({ access_key_id: process.env.S3_ACCESS_KEY_ID ?? 'atelier-dev-root', secret_access_key: secret });
    const good = await tested('s3', keys(process.env.S3_SECRET_ACCESS_KEY ?? 'atelier-dev-root-secret'), { endpoint, region: 'us-east-1' });
    expect(good).toMatchObject({ valid: true, tested: true, message: 'Listed buckets' });
    expect(await tested('s3', keys('wrong-secret-value-123'), { endpoint })).toMatchObject({ valid: false, tested: true });
  });

  it('smtp: the server accepts the login; a wrong password is refused', async () => {
    expect(await tested('smtp', 'mail-pass-1', { host: '127.0.0.1', port: smtpPort, user: 'mailer' })).toMatchObject({ valid: true, tested: true });
    expect(await tested('smtp', 'wrong-pass-77', { host: '127.0.0.1', port: smtpPort, user: 'mailer' })).toMatchObject({ valid: false, tested: true });
  });

  it('jwt: an HMAC secret of 16+ characters or a private key that imports; a short secret is refused', async () => {
    expect(await tested('jwt', 'a-long-enough-hmac-secret-123')).toMatchObject({ valid: true, tested: true });
    expect(await tested('jwt', 'short')).toMatchObject({ valid: false, message: expect.stringContaining('16 characters') });
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(await tested('jwt', JSON.stringify({ private_key: pem }))).toMatchObject({ valid: true, message: expect.stringContaining('EdDSA') });
  });
});

describe('connection test: SaaS APIs and untestable providers', () => {
  it('asks the API who the token is: accepted, refused (401 or ok:false), or undecided (403)', async () => {
    expect(await tested('slack', TOKEN, { base_url: apiUrl })).toMatchObject({ valid: true, tested: true });
    expect(await tested('slack', 'xoxb-wrong-token', { base_url: apiUrl })).toMatchObject({ valid: false, message: expect.stringContaining('invalid_auth') });
    expect(await tested('telegram', TOKEN, { base_url: apiUrl })).toMatchObject({ valid: true });
    expect(await tested('github', TOKEN, { base_url: apiUrl })).toMatchObject({ valid: true });
    expect(await tested('github', 'ghp-wrong-token', { base_url: apiUrl })).toMatchObject({ valid: false, message: expect.stringContaining('401') });
    expect(await tested('github', 'app-installation-token', { base_url: apiUrl })).toMatchObject({ valid: null, tested: true });
    expect(await tested('discord', `${apiUrl}/api/webhooks/1/hook-token`)).toMatchObject({ valid: true });
  });

  it('a provider nothing can test answers tested: false and valid: null, with the reason', async () => {
    const acme = await tested('acme-crm', 'token-123456');
    expect(acme).toMatchObject({ valid: null, tested: false, message: expect.stringContaining('cannot be tested') });
    expect(acme.message).toContain('redis');
    expect(await tested('google_sheets', 'ya29.token')).toMatchObject({ valid: null, tested: false });
    const listed = (await stack.api('GET', '/engine/v1/v1/connections')).body.data.find((c: { id: string }) => c.id === acme.id);
    expect(listed).toMatchObject({ last_test_valid: null });
    expect(listed.last_tested_at).toBeTruthy();
  });
});
