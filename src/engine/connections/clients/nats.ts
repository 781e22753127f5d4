import { connect, headers as natsHeaders, type NatsConnection } from 'nats';
import type { NodeContext } from '../../contract/types';
import { brokerError, brokerTarget } from './brokers';
import { credential, optionalField } from './credentials';

/** One NATS connection for one node execution (the `nats` slot: url, user/password or token). */
export async function withNats<T>(ctx: NodeContext, inline: Record<string, unknown> | undefined, fn: (nc: NatsConnection) => Promise<T>): Promise<T> {
  const t = await brokerTarget(ctx, 'nats', inline, { defaultPort: 4222, schemes: ['nats', 'tls'], tlsSchemes: ['tls'] });
  const token = optionalField(await credential(ctx, 'nats', inline), ['token']);
  let nc: NatsConnection | undefined;
  try {
    nc = await connect({
      servers: `${t.endpoint.tls ? t.endpoint.host : t.endpoint.address.includes(':') ? `[${t.endpoint.address}]` : t.endpoint.address}:${t.endpoint.port}`,
      user: t.username, pass: token ? undefined : t.password, token, timeout: 10_000, reconnect: false, name: `atelier-${ctx.nodeId}`,
      ...(t.endpoint.tls ? { tls: {} } : {}),
    });
    return await fn(nc);
  } catch (err) {
    throw brokerError('nats', err, [t.password, token]);
  } finally {
    await nc?.close().catch(() => undefined);
  }
}

export function natsHeaderSet(values: Record<string, string>) {
  if (Object.keys(values).length === 0) return undefined;
  const h = natsHeaders();
  for (const [k, v] of Object.entries(values)) h.set(k, v);
  return h;
}
