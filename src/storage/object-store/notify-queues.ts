import amqp from 'amqplib';
import { Redis } from 'ioredis';
import mqtt from 'mqtt';
import { connect as natsConnect } from 'nats';
import type { Deps } from '../../deps';
import { checkedAddress } from '../../engine/connections/resolve-host';
import { openSecret } from '../../platform/webhooks/secret-box';

/**
 * Queue targets of bucket notifications: a message per matching event, published to a broker the
 * account has stored as an engine connection (its secret is the broker URL with credentials, or a
 * JSON object {url, username, password}; or metadata {host, port} with the password as secret).
 * The broker host follows the rules of user URLs (resolved once, private ranges refused unless
 * the deployment allows them), and the client connects to the checked address.
 */
export const QUEUE_BROKERS = ['rabbitmq', 'mqtt', 'nats', 'redis'] as const;
export type QueueBroker = (typeof QUEUE_BROKERS)[number];

const SCHEMES: Record<QueueBroker, { schemes: string[]; port: number }> = {
  rabbitmq: { schemes: ['amqp', 'amqps'], port: 5672 },
  mqtt: { schemes: ['mqtt', 'mqtts'], port: 1883 },
  nats: { schemes: ['nats', 'tls'], port: 4222 },
  redis: { schemes: ['redis', 'rediss'], port: 6379 },
};
const TIMEOUT_MS = 10_000;

interface BrokerAddress {
  scheme: string;
  host: string;
  address: string;
  port: number;
  username?: string;
  password?: string;
  path: string;
}

function withTimeout<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} timed out`)), TIMEOUT_MS)))]).finally(() => clearTimeout(timer));
}

/** The connection's broker address, checked; throws with a message that names no secret. */
export async function brokerAddress(deps: Deps, accountId: string, connectionId: string, broker: QueueBroker): Promise<BrokerAddress> {
  const row = await deps.db.selectFrom('engine_connections').selectAll().where('id', '=', connectionId).where('account_id', '=', accountId).executeTakeFirst();
  if (!row) throw new Error(`connection ${connectionId} does not exist`);
  const secret = openSecret(deps.config.encryptionKey, row.secret_sealed);
  let cred: Record<string, unknown> = { ...row.metadata };
  if (secret.trim().startsWith('{')) {
    try {
      cred = { ...cred, ...(JSON.parse(secret) as Record<string, unknown>) };
    } catch {
      cred.password ??= secret;
    }
  } else if (/^[a-z]+:\/\//i.test(secret)) cred.url = secret;
  else cred.password ??= secret;
  const spec = SCHEMES[broker];
  const raw = typeof cred.url === 'string' ? cred.url : cred.host ? `${spec.schemes[0]}://${String(cred.host)}:${String(cred.port ?? spec.port)}` : undefined;
  if (!raw) throw new Error(`connection ${connectionId} names no broker (url, or host and port)`);
  const url = new URL(raw);
  const scheme = url.protocol.replace(':', '');
  if (!spec.schemes.includes(scheme)) throw new Error(`connection ${connectionId}: a ${broker} target needs a ${spec.schemes.join(' or ')} URL`);
  const address = await checkedAddress(url.hostname, { allowPrivateNetwork: deps.config.allowPrivateNetwork });
  return {
    scheme,
    host: url.hostname,
    address,
    port: url.port ? Number(url.port) : spec.port,
    username: (cred.username as string | undefined) ?? (url.username ? decodeURIComponent(url.username) : undefined),
    password: (cred.password as string | undefined) ?? (url.password ? decodeURIComponent(url.password) : undefined),
    path: url.pathname,
  };
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
      const client = await withTimeout(mqtt.connectAsync(`${b.scheme}://${host}:${b.port}`, { username: b.username, password: b.password, reconnectPeriod: 0, connectTimeout: TIMEOUT_MS }), 'MQTT connect');
      try {
        await withTimeout(client.publishAsync(topic, message, { qos: 1 }), 'MQTT publish');
      } finally {
        await client.endAsync().catch(() => undefined);
      }
      return;
    }
    case 'nats': {
      const nc = await natsConnect({ servers: `${host}:${b.port}`, user: b.username, pass: b.password, timeout: TIMEOUT_MS, reconnect: false, tls: tls ? {} : undefined });
      try {
        nc.publish(topic, new TextEncoder().encode(message));
        await withTimeout(nc.flush(), 'NATS flush');
      } finally {
        await nc.close().catch(() => undefined);
      }
      return;
    }
    case 'redis': {
      const redis = new Redis({ host, port: b.port, username: b.username, password: b.password, db: Number(b.path.replace(/^\//, '')) || 0, tls: tls ? { servername: b.host } : undefined, lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: TIMEOUT_MS });
      redis.on('error', () => undefined);
      try {
        await withTimeout(redis.connect(), 'Redis connect');
        // A list used as a queue: consumers take events with BLPOP/LPOP, oldest first.
        await redis.rpush(topic, message);
      } finally {
        redis.disconnect();
      }
      return;
    }
  }
}
