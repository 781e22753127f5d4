import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** Thrown when a user-supplied URL resolves to an address we refuse to reach. */
export class BlockedAddressError extends Error {
  constructor(readonly host: string, readonly address: string) {
    super(`Refusing to connect to ${host} (${address}): loopback, private, link-local and reserved addresses are not allowed`);
    this.name = 'BlockedAddressError';
  }
}

export class FetchError extends Error {
  constructor(message: string, readonly code: 'timeout' | 'too_large' | 'network' | 'invalid_url') {
    super(message);
    this.name = 'FetchError';
  }
}

const blocked = new net.BlockList();
// IPv4: this-network, private, CGNAT, loopback, link-local, IETF, TEST-NETs, benchmarking, multicast, reserved.
for (const [prefix, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(prefix, bits, 'ipv4');
// IPv6: unspecified, loopback, unique-local, link-local, site-local, multicast, documentation, NAT64 to private.
for (const [prefix, bits] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['2001:db8::', 32],
] as const) blocked.addSubnet(prefix, bits, 'ipv6');

/** True when `address` must not be reached from user-controlled URLs. */
export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const lower = address.toLowerCase();
    // IPv4-mapped / -compatible forms (::ffff:127.0.0.1, ::ffff:7f00:1) are judged as IPv4.
    const mapped = /^::(ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    if (mapped?.[2]) return blocked.check(mapped[2], 'ipv4');
    const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
    if (hexMapped?.[1] && hexMapped[2]) {
      const hi = parseInt(hexMapped[1], 16), lo = parseInt(hexMapped[2], 16);
      return blocked.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
    }
    return blocked.check(address, 'ipv6');
  }
  return true;
}

/**
 * A DNS lookup that refuses blocked addresses. Used as the socket's `lookup`, so the address
 * checked is the address connected to (no DNS-rebinding window between check and connect).
 */
function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = (addresses as unknown as LookupAddress[]) ?? [];
      const allowed = allowPrivate ? list : list.filter((a) => !isBlockedAddress(a.address));
      const first = allowed[0];
      if (!first) return callback(new BlockedAddressError(hostname, list[0]?.address ?? 'unresolved'), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      callback(null, first.address, first.family);
    });
  };
}

/** Resolves a URL's host and throws BlockedAddressError when it is not a public address. */
export async function assertPublicUrl(rawUrl: string, opts: { allowPrivateNetwork: boolean }): Promise<URL> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new FetchError(`Invalid URL: ${rawUrl}`, 'invalid_url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError(`Unsupported URL scheme: ${url.protocol}`, 'invalid_url');
  if (opts.allowPrivateNetwork) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) {
    if (isBlockedAddress(host)) throw new BlockedAddressError(host, host);
    return url;
  }
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true }, (err, a) => (err ? reject(err) : resolve(a))),
  );
  const bad = addresses.find((a) => isBlockedAddress(a.address));
  if (bad || addresses.length === 0) throw new BlockedAddressError(host, bad?.address ?? 'unresolved');
  return url;
}

export interface SafeFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer | Uint8Array;
  signal?: AbortSignal;
  /** Whole-request timeout (default 30 s). */
  timeoutMs?: number;
  /** Largest response body accepted (default 10 MiB). */
  maxBytes?: number;
  /** Extra CA certificates to trust (tests' self-signed receivers). */
  ca?: string | Buffer;
}

export interface SafeFetchResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Outbound HTTP(S) for user-controlled URLs (webhooks, http node, image_url…): refuses loopback,
 * private and link-local targets after DNS resolution unless the deployment allows them, follows
 * no redirects, bounds time and size.
 */
export async function safeFetch(rawUrl: string, init: SafeFetchInit = {}, opts: { allowPrivateNetwork: boolean }): Promise<SafeFetchResponse> {
  const url = await assertPublicUrl(rawUrl, opts);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!opts.allowPrivateNetwork && net.isIP(host) && isBlockedAddress(host)) throw new BlockedAddressError(host, host);
  const client = url.protocol === 'https:' ? https : http;
  const timeoutMs = init.timeoutMs ?? 30_000;
  const maxBytes = init.maxBytes ?? 10 * 1024 * 1024;

  return new Promise<SafeFetchResponse>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: init.method ?? 'GET',
        headers: init.headers,
        lookup: guardedLookup(opts.allowPrivateNetwork),
        signal: init.signal,
        ca: init.ca,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            req.destroy(new FetchError(`Response body exceeds ${maxBytes} bytes`, 'too_large'));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new FetchError(`Request timed out after ${timeoutMs} ms`, 'timeout')));
    req.on('error', (err) => reject(err instanceof BlockedAddressError || err instanceof FetchError ? err : Object.assign(new FetchError(err.message, 'network'), { cause: err })));
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}
