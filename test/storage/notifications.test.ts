import { createHmac } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import amqp from 'amqplib';
import { Redis } from 'ioredis';
import mqtt from 'mqtt';
import { connect as natsConnect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../helpers/stack';
import { writeHistory } from '../helpers/histories';
import { clientWith, rootClient, startStorageStack } from './helpers';
import { createConnection } from '../../src/engine/connections/service';
import { flushAccessLogs } from '../../src/storage/object-store/access-log';
import { eventToken } from '../../src/storage/object-store/notifications';
import { replicationWorkflowId } from '../../src/storage/contract/replication';

const run = promisify(execFile);
const root_ = resolve(__dirname, '../..');

interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  raw: string;
  body: any;
}

/**
 * A private versitygw (the suite's shared one runs without an event webhook), started by s3-dev.sh
 * with S3_EVENTS_TO, and an HTTPS webhook receiver on loopback.
 */
let stack: TestStack;
let session: string;
let receiver: Server;
let relay: HttpServer;
let s3Env: NodeJS.ProcessEnv;
const deliveries: Delivery[] = [];
let stackUrl = '';
let bucket: { id: string; aws: string };
let key: S3Client;
let webhook: { id: string; secret: string };

async function freePort(): Promise<number> {
  const s = createHttpServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 's3ev-'));
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  await run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1']);
  receiver = createServer({ cert: readFileSync(certFile), key: readFileSync(keyFile) }, (req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, raw, body: JSON.parse(raw) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));

  // versitygw needs its event URL when it starts (and posts a test event then), before the
  // stack's port is known: it posts to this relay, which forwards to the stack once it is up.
  relay = createHttpServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (!stackUrl) return void res.writeHead(200).end();
      fetch(`${stackUrl}${req.url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw }).then(
        async (r) => res.writeHead(r.status).end(await r.text()),
        () => res.writeHead(502).end(),
      );
    });
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  const s3Port = await freePort();
  s3Env = { ...process.env, S3_DEV_ADDRESS: `127.0.0.1:${s3Port}`, ATELIER_DATA_DIR: dir, S3_EVENTS_TO: `http://127.0.0.1:${(relay.address() as AddressInfo).port}` };
  await run(join(root_, 's3-dev.sh'), ['--background'], { env: s3Env });

  ({ stack, session } = await startStorageStack({ S3_ENDPOINT: `http://127.0.0.1:${s3Port}`, ATELIER_WEBHOOK_CA_FILE: certFile, ATELIER_STORAGE_BUYS_PER_MINUTE: '100' }));
  stackUrl = stack.url;
  await stack.atelier.deps.db.updateTable('accounts').set({ tier_override: 'sub-enterprise' }).where('id', '=', stack.accountId).execute();
  const p = await stack.api('POST', '/v1/storage/s3/buy', { key: session, body: { display_name: 'events', quota_gb: 5 } });
  expect(p.status, JSON.stringify(p.body)).toBe(201);
  bucket = { id: p.body.bucket.id, aws: p.body.bucket.aws_bucket_name };
  key = clientWith(stack, p.body.access_key_id, p.body.secret_access_key);
  const w = await stack.api('POST', '/v1/console/webhooks', { body: { name: 'bucket events', url: `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/s3`, events: ['generation.completed'] } });
  expect(w.status, JSON.stringify(w.body)).toBe(201);
  webhook = { id: w.body.id, secret: w.body.secret };
}, 180_000);
afterAll(async () => {
  await stack?.close();
  if (s3Env) await run(join(root_, 's3-dev.sh'), ['--stop'], { env: s3Env }).catch(() => undefined);
  await new Promise<void>((r) => (receiver ? receiver.close(() => r()) : r()));
  await new Promise<void>((r) => (relay ? relay.close(() => r()) : r()));
});

const cfg = (method: string, path: string, body?: unknown) => stack.api(method, `/v1/storage/s3/buckets/${bucket.id}${path}`, { key: session, body });

async function until<T>(fn: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('bucket notifications from the storage server to webhook and queue targets', () => {
  it('webhook targets must be your own webhooks', async () => {
    const bad = await cfg('PUT', '/notifications', { webhooks: [{ webhook_id: 'wh_not_mine', events: ['s3:ObjectCreated:*'] }] });
    expect(bad.status).toBe(400);
    expect(bad.body.detail.error).toBe('invalid_webhook');
    expect((await cfg('PUT', '/notifications', { webhooks: [{ webhook_id: webhook.id, events: ['ObjectCreated'] }] })).status).toBe(422);
  });

  it('events from the server reach matching targets only, signed, filtered by event type, prefix and suffix', async () => {
    const put = await cfg('PUT', '/notifications', {
      webhooks: [
        { id: 'png-uploads', webhook_id: webhook.id, events: ['s3:ObjectCreated:*'], filter_prefix: 'photos/', filter_suffix: '.png' },
        { id: 'removals', webhook_id: webhook.id, events: ['s3:ObjectRemoved:*'], filter_prefix: 'photos/' },
      ],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ enforced: 'atelier', webhooks: [{ id: 'png-uploads' }, { id: 'removals' }] });

    // Written with the bucket key straight to the server: only photos/*.png creations and the
    // photos/ removal match.
    await key.send(new PutObjectCommand({ Bucket: bucket.aws, Key: 'photos/cat.png', Body: 'png bytes' }));
    await key.send(new PutObjectCommand({ Bucket: bucket.aws, Key: 'photos/notes.txt', Body: 'txt' }));
    await key.send(new PutObjectCommand({ Bucket: bucket.aws, Key: 'other/dog.png', Body: 'png' }));
    await key.send(new DeleteObjectCommand({ Bucket: bucket.aws, Key: 'photos/cat.png' }));

    await until(() => deliveries.length >= 2);
    await new Promise((r) => setTimeout(r, 2000)); // nothing else arrives
    expect(deliveries).toHaveLength(2);
    const byEvent = Object.fromEntries(deliveries.map((d) => [d.body.event, d]));
    expect(Object.keys(byEvent).sort()).toEqual(['s3:ObjectCreated:Put', 's3:ObjectRemoved:Delete']);
    for (const d of deliveries) {
      expect(d.headers['x-svc-signature']).toBe(createHmac('sha256', webhook.secret).update(d.raw).digest('hex'));
      expect(d.body.data).toMatchObject({ bucket_id: bucket.id, aws_bucket_name: bucket.aws, object: { key: 'photos/cat.png' } });
    }
    expect(byEvent['s3:ObjectCreated:Put']!.body.data).toMatchObject({ notification_id: 'png-uploads', object: { size: 9 } });
    expect(byEvent['s3:ObjectRemoved:Delete']!.body.data.notification_id).toBe('removals');

    // The delivery log shows them like every other webhook delivery.
    const logged = await stack.atelier.deps.db.selectFrom('webhook_deliveries').select(['event', 'success']).where('webhook_id', '=', webhook.id).execute();
    expect(logged.filter((l) => l.success)).toHaveLength(2);
  });

  it('the event URL is secret: a wrong token is a 404 and routes nothing', async () => {
    const records = { Records: [{ eventName: 's3:ObjectCreated:Put', s3: { bucket: { name: bucket.aws }, object: { key: 'photos/forged.png', size: 1 } } }] };
    const wrong = await fetch(`${stack.url}/internal/storage/s3-events/not-the-token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(records) });
    expect(wrong.status).toBe(404);
    const right = await fetch(`${stack.url}/internal/storage/s3-events/${eventToken(stack.config.storage)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(records) });
    expect(await right.json()).toEqual({ deliveries: 1 });
    // Malformed records (even with the right token) are skipped, never a 500.
    const odd = { Records: [{ eventName: 7, s3: { bucket: { name: bucket.aws }, object: { key: 'photos/x.png' } } }, { eventName: 's3:ObjectCreated:Put', s3: { bucket: { name: [] }, object: { key: 1 } } }, null] };
    const skipped = await fetch(`${stack.url}/internal/storage/s3-events/${eventToken(stack.config.storage)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(odd) });
    expect([skipped.status, await skipped.json()]).toEqual([200, { deliveries: 0 }]);
  });
  it('queue targets: a message per matching event on RabbitMQ, MQTT, NATS and Redis (the account\'s connections)', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const conn = async (provider: string, secret: string) => (await createConnection(stack.atelier.deps, stack.accountId, { provider, name: `${provider}-${tag}`, secret, metadata: {} })).id as string;
    const connections = {
      rabbitmq: await conn('rabbitmq', 'amqp://guest:guest@127.0.0.1:5672/'),
      mqtt: await conn('mqtt', 'mqtt://127.0.0.1:1883'),
      nats: await conn('nats', 'nats://127.0.0.1:4222'),
      redis: await conn('redis', JSON.stringify({ url: 'redis://127.0.0.1:6379/0' })),
    };
    const topic = (broker: string) => (broker === 'mqtt' ? `atelier/test/${tag}` : `atelier-test-${broker}-${tag}`);
    const bad = await cfg('PUT', '/notifications', { queues: [{ connection_id: 'conn_not_mine', broker: 'redis', topic: 'x', events: ['s3:ObjectCreated:*'] }] });
    expect(bad.status).toBe(400);
    expect(bad.body.detail.error).toBe('invalid_connection');
    const put = await cfg('PUT', '/notifications', {
      queues: Object.entries(connections).map(([broker, id]) => ({ id: `q-${broker}`, connection_id: id, broker, topic: topic(broker), events: ['s3:ObjectCreated:Put'], filter_suffix: '.json' })),
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    // Subscribers for the brokers without storage of their own, ready before the event.
    const nc = await natsConnect({ servers: '127.0.0.1:4222' });
    const natsGot = (async () => {
      for await (const m of nc.subscribe(topic('nats'), { max: 1 })) return new TextDecoder().decode(m.data);
      return '';
    })();
    const mq = await mqtt.connectAsync('mqtt://127.0.0.1:1883');
    const mqttGot = new Promise<string>((resolve) => mq.on('message', (_t, payload) => resolve(payload.toString())));
    await mq.subscribeAsync(topic('mqtt'), { qos: 1 });

    await key.send(new PutObjectCommand({ Bucket: bucket.aws, Key: 'exports/report.json', Body: '{"rows":3}' }));
    await key.send(new PutObjectCommand({ Bucket: bucket.aws, Key: 'exports/report.csv', Body: 'rows,3' }));

    const check = (raw: string, broker: string) => {
      const m = JSON.parse(raw);
      expect(m, broker).toMatchObject({ event: 's3:ObjectCreated:Put', data: { bucket_id: bucket.id, notification_id: `q-${broker}`, object: { key: 'exports/report.json', size: 10 } } });
    };
    check(await natsGot, 'nats');
    check(await mqttGot, 'mqtt');
    const redis = new Redis({ host: '127.0.0.1', port: 6379 });
    const redisItems = await until(async () => {
      const l = await redis.lrange(topic('redis'), 0, -1);
      return l.length ? l : undefined;
    });
    const amqpConn = await amqp.connect('amqp://guest:guest@127.0.0.1:5672/');
    const ch = await amqpConn.createChannel();
    await ch.assertQueue(topic('rabbitmq'), { durable: true });
    const fromRabbit = await until(() => ch.get(topic('rabbitmq'), { noAck: true }));
    check(fromRabbit.content.toString(), 'rabbitmq');
    // One message each: the .csv did not match.
    await new Promise((r) => setTimeout(r, 1000));
    expect(await redis.lrange(topic('redis'), 0, -1)).toHaveLength(1);
    check(redisItems[0]!, 'redis');
    expect(await ch.get(topic('rabbitmq'), { noAck: true })).toBe(false);

    await ch.deleteQueue(topic('rabbitmq'));
    await amqpConn.close();
    await redis.del(topic('redis'));
    redis.disconnect();
    await mq.endAsync();
    await nc.close();
  });

});

describe('replication rules: a durable workflow per rule copies to another bucket of the account', () => {
  it('copies new objects under the prefix, applies deletes when the rule says so, and reports each key', async () => {
    const d = await stack.api('POST', '/v1/storage/s3/buy', { key: session, body: { display_name: 'backup', quota_gb: 5 } });
    expect(d.status).toBe(201);
    const dest = d.body.bucket.aws_bucket_name as string;
    expect((await cfg('PUT', '/versioning', { status: 'Enabled' })).status).toBe(200);
    const rule = { id: 'to-backup', status: 'Enabled', priority: 1, prefix: 'docs/', destination: { bucket: `arn:aws:s3:::${dest}` }, delete_marker_replication: 'Enabled' };
    const elsewhere = await cfg('PUT', '/replication', { rules: [{ ...rule, destination: { bucket: 'arn:aws:s3:::someone-elses' } }] });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.detail.error).toBe('invalid_destination_bucket');
    const put = await cfg('PUT', '/replication', { rules: [rule] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.enforced).toBe('atelier');

    await key.send(new PutObjectCommand({ Bucket: bucket.aws, Key: 'docs/a.txt', Body: 'first' }));
    await key.send(new PutObjectCommand({ Bucket: bucket.aws, Key: 'docs/a.txt', Body: 'second' }));
    await key.send(new PutObjectCommand({ Bucket: bucket.aws, Key: 'other/b.txt', Body: 'not replicated' }));
    const root = rootClient(stack);
    const destKeys = async () => ((await root.send(new ListObjectsV2Command({ Bucket: dest }))).Contents ?? []).map((o) => o.Key);
    await until(async () => {
      const statuses = (await cfg('GET', '/replication/status?key=docs/a.txt')).body.objects as { status: string }[];
      return statuses.length === 1 && statuses[0]!.status === 'COMPLETED' && (await destKeys()).includes('docs/a.txt');
    }, 60_000);
    // The latest version is what the destination holds; other/ is outside the rule.
    await until(async () => (await (await root.send(new GetObjectCommand({ Bucket: dest, Key: 'docs/a.txt' }))).Body!.transformToString()) === 'second', 30_000);
    expect(await destKeys()).toEqual(['docs/a.txt']);
    const status = (await cfg('GET', '/replication/status')).body.objects;
    expect(status).toEqual([expect.objectContaining({ rule_id: 'to-backup', key: 'docs/a.txt', op: 'put', status: 'COMPLETED', destination_bucket: dest })]);

    await key.send(new DeleteObjectCommand({ Bucket: bucket.aws, Key: 'docs/a.txt' }));
    await until(async () => !(await destKeys()).includes('docs/a.txt'), 60_000);
    await until(async () => ((await cfg('GET', '/replication/status?key=docs/a.txt')).body.objects[0]?.op === 'delete' ? true : undefined), 30_000);

    if (process.env.RECORD_HISTORIES === '1') {
      const handle = stack.atelier.deps.temporal.workflow.getHandle(replicationWorkflowId(bucket.id, 'to-backup'));
      const info = await handle.describe();
      writeHistory(join(root_, 'test/histories/s3Replication.json'), { workflowType: 's3Replication', workflowId: info.workflowId, status: info.status.name, history: await handle.fetchHistory() });
    }
  });
});

describe('server access logging into a target bucket', () => {
  it("the server's audit records of a bucket with logging on become S3 access-log objects under the target prefix", async () => {
    expect((await cfg('PUT', '/logging', { enabled: true, target_bucket: bucket.aws, target_prefix: 'logs/' })).body).toMatchObject({ enabled: true, enforced: 'atelier' });
    const keyId = (await stack.api('GET', `/v1/storage/s3/buckets/${bucket.id}/credentials`, { key: session })).body.credentials[0].access_key_id as string;
    await key.send(new PutObjectCommand({ Bucket: bucket.aws, Key: 'seen/by-the-log.txt', Body: 'hello' }));
    await key.send(new GetObjectCommand({ Bucket: bucket.aws, Key: 'seen/by-the-log.txt' }));
    const root = rootClient(stack);
    const logged = async () => {
      await flushAccessLogs(stack.atelier.deps);
      const objects = (await root.send(new ListObjectsV2Command({ Bucket: bucket.aws, Prefix: 'logs/' }))).Contents ?? [];
      const text = (await Promise.all(objects.map(async (o) => (await root.send(new GetObjectCommand({ Bucket: bucket.aws, Key: o.Key! }))).Body!.transformToString()))).join('');
      return text.includes('seen/by-the-log.txt') && /GetObject/.test(text) ? { objects, text } : undefined;
    };
    const { objects, text } = await until(logged, 30_000);
    expect(objects[0]!.Key).toMatch(/^logs\/\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}-[0-9A-F]{16}$/);
    const line = text.split('\n').find((l) => l.includes('seen/by-the-log.txt') && /PutObject/.test(l))!;
    expect(line).toContain(` ${bucket.aws} [`);
    expect(line).toContain(` ${keyId} `);
    expect(line).toMatch(/ 200 - /);
    // Writing the log objects is not logged again (reading them is, as any request is).
    await new Promise((r) => setTimeout(r, 1500));
    await flushAccessLogs(stack.atelier.deps);
    const all = (await root.send(new ListObjectsV2Command({ Bucket: bucket.aws, Prefix: 'logs/' }))).Contents ?? [];
    const everything = (await Promise.all(all.map(async (o) => (await root.send(new GetObjectCommand({ Bucket: bucket.aws, Key: o.Key! }))).Body!.transformToString()))).join('');
    expect(everything.split('\n').filter((l) => / logs\/\S+ /.test(l) && /PutObject/.test(l))).toEqual([]);
    await cfg('PUT', '/logging', { enabled: false });
  });
});
