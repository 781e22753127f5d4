// Connections to message brokers (RabbitMQ, MQTT, NATS) for one node execution, from credential
// slots, with the broker host checked like a user URL and secrets kept out of errors.
import type { NodeContext } from '../../src/engine/types';
import { NodeError } from '../../src/engine/contract/node-error';
import { credential, optionalField, redact } from './credentials';
import { checkedEndpoint, type CheckedEndpoint } from './endpoint';

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
