// Connections to message brokers (RabbitMQ, MQTT, NATS) for one node execution, from credential
// slots, with the broker host checked like a user URL and secrets kept out of errors.
import amqp from 'amqplib';
import mqtt from 'mqtt';
import type { NodeContext } from '../../contract/types';
import { NodeError } from '../../contract/node-error';
import { credential, optionalField, redact } from './credentials';
import { checkedEndpoint, withTimeout, type CheckedEndpoint } from './endpoint';

export interface BrokerTarget { endpoint: CheckedEndpoint; username?: string; password?: string }

export async function brokerTarget(ctx: NodeContext, slot: string, inline: Record<string, unknown> | undefined, opts: { defaultPort: number; schemes: string[]; tlsSchemes: string[] }): Promise<BrokerTarget> {
  const cred = await credential(ctx, slot, inline);
  const raw = optionalField(cred, ['url']) ?? (cred.host ? `${opts.schemes[0]}://${String(cred.host)}:${String(cred.port ?? opts.defaultPort)}` : undefined);
  if (!raw) throw new NodeError(`missing credential: bind a connection to the "${slot}" slot or set params.credential.url`, { type: 'missing_credential' });
  const endpoint = await checkedEndpoint(ctx, raw, opts);
  const username = optionalField(cred, ['username', 'user']) ?? (endpoint.url.username ? decodeURIComponent(endpoint.url.username) : undefined);
  const password = optionalField(cred, ['password', 'secret']) ?? (endpoint.url.password ? decodeURIComponent(endpoint.url.password) : undefined);
  endpoint.url.username = '';
  endpoint.url.password = '';
  return { endpoint, username, password };
}

export function brokerError(kind: string, err: unknown, secrets: (string | undefined)[]): NodeError {
  if (err instanceof NodeError) return err;
  const e = err as { message?: string; code?: string };
  const message = redact(e.message ?? String(err), secrets);
  const transient = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|CONNECTION_REFUSED|closed|timeout/i.test(`${message} ${e.code ?? ''}`);
  return new NodeError(`${kind}: ${message}`, { type: `${kind}_error`, retryable: transient });
}

/** The `rabbitmq` slot's broker target (amqp://, amqps://). */
export const amqpTarget = (ctx: NodeContext, inline: Record<string, unknown> | undefined) =>
  brokerTarget(ctx, 'rabbitmq', inline, { defaultPort: 5672, schemes: ['amqp', 'amqps'], tlsSchemes: ['amqps'] });

/** An AMQP 0-9-1 connection to a checked target (guest/guest when it names no user); the caller closes it. */
export async function connectAmqp(t: BrokerTarget): Promise<amqp.ChannelModel> {
  const conn = await withTimeout(amqp.connect({
    protocol: t.endpoint.url.protocol.replace(':', ''), hostname: t.endpoint.tls ? t.endpoint.host : t.endpoint.address, port: t.endpoint.port,
    username: t.username ?? 'guest', password: t.password ?? 'guest', vhost: decodeURIComponent(t.endpoint.url.pathname.replace(/^\//, '')) || '/',
  }, { servername: t.endpoint.host }), 10_000, 'AMQP connect');
  conn.on('error', () => undefined);
  return conn;
}

/** The `mqtt` slot's broker target (mqtt://, mqtts://). */
export const mqttTarget = (ctx: NodeContext, inline: Record<string, unknown> | undefined) =>
  brokerTarget(ctx, 'mqtt', inline, { defaultPort: 1883, schemes: ['mqtt', 'mqtts'], tlsSchemes: ['mqtts'] });

/** An MQTT connection to a checked target (no reconnects); the caller ends it. */
export function connectMqtt(t: BrokerTarget, clientId?: string): Promise<mqtt.MqttClient> {
  return withTimeout(mqtt.connectAsync(t.endpoint.url.toString(), {
    username: t.username, password: t.password, reconnectPeriod: 0, connectTimeout: 10_000, servername: t.endpoint.host, ...(clientId ? { clientId } : {}),
  }), 12_000, 'MQTT connect');
}
