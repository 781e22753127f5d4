// RabbitMQ, MQTT and NATS nodes against the local brokers; SMTP against a loopback smtp-server.
import { randomBytes } from 'node:crypto';
import { connect, StringCodec } from 'nats';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialsFor, harness, main, run, undescribedParams } from '../_lib/harness';

const id = randomBytes(4).toString('hex');

describe('integration.rabbitmq_*', () => {
  const credential = { url: 'amqp://guest:guest@127.0.0.1:5672/' };
  const queue = `atelier-test-${id}`;
  it('publishes with confirms and consumes one message (ack), then reports an empty queue', async () => {
    expect(await main('integration.rabbitmq_publish', { routing_key: queue, assert_queue: true, message: { order: 1 }, headers: { source: 'test' }, message_id: 'm1', credential })).toEqual({ exchange: '', routing_key: queue, bytes: 11 });
    await main('integration.rabbitmq_publish', { routing_key: queue, message: 'second', credential });
    const first = await main('integration.rabbitmq_consume', { queue, credential });
    expect(first).toMatchObject({ content: '{"order":1}', json: { order: 1 }, routing_key: queue, headers: { source: 'test' }, message_id: 'm1', content_type: 'application/json' });
    const peek = await main('integration.rabbitmq_consume', { queue, ack: false, credential });
    expect(peek).toMatchObject({ content: 'second', json: null });
    expect(await main('integration.rabbitmq_consume', { queue, credential })).toMatchObject({ content: 'second', redelivered: true });
    const t0 = Date.now();
    expect((await run('integration.rabbitmq_consume', { queue, wait_s: 0.5, credential })).output).toEqual({ empty: { queue } });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(450);
    const amqp = (await import('amqplib')).default;
    const conn = await amqp.connect(credential.url);
    await (await conn.createChannel()).deleteQueue(queue);
    await conn.close();
  });

  it('fails clearly on a missing queue and on bad credentials without echoing the password', async () => {
    await expect(main('integration.rabbitmq_consume', { queue: `missing-${id}`, wait_s: 0, credential })).rejects.toMatchObject({ type: 'rabbitmq_error', message: expect.stringContaining('NOT_FOUND') });
    const h = harness({ capabilities: { credentials: credentialsFor({ rabbitmq: { secret: 'sekrit-pass-9', metadata: { url: 'amqp://guest@127.0.0.1:5672/', username: 'guest' } } }) } });
    const err = (await main('integration.rabbitmq_publish', { routing_key: 'x', message: 1 }, {}, h).catch((e: unknown) => e)) as Error;
    expect(err).toMatchObject({ name: 'NodeError', type: 'rabbitmq_error' });
    expect(err.message).not.toContain('sekrit-pass-9');
  });
});

describe('integration.mqtt_*', () => {
  const credential = { url: 'mqtt://127.0.0.1:1883' };
  it('publishes a retained message that a subscriber node receives', async () => {
    const topic = `atelier/test/${id}/temp`;
    expect(await main('integration.mqtt_publish', { topic, message: { c: 21.5 }, retain: true, credential })).toEqual({ topic, bytes: 10 });
    expect(await main('integration.mqtt_subscribe', { topic: `atelier/test/${id}/+`, credential })).toEqual({ topic, payload: '{"c":21.5}', json: { c: 21.5 }, retained: true });
    await main('integration.mqtt_publish', { topic, message: '', retain: true, credential }); // clears the retained message
  });

  it('receives a live message published while it waits, or times out', async () => {
    const topic = `atelier/test/${id}/live`;
    const waiting = main('integration.mqtt_subscribe', { topic, wait_s: 5, credential });
    await new Promise((r) => setTimeout(r, 300));
    await main('integration.mqtt_publish', { topic, message: 'hello', qos: 0, credential });
    expect(await waiting).toEqual({ topic, payload: 'hello', json: null, retained: false });
    expect((await run('integration.mqtt_subscribe', { topic: `${topic}/none`, wait_s: 0.3, credential })).output).toEqual({ timeout: { topic: `${topic}/none` } });
    expect(() => undescribedParams('integration.mqtt_publish')).not.toThrow();
  });
});

describe('integration.nats_*', () => {
  const credential = { url: 'nats://127.0.0.1:4222' };
  const stream = `ATELIER_TEST_${id.toUpperCase()}`;
  let nc: Awaited<ReturnType<typeof connect>>;
  beforeAll(async () => {
    nc = await connect({ servers: '127.0.0.1:4222' });
    await (await nc.jetstreamManager()).streams.add({ name: stream, subjects: [`atelier.test.${id}.>`] });
  });
  afterAll(async () => {
    await (await nc.jetstreamManager()).streams.delete(stream).catch(() => undefined);
    await nc.close();
  });

  it('publishes to a subscriber', async () => {
    const sub = nc.subscribe(`atelier.plain.${id}`, { max: 1 });
    const got = (async () => { for await (const m of sub) return { data: StringCodec().decode(m.data), h: m.headers?.get('x-k') }; })();
    await nc.flush();
    expect(await main('integration.nats_publish', { subject: `atelier.plain.${id}`, message: { a: 1 }, headers: { 'x-k': 'v' }, credential })).toEqual({ subject: `atelier.plain.${id}`, bytes: 7 });
    expect(await got).toEqual({ data: '{"a":1}', h: 'v' });
  });

  it('requests and gets the reply; no responders fails clearly', async () => {
    const sub = nc.subscribe(`svc.${id}.double`);
    void (async () => { for await (const m of sub) m.respond(StringCodec().encode(JSON.stringify({ n: (JSON.parse(StringCodec().decode(m.data)) as { n: number }).n * 2 }))); })();
    await nc.flush();
    expect(await main('integration.nats_request', { subject: `svc.${id}.double`, message: { n: 21 }, credential })).toMatchObject({ json: { n: 42 } });
    sub.unsubscribe();
    await expect(main('integration.nats_request', { subject: `svc.${id}.nobody`, message: 1, timeout_s: 1, credential })).rejects.toMatchObject({ type: 'nats_no_responders', retryable: true });
  });

  it('publishes to JetStream once per message id', async () => {
    const h = harness();
    const a = await main('integration.nats_jetstream_publish', { subject: `atelier.test.${id}.orders`, message: { o: 1 }, credential }, {}, h);
    expect(a).toEqual({ stream, seq: 1, duplicate: false });
    expect(await main('integration.nats_jetstream_publish', { subject: `atelier.test.${id}.orders`, message: { o: 1 }, credential }, {}, h)).toEqual({ stream, seq: 1, duplicate: true });
    expect(await main('integration.nats_jetstream_publish', { subject: `atelier.test.${id}.orders`, message: { o: 2 }, message_id: 'other', expected_stream: stream, credential })).toEqual({ stream, seq: 2, duplicate: false });
    await expect(main('integration.nats_jetstream_publish', { subject: `atelier.test.${id}.orders`, message: 1, expected_stream: 'WRONG', message_id: 'x', credential })).rejects.toMatchObject({ type: 'nats_error' });
  });
});

describe('integration.smtp_send', () => {
  let server: SMTPServer;
  let port: number;
  const received: { from: string; to: string[]; raw: string; user?: string }[] = [];
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: false, disabledCommands: ['STARTTLS'], allowInsecureAuth: true, logger: false,
      onAuth(auth, _session, cb) { cb(auth.username === 'mailer' && auth.password === 'mail-pass-1' ? null : new Error('bad login'), { user: auth.username }); },
      onData(stream, session, cb) {
        let raw = '';
        stream.on('data', (c: Buffer) => { raw += c.toString(); });
        stream.on('end', () => { received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw, user: session.user as string }); cb(); });
      },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(async () => { await new Promise<void>((r) => server.close(() => r())); });

  it('sends text + html with an attachment through the smtp slot', async () => {
    const h = harness({ capabilities: { credentials: credentialsFor({ smtp: { secret: 'mail-pass-1', metadata: { host: '127.0.0.1', port, user: 'mailer' } } }) } });
    const r = (await main('integration.smtp_send', {
      from: 'Atelier <bot@atelier.test>', to: ['ada@x.test', 'bob@x.test'], bcc: 'audit@x.test', subject: 'Your video is ready',
      text: 'Hello Ada', html: '<p>Hello <b>Ada</b></p>', attachments: [{ filename: 'notes.txt', content: 'bm90ZXM=', encoding: 'base64' }],
    }, {}, h)) as Record<string, unknown>;
    expect(r).toMatchObject({ accepted: ['ada@x.test', 'bob@x.test', 'audit@x.test'], rejected: [] });
    expect(r.message_id).toMatch(/@atelier\.test>$/);
    const mail = received.at(-1)!;
    expect(mail).toMatchObject({ from: 'bot@atelier.test', to: ['ada@x.test', 'bob@x.test', 'audit@x.test'], user: 'mailer' });
    expect(mail.raw).toContain('Subject: Your video is ready');
    expect(mail.raw).toContain('Hello Ada');
    expect(mail.raw).toContain('filename=notes.txt');
    expect(mail.raw).not.toMatch(/^Bcc:/m);
    expect(JSON.stringify(r)).not.toContain('mail-pass-1');
  });

  it('fails on a refused login without echoing the password, and needs a body', async () => {
    const err = (await main('integration.smtp_send', { from: 'a@x.test', to: 'b@x.test', subject: 's', text: 't', credential: { host: '127.0.0.1', port, user: 'mailer', password: 'wrong-pass-77' } }).catch((e: unknown) => e)) as Error;
    expect(err).toMatchObject({ name: 'NodeError', type: 'smtp_error', retryable: false });
    expect(err.message).not.toContain('wrong-pass-77');
    await expect(main('integration.smtp_send', { from: 'a@x.test', to: 'b@x.test', subject: 's', credential: { host: '127.0.0.1', port } })).rejects.toMatchObject({ type: 'invalid_params' });
  });
});

describe('messaging nodes', () => {
  it('describe every param', () => {
    for (const t of ['rabbitmq_publish', 'rabbitmq_consume', 'mqtt_publish', 'mqtt_subscribe', 'nats_publish', 'nats_request', 'nats_jetstream_publish', 'smtp_send']) expect(undescribedParams(`integration.${t}`), t).toEqual([]);
  });
});
