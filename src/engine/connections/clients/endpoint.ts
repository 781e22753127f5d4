// Service endpoints given as URLs (redis://, amqp://, mqtt://, nats://, smtp hosts) follow the
// SSRF rules of user URLs: the host is resolved once and checked (loopback/private refused unless
// the deployment allows them), and a plain-text connection goes to the checked address.
import { BlockedAddressError } from '../../../infra/net/safe-fetch';
import { checkedAddress } from '../resolve-host';
import type { NodeContext } from '../../contract/types';
import { NodeError } from '../../contract/node-error';

export interface CheckedEndpoint {
  /** The URL with its host replaced by the checked address (unless TLS, which needs the name). */
  url: URL;
  host: string;
  address: string;
  port: number;
  tls: boolean;
}

export async function checkedEndpoint(ctx: NodeContext, raw: string, opts: { defaultPort: number; schemes: string[]; tlsSchemes?: string[] }): Promise<CheckedEndpoint> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new NodeError(`invalid service URL (expected ${opts.schemes.map((s) => `${s}://host:port`).join(' or ')})`, { type: 'invalid_params' });
  }
  const scheme = url.protocol.replace(/:$/, '');
  if (!opts.schemes.includes(scheme)) throw new NodeError(`unsupported URL scheme "${scheme}" (use ${opts.schemes.join(', ')})`, { type: 'invalid_params' });
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let address: string;
  try {
    address = await checkedAddress(host, { allowPrivateNetwork: ctx.allowPrivateNetwork });
  } catch (err) {
    if (err instanceof BlockedAddressError) throw new NodeError(err.message, { type: 'blocked_address' });
    throw new NodeError(`cannot resolve ${host}: ${(err as Error).message}`, { type: 'connection_error', retryable: true });
  }
  const tls = (opts.tlsSchemes ?? []).includes(scheme);
  const checked = new URL(url.toString());
  if (!tls) checked.hostname = address.includes(':') ? `[${address}]` : address;
  return { url: checked, host, address, port: Number(url.port || opts.defaultPort), tls };
}

/** A promise that rejects after `ms` (the caller closes its client in `finally`). */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new NodeError(`${what} timed out after ${ms / 1000} s`, { type: 'timeout', retryable: true })), ms); }),
  ]).finally(() => clearTimeout(timer));
}

/** Message payloads: strings as they are, everything else as JSON. */
export function payloadText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
}

/** Decodes a received payload: JSON when it parses, else text. */
export function decodePayload(data: Buffer | Uint8Array | string): { text: string; json: unknown } {
  const text = typeof data === 'string' ? data : Buffer.from(data).toString('utf8');
  try {
    return { text, json: JSON.parse(text) as unknown };
  } catch {
    return { text, json: null };
  }
}
