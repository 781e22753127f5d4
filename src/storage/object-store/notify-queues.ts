import amqp from 'amqplib';
import { Redis } from 'ioredis';
import { connect as natsConnect } from 'nats';
import type { Deps } from '../../deps';
import { checkedAddress } from '../../engine/connections/resolve-host';
import { openSecret } from '../../platform/webhooks/secret-box';
import { readBrokerSecret, SecretFormError, type BrokerSecret } from '../../engine/connections/clients/broker-secret';
import { connectMqtt } from '../../engine/connections/clients/brokers';
import { redisFailure } from '../../engine/connections/clients/redis';

/**
 * Queue targets of bucket notifications: a message per matching event, published to a broker the
 * account has stored as an engine connection (read as the engine reads it: see brokerAddress).
 * The broker host follows the rules of user URLs (resolved once, private ranges refused unless
 * the deployment allows them), and the client connects to the checked address.
 */
export const QUEUE_BROKERS = ['rabbitmq', 'mqtt', 'nats', 'redis'] as const;
export type QueueBroker = (typeof QUEUE_BROKERS)[number];

const TIMEOUT_MS = 10_000;

interface BrokerAddress {
  scheme: string;
  host: string;
  address: string;
  port: number;
  username?: string;
  password?: string;
  token?: string;
  path: string;
}

function withTimeout<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} timed out`)), TIMEOUT_MS)))]).finally(() => clearTimeout(timer));
}

/**
 * The connection's broker address, checked; throws with a message that names no secret. The
 * connection is read as the engine's nodes read it (readBrokerSecret: every form of secret the
 * provider accepts, docs/engine.md "Connection secrets, per provider").
 */
export async function brokerAddress(deps: Deps, accountId: string, connectionId: string, broker: QueueBroker): Promise<BrokerAddress> {
  const row = await deps.db.selectFrom('engine_connections').selectAll().where('id', '=', connectionId).where('account_id', '=', accountId).executeTakeFirst();
  if (!row) throw new Error(`connection ${connectionId} does not exist`);
  let s: BrokerSecret;
  try {
    s = readBrokerSecret(broker, { metadata: row.metadata, secret: openSecret(deps.config.encryptionKey, row.secret_sealed) });
  } catch (err) {
    if (err instanceof SecretFormError) throw new Error(`connection ${connectionId}, ${err.loc.join('.')}: ${err.message}`);
    throw err;
  }
  const address = await checkedAddress(s.host, { allowPrivateNetwork: deps.config.allowPrivateNetwork });
  const path = broker === 'redis' ? `/${s.db}` : broker === 'rabbitmq' ? `/${encodeURIComponent(s.vhost)}` : '';
  return { scheme: s.scheme, host: s.host, address, port: s.port, username: s.username, password: s.password, token: s.token, path };
}

/** Publishes one message; resolves once the broker has it (confirm / QoS 1 / flush / reply). */
export async function publish(broker: QueueBroker, b: BrokerAddress, topic: string, message: string): Promise<void> {
  const tls = ['amqps', 'mqtts', 'tls', 'rediss'].includes(b.scheme);
  const host = tls ? b.host : b.address;
  switch (broker) {
    case 'rabbitmq': {
      const conn = await withTimeout(
        amqp.connect({ protocol: b.scheme, hostname: host, port: b.port, username: b.username ?? 'guest', password: b.password ?? 'guest', vhost: decodeURIComponent(b.path.replace(/^\//, '')) || '/' }),
        'AMQP connect',
      );
      conn.on('error', () => undefined);
      try {
        const ch = await conn.createConfirmChannel();
        // A durable queue named by the topic, so events wait there for their consumer.
        await ch.assertQueue(topic, { durable: true });
        ch.publish('', topic, Buffer.from(message), { persistent: true, contentType: 'application/json' });
        await withTimeout(ch.waitForConfirms(), 'AMQP publish confirm');
        await ch.close();
      } finally {
        await conn.close().catch(() => undefined);
      }
      return;
    }
    case 'mqtt': {
      // The engine's MQTT client: a refused CONNECT or a socket closed unanswered is reported at once,
      // a time-out only when the broker sent nothing back.
      const url = new URL(`${b.scheme}://${host}:${b.port}`);
      const client = await connectMqtt({ endpoint: { url, host: b.host, address: b.address, port: b.port, tls }, username: b.username, password: b.password, db: 0, vhost: '/' });
      try {
        await withTimeout(client.publishAsync(topic, message, { qos: 1 }), 'MQTT publish');
      } finally {
        await client.endAsync().catch(() => undefined);
      }
      return;
    }
    case 'nats': {
      const nc = await natsConnect({ servers: `${host}:${b.port}`, user: b.username, pass: b.token ? undefined : b.password, token: b.token, timeout: TIMEOUT_MS, reconnect: false, tls: tls ? {} : undefined });
      try {
        nc.publish(topic, new TextEncoder().encode(message));
        await withTimeout(nc.flush(), 'NATS flush');
      } finally {
        await nc.close().catch(() => undefined);
      }
      return;
    }
    case 'redis': {
      const redis = new Redis({ host, port: b.port, username: b.username, password: b.password, db: Number(b.path.replace(/^\//, '')) || 0, tls: tls ? { servername: b.host } : undefined, lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null, connectTimeout: TIMEOUT_MS });
      // ioredis only says "Connection is closed"; the broker's reason (WRONGPASS, NOAUTH) comes as an error event.
      let lastError: Error | undefined;
      redis.on('error', (err: Error) => { lastError = err; });
      try {
        await withTimeout(redis.connect(), 'Redis connect').catch((err: unknown) => { throw redisFailure(err, lastError, b.password); });
        // A list used as a queue: consumers take events with BLPOP/LPOP, oldest first.
        await redis.rpush(topic, message);
      } finally {
        redis.disconnect();
      }
      return;
    }
  }
}
