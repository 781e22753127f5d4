// A broker connection (Redis, RabbitMQ, MQTT, NATS) is read one way by every consumer: each form of
// secret its provider documents works through a node, the connection test and a bucket queue
// target, against the local brokers. A secret no client could use is refused when it is saved (422
// naming the field, nothing written), and a broker that refuses the credential or drops the
// connection is reported as such, with its reason, within a second — not as a time-out.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import amqp from 'amqplib';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBrokerSecret, SecretFormError } from '../../../src/engine/connections/clients/broker-secret';
import { sealSecret } from '../../../src/platform/webhooks/secret-box';
import { brokerAddress, publish, type QueueBroker } from '../../../src/storage/object-store/notify-queues';
import { startStack, type TestStack } from '../../helpers/stack';
import { createWorkflow, spec, startRun, waitForRun } from '../runs/helpers';

let stack: TestStack;
const servers: net.Server[] = [];

/** A loopback server speaking just enough of a broker's protocol; its port. */
async function stub(onSocket: (s: net.Socket) => void): Promise<number> {
  const server = net.createServer((s) => {
    s.on('error', () => undefined);
    onSocket(s);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as net.AddressInfo).port;
}

let ports: { closeOnData: number; closeAtOnce: number; mqttRefuses: number; redisRefuses: number; natsRefuses: number };

beforeAll(async () => {
  stack = await startStack();
  ports = {
    // Drops the connection as soon as the client has spoken (after MQTT CONNECT, the AMQP header, Redis AUTH).
    closeOnData: await stub((s) => s.once('data', () => s.destroy())),
    // Drops it before saying anything (NATS servers speak first).
    closeAtOnce: await stub((s) => s.destroy()),
    // CONNACK with return code 5, "not authorized" (MQTT 3.1.1 §3.2.2.3).
    mqttRefuses: await stub((s) => s.once('data', () => s.write(Buffer.from([0x20, 0x02, 0x00, 0x05])))),
    // Redis 6+ answering AUTH with a wrong password.
    redisRefuses: await stub((s) => s.on('data', () => s.write('-WRONGPASS invalid username-password pair or user is disabled.\r\n'))),
    // A NATS server requiring auth, refusing the CONNECT.
    natsRefuses: await stub((s) => {
      s.write('INFO {"server_id":"stub","version":"2.10.0","proto":1,"max_payload":1048576,"auth_required":true}\r\n');
      s.once('data', () => s.end("-ERR 'Authorization Violation'\r\n"));
    }),
  };
});
afterAll(async () => {
  for (const s of servers) await new Promise<void>((r) => s.close(() => r()));
  await stack?.close();
});

const create = (provider: string, secret: string, metadata: Record<string, unknown> = {}) =>
  stack.api('POST', '/engine/v1/v1/connections', { body: { provider, name: `${provider} ${randomBytes(3).toString('hex')}`, secret, metadata } });

async function testRoute(id: string) {
  const started = performance.now();
  const r = await stack.api('POST', `/engine/v1/v1/connections/${id}/test`);
  expect(r.status, r.text).toBe(200);
  const body = r.body as { valid: boolean | null; message: string; latency_ms: number };
  expect(performance.now() - started).toBeLessThan(5000);
  return body;
}

type Form = { form: string; secret: string; metadata?: Record<string, unknown> };

/** Every documented form, per provider, pointing at the local brokers. */
const FORMS: Record<QueueBroker, Form[]> = {
  redis: [
    { form: 'URL secret', secret: 'redis://127.0.0.1:6379/0' },
    { form: 'JSON secret', secret: JSON.stringify({ host: '127.0.0.1', port: 6379, db: 1 }) },
    { form: 'metadata.url + password', secret: 'any-password', metadata: { url: 'redis://127.0.0.1:6379/0' } },
  ],
  rabbitmq: [
    { form: 'URL secret', secret: 'amqp://guest:guest@127.0.0.1:5672/' },
    { form: 'JSON secret', secret: JSON.stringify({ url: 'amqp://127.0.0.1:5672/', username: 'guest', password: 'guest' }) },
    { form: 'metadata.url + password', secret: 'guest', metadata: { url: 'amqp://127.0.0.1:5672/', username: 'guest' } },
  ],
  mqtt: [
    { form: 'URL secret', secret: 'mqtt://atelier:mqtt-pass@127.0.0.1:1883' },
    { form: 'JSON secret', secret: JSON.stringify({ url: 'mqtt://127.0.0.1:1883', username: 'atelier', password: 'mqtt-pass' }) },
    { form: 'metadata.url + password', secret: 'mqtt-pass', metadata: { url: 'mqtt://127.0.0.1:1883', username: 'atelier' } },
  ],
  nats: [
    { form: 'URL secret', secret: 'nats://127.0.0.1:4222' },
    { form: 'JSON secret', secret: JSON.stringify({ url: 'nats://127.0.0.1:4222', token: 'nats-token' }) },
    { form: 'metadata.url + token', secret: 'nats-token', metadata: { url: 'nats://127.0.0.1:4222' } },
  ],
};

const tag = randomBytes(4).toString('hex');
const target = (broker: QueueBroker, i: number) => (broker === 'mqtt' ? `atelier/secrets/${tag}/${i}` : `atelier-secrets-${broker}-${tag}-${i}`);

/** A node per form, each bound to its connection in the broker's slot. */
function nodeFor(broker: QueueBroker, i: number, connection: string) {
  const id = `n${i}`;
  switch (broker) {
    case 'redis': return { id, type: 'integration.redis_set', params: { key: target(broker, i), value: 'from-node', ttl_s: 60 }, credentials: { redis: connection } };
    case 'rabbitmq': return { id, type: 'integration.rabbitmq_publish', params: { routing_key: target(broker, i), message: 'from-node', assert_queue: true }, credentials: { rabbitmq: connection } };
    case 'mqtt': return { id, type: 'integration.mqtt_publish', params: { topic: target(broker, i), message: 'from-node' }, credentials: { mqtt: connection } };
    case 'nats': return { id, type: 'integration.nats_publish', params: { subject: target(broker, i), message: 'from-node' }, credentials: { nats: connection } };
  }
}

describe('every documented secret form, through a node, the connection test and a bucket queue target', () => {
  for (const broker of Object.keys(FORMS) as QueueBroker[]) {
    it(`${broker}: ${FORMS[broker].map((f) => f.form).join(', ')}`, async () => {
      const ids: string[] = [];
      for (const f of FORMS[broker]) {
        const created = await create(broker, f.secret, f.metadata);
        expect(created.status, `${f.form}: ${created.text}`).toBe(201);
        ids.push(created.body.id);
        const t = await testRoute(created.body.id);
        expect(t, f.form).toMatchObject({ valid: true });
      }
      const wf = await createWorkflow(stack, spec(
        [{ id: 'start', type: 'trigger.manual' }, ...ids.map((id, i) => nodeFor(broker, i, id)) as never[]],
        ids.map((_, i) => ['start', `n${i}`] as [string, string]),
      ));
      const run = await waitForRun(stack, (await startRun(stack, wf)).run_id);
      expect(run.status, JSON.stringify(run.error)).toBe('completed');

      // The bucket queue target's reader and publisher, with the same connections.
      for (const [i, id] of ids.entries()) {
        const address = await brokerAddress(stack.atelier.deps, stack.accountId, id, broker);
        await publish(broker, address, `${target(broker, i)}${broker === 'mqtt' ? '/queue' : '-queue'}`, JSON.stringify({ form: FORMS[broker][i]!.form }));
      }

      if (broker === 'redis') {
        const db0 = new Redis({ host: '127.0.0.1', port: 6379, db: 0 });
        const db1 = new Redis({ host: '127.0.0.1', port: 6379, db: 1 });
        try {
          expect(await db0.get(target(broker, 0))).toBe('from-node');
          expect(await db1.get(target(broker, 1))).toBe('from-node'); // the JSON secret's db
          expect(await db0.lrange(`${target(broker, 2)}-queue`, 0, -1)).toEqual([JSON.stringify({ form: 'metadata.url + password' })]);
          expect(await db1.llen(`${target(broker, 1)}-queue`)).toBe(1);
        } finally {
          await db0.del(target(broker, 0), target(broker, 2), `${target(broker, 0)}-queue`, `${target(broker, 2)}-queue`);
          await db1.del(target(broker, 1), `${target(broker, 1)}-queue`);
          db0.disconnect();
          db1.disconnect();
        }
      }
      if (broker === 'rabbitmq') {
        const conn = await amqp.connect('amqp://guest:guest@127.0.0.1:5672/');
        const ch = await conn.createChannel();
        try {
          for (const i of ids.keys()) {
            expect((await ch.checkQueue(target(broker, i))).messageCount).toBe(1);
            expect((await ch.checkQueue(`${target(broker, i)}-queue`)).messageCount).toBe(1);
          }
        } finally {
          for (const i of ids.keys()) {
            await ch.deleteQueue(target(broker, i));
            await ch.deleteQueue(`${target(broker, i)}-queue`);
          }
          await conn.close();
        }
      }
    });
  }
});

describe('readBrokerSecret: precedence and the per-provider readings', () => {
  const read = readBrokerSecret;
  const locOf = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      if (err instanceof SecretFormError) return err.loc;
      throw err;
    }
    return null;
  };
  it('explicit fields over URL user info, the secret\'s URL over metadata.url; tokens, vhosts, IPv6, inline params', () => {
    expect(read('mqtt', { metadata: { url: 'mqtt://elsewhere:1883' }, secret: JSON.stringify({ url: 'mqtt://u:p@10.0.0.1:1884', username: 'ada' }) }))
      .toMatchObject({ url: 'mqtt://10.0.0.1:1884', host: '10.0.0.1', port: 1884, username: 'ada', password: 'p' });
    expect(read('nats', { metadata: {}, secret: 'nats://s3cr%2Ft@127.0.0.1' })).toMatchObject({ token: 's3cr/t', username: undefined, password: undefined, port: 4222 });
    expect(read('nats', { metadata: { url: 'tls://nats.example', username: 'ada' }, secret: 'pw' })).toMatchObject({ username: 'ada', password: 'pw', token: undefined, tls: true });
    expect(read('rabbitmq', { metadata: {}, secret: 'amqps://guest:guest@mq.example/%2F' })).toMatchObject({ vhost: '/', tls: true, port: 5672 });
    expect(read('rabbitmq', { metadata: { url: 'amqp://mq.example/prod' }, secret: 'pw' })).toMatchObject({ vhost: 'prod', username: undefined, password: 'pw' });
    expect(read('redis', { metadata: {}, secret: JSON.stringify({ host: '::1', password: 'pw', db: '2' }) })).toMatchObject({ url: 'redis://[::1]:6379', host: '::1', db: 2 });
    expect(read('redis', { metadata: { url: 'redis://127.0.0.1:6379/0', secret: 'pw' } })).toMatchObject({ password: 'pw', db: 0 });
    expect(read('redis', { metadata: { secret: 'redis://:pw@127.0.0.1/3' } })).toMatchObject({ password: 'pw', db: 3 });
    expect(locOf(() => read('redis', { metadata: {}, secret: 'redis://127.0.0.1/cache' }))).toEqual(['secret']);
    expect(locOf(() => read('mqtt', { metadata: {}, secret: 'mqtt://u:%zz@127.0.0.1' }))).toEqual(['secret']);
    expect(locOf(() => read('mqtt', { metadata: { url: 'mqtt://127.0.0.1' }, secret: JSON.stringify({ port: 70000 }) }))).toEqual(['secret', 'port']);
    // A node's inline params may carry the password (no connection: nothing is listed).
    expect(read('mqtt', { metadata: { url: 'mqtt://127.0.0.1', username: 'u', password: 'pw' } })).toMatchObject({ username: 'u', password: 'pw' });
  });
});

describe('saving a connection checks its secret for the provider', () => {
  const cases: Array<{ provider: string; secret: string; metadata?: Record<string, unknown>; loc: (string | number)[]; msg: RegExp }> = [
    { provider: 'mqtt', secret: 'pw-without-user', metadata: { url: 'mqtt://127.0.0.1:1883' }, loc: ['body', 'metadata', 'username'], msg: /password needs a username/ },
    { provider: 'mqtt', secret: JSON.stringify({ url: 'mqtt://127.0.0.1:1883', password: 'pw-without-user' }), loc: ['body', 'secret', 'username'], msg: /password needs a username/ },
    { provider: 'redis', secret: 'http://127.0.0.1:6379', loc: ['body', 'secret'], msg: /redis:\/\/ or rediss:\/\// },
    { provider: 'rabbitmq', secret: '{"url": "amqp://127.0.0.1:5672/"', loc: ['body', 'secret'], msg: /not a JSON object/ },
    { provider: 'amqp', secret: JSON.stringify({ url: 5672 }), loc: ['body', 'secret', 'url'], msg: /must be a string/ },
    { provider: 'nats', secret: 'token-but-no-server', loc: ['body', 'metadata', 'url'], msg: /names its broker/ },
    { provider: 'redis', secret: 'redis://127.0.0.1:6379', metadata: { password: 'in-the-open' }, loc: ['body', 'metadata', 'password'], msg: /goes in the secret/ },
    { provider: 'rabbitmq', secret: 'guest', metadata: { url: 'amqp://guest:in-the-open@127.0.0.1:5672/' }, loc: ['body', 'metadata', 'url'], msg: /password goes in the secret/ },
  ];
  it('422 naming the field, and nothing is written', async () => {
    const count = async () => (await stack.atelier.deps.db.selectFrom('engine_connections').select((e) => e.fn.countAll<string>().as('n')).where('account_id', '=', stack.accountId).executeTakeFirstOrThrow()).n;
    const before = await count();
    for (const c of cases) {
      const r = await create(c.provider, c.secret, c.metadata);
      expect(r.status, `${c.provider} ${c.secret}: ${r.text}`).toBe(422);
      expect(r.body.detail, c.secret).toEqual([expect.objectContaining({ loc: c.loc, msg: expect.stringMatching(c.msg) })]);
      expect(r.text).not.toContain('pw-without-user');
      expect(r.text).not.toContain('in-the-open');
    }
    expect(await count()).toBe(before);
  });
});

describe('the broker\'s own answer, at once', () => {
  async function stored(provider: string, secret: string, metadata: Record<string, unknown> = {}) {
    const r = await create(provider, secret, metadata);
    expect(r.status, r.text).toBe(201);
    return r.body.id as string;
  }

  it('a refused credential: CONNACK 5, WRONGPASS, Authorization Violation, ACCESS_REFUSED — each within a second', async () => {
    const cases: Array<[string, string, Record<string, unknown>, RegExp]> = [
      ['mqtt', 'mqtt-pass', { url: `mqtt://127.0.0.1:${ports.mqttRefuses}`, username: 'atelier' }, /refused the connection \(CONNACK return code 5\): Not authorized/],
      ['redis', 'wrong-pass', { url: `redis://127.0.0.1:${ports.redisRefuses}` }, /refused the credential: WRONGPASS invalid username-password pair/],
      ['nats', JSON.stringify({ url: `nats://127.0.0.1:${ports.natsRefuses}`, username: 'ada', password: 'wrong-pass' }), {}, /refused the credential: Authorization Violation/],
      ['rabbitmq', 'amqp://guest:wrong-pass@127.0.0.1:5672/', {}, /ACCESS.REFUSED/],
    ];
    for (const [provider, secret, metadata, reason] of cases) {
      const t = await testRoute(await stored(provider, secret, metadata));
      expect(t, provider).toMatchObject({ valid: false, message: expect.stringMatching(reason) });
      expect(t.latency_ms, provider).toBeLessThan(1000); // the client's answer; the request around it adds DB writes
    }
    // A node says the same, and a refusal is not retried.
    const id = await stored('mqtt', 'mqtt-pass', { url: `mqtt://127.0.0.1:${ports.mqttRefuses}`, username: 'atelier' });
    const wf = await createWorkflow(stack, spec(
      [{ id: 'start', type: 'trigger.manual' }, { id: 'pub', type: 'integration.mqtt_publish', params: { topic: 'x/y', message: 'm' }, credentials: { mqtt: id } } as never],
      [['start', 'pub']],
    ));
    const started = performance.now();
    const run = await waitForRun(stack, (await startRun(stack, wf)).run_id);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/CONNACK return code 5/);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('a dropped connection is reported as closed, not as a time-out, within a second', async () => {
    // Forms every earlier reading understood (metadata.url and the password), so only the client's answer differs.
    const cases: Array<[string, string, Record<string, unknown>, RegExp]> = [
      ['mqtt', 'mqtt-pass', { url: `mqtt://127.0.0.1:${ports.closeOnData}`, username: 'atelier' }, /closed the connection without answering CONNECT/],
      ['redis', 'some-pass', { url: `redis://127.0.0.1:${ports.closeOnData}` }, /the server closed the connection/],
      ['nats', 'some-token', { url: `nats://127.0.0.1:${ports.closeAtOnce}` }, /the server closed the connection/],
      ['rabbitmq', 'guest', { url: `amqp://127.0.0.1:${ports.closeOnData}/`, username: 'guest' }, /Socket closed abruptly/],
    ];
    for (const [provider, secret, metadata, reason] of cases) {
      const t = await testRoute(await stored(provider, secret, metadata));
      expect(t, provider).toMatchObject({ valid: false, message: expect.stringMatching(reason) });
      expect(t.message, provider).not.toMatch(/timed out/i);
      expect(t.latency_ms, provider).toBeLessThan(1000); // the client's answer; the request around it adds DB writes
    }
  });

  it('a bucket queue target publishing to a broker that drops or refuses says so at once, with the broker\'s reason', async () => {
    const cases: Array<[QueueBroker, string, Record<string, unknown>, RegExp]> = [
      ['mqtt', 'mqtt-pass', { url: `mqtt://127.0.0.1:${ports.closeOnData}`, username: 'atelier' }, /closed the connection without answering CONNECT/],
      ['mqtt', 'mqtt-pass', { url: `mqtt://127.0.0.1:${ports.mqttRefuses}`, username: 'atelier' }, /refused the connection \(CONNACK return code 5\)/],
      ['redis', 'some-pass', { url: `redis://127.0.0.1:${ports.redisRefuses}` }, /refused the credential: WRONGPASS/],
    ];
    for (const [broker, secret, metadata, reason] of cases) {
      const address = await brokerAddress(stack.atelier.deps, stack.accountId, await stored(broker, secret, metadata), broker);
      const started = performance.now();
      const err = await publish(broker, address, 'events', '{}').then(() => null, (e: unknown) => e as Error);
      expect(err?.message, broker).toMatch(reason);
      expect(err?.message, broker).not.toMatch(/timed out/i);
      expect(performance.now() - started, broker).toBeLessThan(1000);
    }
  });

  it('an MQTT password without a username, stored before the check, is refused as such at once', async () => {
    // Written directly, as a connection saved before saving checked the secret would be.
    const id = `conn_${randomBytes(12).toString('hex')}`;
    await stack.atelier.deps.db.insertInto('engine_connections').values({
      id, account_id: stack.accountId, provider: 'mqtt', name: 'old mqtt', secret_sealed: sealSecret(stack.atelier.deps.config.encryptionKey, 'pw-only'),
      metadata: JSON.stringify({ url: 'mqtt://127.0.0.1:1883' }),
    }).execute();
    const t = await testRoute(id);
    expect(t).toMatchObject({ valid: false, message: expect.stringContaining('an MQTT password needs a username') });
    expect(t.latency_ms).toBeLessThan(1000);
    await expect(brokerAddress(stack.atelier.deps, stack.accountId, id, 'mqtt')).rejects.toThrow(/metadata\.username: an MQTT password needs a username/);
  });
});
