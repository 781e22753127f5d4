// One Redis connection per node execution (ioredis), from the `redis` credentials slot.
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { NodeContext } from '../../contract/types';
import { NodeError } from '../../contract/node-error';
import { inlineCredential, redact } from './credentials';
import { brokerTarget } from './brokers';

export const redisParams = () => ({
  credential: inlineCredential('{url: "redis://[:password@]host:6379/0"} or {host, port, password, db}'),
});

/**
 * The server's own answer when a connection fails: ioredis rejects connect() with "Connection is
 * closed" and gives the reason (WRONGPASS, NOAUTH, a refused port) only as an `error` event.
 */
export function redisFailure(err: unknown, lastError: Error | undefined, password: string | undefined): NodeError {
  if (err instanceof NodeError) return err;
  const reply = lastError && lastError.name === 'ReplyError' ? lastError : (err as Error).name === 'ReplyError' ? (err as Error) : undefined;
  if (reply) {
    const refused = /^(WRONGPASS|NOAUTH|NOPERM)/.test(reply.message);
    return new NodeError(`redis: ${refused ? 'the server refused the credential: ' : ''}${redact(reply.message, [password])}`, { type: refused ? 'redis_refused' : 'redis_error' });
  }
  const cause = lastError ?? (err as Error);
  const message = redact(cause.message, [password]);
  if (/EPIPE|ECONNRESET|Connection is closed/.test(message)) return new NodeError('redis: the server closed the connection before answering', { type: 'redis_error', retryable: true });
  return new NodeError(`redis: ${message}`, { type: 'redis_error', retryable: /ECONNREFUSED|ETIMEDOUT/.test(message) });
}

export async function withRedis<T>(ctx: NodeContext, inline: Record<string, unknown> | undefined, fn: (r: Redis) => Promise<T>): Promise<T> {
  const t = await brokerTarget(ctx, 'redis', inline, 'redis');
  const ep = t.endpoint;
  const client = new Redis({
    host: ep.tls ? ep.host : ep.address, port: ep.port, password: t.password, username: t.username,
    db: t.db, tls: ep.tls ? { servername: ep.host } : undefined,
    lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, connectTimeout: 10_000, commandTimeout: 30_000, retryStrategy: () => null,
  });
  let lastError: Error | undefined;
  client.on('error', (err: Error) => { lastError = err; });
  try {
    try {
      await client.connect();
    } catch (err) {
      throw redisFailure(err, lastError, t.password);
    }
    return await fn(client);
  } catch (err) {
    throw redisFailure(err, undefined, t.password);
  } finally {
    client.disconnect();
  }
}

export const keyParam = () => z.string().min(1).max(1024).describe('The Redis key.');
