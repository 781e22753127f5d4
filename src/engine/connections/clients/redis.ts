// One Redis connection per node execution (ioredis), from the `redis` credentials slot.
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { NodeContext } from '../../contract/types';
import { NodeError } from '../../contract/node-error';
import { credential, inlineCredential, optionalField, redact } from './credentials';
import { checkedEndpoint } from './endpoint';

export const redisParams = () => ({
  credential: inlineCredential('{url: "redis://[:password@]host:6379/0"} or {host, port, password, db}'),
});

export async function withRedis<T>(ctx: NodeContext, inline: Record<string, unknown> | undefined, fn: (r: Redis) => Promise<T>): Promise<T> {
  const cred = await credential(ctx, 'redis', inline);
  const raw = optionalField(cred, ['url']) ?? (cred.host ? `redis://${cred.host}:${cred.port ?? 6379}/${cred.db ?? 0}` : undefined);
  if (!raw) throw new NodeError('missing credential: bind a redis connection to the "redis" slot or set params.credential.url', { type: 'missing_credential' });
  const ep = await checkedEndpoint(ctx, raw, { defaultPort: 6379, schemes: ['redis', 'rediss'], tlsSchemes: ['rediss'] });
  const password = optionalField(cred, ['password', 'secret']) ?? (ep.url.password ? decodeURIComponent(ep.url.password) : undefined);
  const client = new Redis({
    host: ep.tls ? ep.host : ep.address, port: ep.port, password, username: ep.url.username ? decodeURIComponent(ep.url.username) : undefined,
    db: Number(ep.url.pathname.replace(/^\//, '') || cred.db || 0), tls: ep.tls ? { servername: ep.host } : undefined,
    lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, connectTimeout: 10_000, commandTimeout: 30_000, retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await fn(client);
  } catch (err) {
    if (err instanceof NodeError) throw err;
    const message = redact((err as Error).message, [password]);
    throw new NodeError(`redis: ${message}`, { type: 'redis_error', retryable: /ECONNREFUSED|ETIMEDOUT|ECONNRESET|Connection is closed/.test(message) });
  } finally {
    client.disconnect();
  }
}

export const keyParam = () => z.string().min(1).max(1024).describe('The Redis key.');
