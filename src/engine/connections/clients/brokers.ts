// Connections to message brokers (RabbitMQ, MQTT, NATS) for one node execution, from credential
// slots, with the broker host checked like a user URL and secrets kept out of errors.
import amqp from 'amqplib';
import mqtt from 'mqtt';
import type { NodeContext } from '../../contract/types';
import { NodeError } from '../../contract/node-error';
import { boundConnection, redact } from './credentials';
import { BROKERS, readBrokerSecret, SecretFormError, type Broker, type BrokerSecret } from './broker-secret';
import { checkedEndpoint, withTimeout, type CheckedEndpoint } from './endpoint';

export type { Broker } from './broker-secret';

/** How long a broker may stay silent after the socket opens before we call it a time-out. */
const CONNECT_TIMEOUT_MS = 10_000;

export interface BrokerTarget { endpoint: CheckedEndpoint; username?: string; password?: string; token?: string; db: number; vhost: string }

/** Inline fields that are credentials: with a bound connection, only the connection gives them. */
const INLINE_SECRET_FIELDS = new Set(['password', 'pass', 'secret', 'token']);

/**
 * The broker and credential for `slot`: the bound connection read by readBrokerSecret (every form
 * its provider accepts), else the inline params; the host is then checked like a user URL.
 */
export async function brokerTarget(ctx: NodeContext, slot: string, inline: Record<string, unknown> | undefined, broker: Broker): Promise<BrokerTarget> {
  const c = await boundConnection(ctx, slot, inline);
  let s: BrokerSecret;
  try {
    s = c
      ? readBrokerSecret(broker, { metadata: { ...Object.fromEntries(Object.entries(inline ?? {}).filter(([k]) => !INLINE_SECRET_FIELDS.has(k))), ...c.metadata }, secret: c.secret })
      : readBrokerSecret(broker, { metadata: inline ?? {} });
  } catch (err) {
    if (!(err instanceof SecretFormError)) throw err;
    if (!c && err.loc.join('.') === 'credential.url') {
      throw new NodeError(`missing credential: bind a connection to the "${slot}" slot (credentials: {"${slot}": "<connection_id>"}) or set params.credential.url`, { type: 'missing_credential' });
    }
    const where = c ? `the connection bound to the "${slot}" slot (${c.connectionId}), ${err.loc.join('.')}` : `params.${err.loc.join('.')}`;
    throw new NodeError(`${where}: ${err.message}`, { type: 'invalid_credential' });
  }
  const spec = BROKERS[broker];
  const endpoint = await checkedEndpoint(ctx, s.url, { defaultPort: spec.defaultPort, schemes: spec.schemes, tlsSchemes: spec.tlsSchemes });
  return { endpoint, username: s.username, password: s.password, token: s.token, db: s.db, vhost: s.vhost };
}

/** A broker client's failure as a node error, secrets redacted; a NodeError (already in words) passes as it is. */
export function brokerError(kind: string, err: unknown, secrets: (string | undefined)[]): NodeError {
  if (err instanceof NodeError) return err;
  const e = err as { message?: string; code?: string };
  const message = redact(e.message ?? String(err), secrets);
  const transient = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|CONNECTION_REFUSED|closed|timeout/i.test(`${message} ${e.code ?? ''}`);
  return new NodeError(`${kind}: ${message}`, { type: `${kind}_error`, retryable: transient });
}

/** The `rabbitmq` slot's broker target (amqp://, amqps://). */
export const amqpTarget = (ctx: NodeContext, inline: Record<string, unknown> | undefined) =>
  brokerTarget(ctx, 'rabbitmq', inline, 'rabbitmq');

/** An AMQP 0-9-1 connection to a checked target (guest/guest when it names no user); the caller closes it. */
export async function connectAmqp(t: BrokerTarget): Promise<amqp.ChannelModel> {
  const conn = await withTimeout(amqp.connect({
    protocol: t.endpoint.url.protocol.replace(':', ''), hostname: t.endpoint.tls ? t.endpoint.host : t.endpoint.address, port: t.endpoint.port,
    username: t.username ?? 'guest', password: t.password ?? 'guest', vhost: t.vhost,
  }, { servername: t.endpoint.host }), CONNECT_TIMEOUT_MS, 'AMQP connect');
  conn.on('error', () => undefined);
  return conn;
}

/** The `mqtt` slot's broker target (mqtt://, mqtts://). */
export const mqttTarget = (ctx: NodeContext, inline: Record<string, unknown> | undefined) =>
  brokerTarget(ctx, 'mqtt', inline, 'mqtt');

/**
 * An MQTT connection to a checked target (no reconnects); the caller ends it. Settles on the
 * broker's first answer: a CONNACK that accepts, a refusal with its return code, or the socket
 * closing unanswered; "timed out" only when nothing came back within 10 s.
 */
export function connectMqtt(t: BrokerTarget, clientId?: string): Promise<mqtt.MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(t.endpoint.url.toString(), {
      username: t.username, password: t.password, reconnectPeriod: 0, connectTimeout: CONNECT_TIMEOUT_MS * 2, servername: t.endpoint.host, ...(clientId ? { clientId } : {}),
    });
    const settle = (err?: NodeError) => {
      clearTimeout(timer);
      client.removeListener('connect', onConnect).removeListener('error', onError).removeListener('close', onClose);
      if (!err) return resolve(client);
      client.on('error', () => undefined);
      client.end(true);
      reject(err);
    };
    const onConnect = () => settle();
    const onError = (err: Error & { code?: string | number }) => {
      const message = redact(err.message, [t.password]);
      if (typeof err.code === 'number') settle(new NodeError(`mqtt: the broker refused the connection (CONNACK return code ${err.code}): ${message.replace(/^Connection refused:\s*/i, '')}`, { type: 'mqtt_refused' }));
      else settle(new NodeError(`mqtt: ${message}`, { type: 'mqtt_error', retryable: true }));
    };
    const onClose = () => settle(new NodeError('mqtt: the broker closed the connection without answering CONNECT (no CONNACK)', { type: 'mqtt_error', retryable: true }));
    const timer = setTimeout(() => settle(new NodeError(`MQTT connect timed out after ${CONNECT_TIMEOUT_MS / 1000} s: the broker sent nothing back`, { type: 'timeout', retryable: true })), CONNECT_TIMEOUT_MS);
    client.once('connect', onConnect).once('error', onError).once('close', onClose);
  });
}
