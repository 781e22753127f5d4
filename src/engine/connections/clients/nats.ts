import { connect, headers as natsHeaders, type NatsConnection } from 'nats';
import type { NodeContext } from '../../contract/types';
import { NodeError } from '../../contract/node-error';
import { brokerError, brokerTarget } from './brokers';

/**
 * What the NATS server answered, in words: nats.js reports a socket the server closed before its
 * greeting as CONNECTION_REFUSED too (the real refusal carries ECONNREFUSED underneath), and an
 * authentication refusal as the server's -ERR.
 */
function natsFailure(err: unknown, secrets: (string | undefined)[]): NodeError {
  const e = err as { code?: string; message?: string; chainedError?: { message?: string } };
  if (e.code === 'CONNECTION_REFUSED') {
    const cause = e.chainedError?.message ?? '';
    return /ECONNREFUSED/.test(cause)
      ? new NodeError(`nats: connection refused (${cause})`, { type: 'nats_error', retryable: true })
      : new NodeError('nats: the server closed the connection before it was established', { type: 'nats_error', retryable: true });
  }
  if (e.code === 'AUTHORIZATION_VIOLATION' || e.code === 'AUTHENTICATION_EXPIRED' || e.code === 'AUTHENTICATION_TIMEOUT') {
    return new NodeError(`nats: the server refused the credential: ${(e.message ?? e.code).replace(/^'|'$/g, '')}`, { type: 'nats_refused' });
  }
  if (e.code === 'TIMEOUT') return new NodeError('nats: connect timed out: the server sent nothing back', { type: 'timeout', retryable: true });
  return brokerError('nats', err, secrets);
}

/** One NATS connection for one node execution (the `nats` slot: url, user/password or token). */
export async function withNats<T>(ctx: NodeContext, inline: Record<string, unknown> | undefined, fn: (nc: NatsConnection) => Promise<T>): Promise<T> {
  const t = await brokerTarget(ctx, 'nats', inline, 'nats');
  let nc: NatsConnection | undefined;
  try {
    nc = await connect({
      servers: `${t.endpoint.tls ? t.endpoint.host : t.endpoint.address.includes(':') ? `[${t.endpoint.address}]` : t.endpoint.address}:${t.endpoint.port}`,
      user: t.username, pass: t.token ? undefined : t.password, token: t.token, timeout: 10_000, reconnect: false, name: `atelier-${ctx.nodeId}`,
      ...(t.endpoint.tls ? { tls: {} } : {}),
    });
  } catch (err) {
    throw natsFailure(err, [t.password, t.token]);
  }
  try {
    return await fn(nc);
  } catch (err) {
    throw brokerError('nats', err, [t.password, t.token]);
  } finally {
    await nc.close().catch(() => undefined);
  }
}

export function natsHeaderSet(values: Record<string, string>) {
  if (Object.keys(values).length === 0) return undefined;
  const h = natsHeaders();
  for (const [k, v] of Object.entries(values)) h.set(k, v);
  return h;
}
