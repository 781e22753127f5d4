import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Readable } from 'node:stream';

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

// IANA's special-purpose address registries (IPv4 and IPv6), whole: whatever is not globally
// reachable unicast is refused, and so are the anycast and relay blocks listed there (6to4 relays,
// AS112, AMT), which a user URL has no business naming. Multicast and the reserved 240/4 too.
const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.31.196.0', 24], ['192.52.193.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16],
  ['192.175.48.0', 24], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(prefix, bits, 'ipv4');
// IPv6 inside global unicast (2000::/3) that is special: IETF protocol assignments (Teredo,
// benchmarking, ORCHID, AS112…), documentation, AS112 delegation, documentation (3fff::/20), SRv6 SIDs.
for (const [prefix, bits] of [
  ['2001::', 23], ['2001:db8::', 32], ['2620:4f:8000::', 48], ['3fff::', 20], ['5f00::', 16],
] as const) blocked.addSubnet(prefix, bits, 'ipv6');
// Everything else special in IPv6 (loopback, unspecified, the IPv4-embedding prefixes, discard,
// NAT64 local use 64:ff9b:1::/48, unique- and link-local, site-local, multicast) lies outside
// 2000::/3, the only block IANA allocates for global unicast.
const globalUnicast = new net.BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

/** True when `address` must not be reached from user-controlled URLs. */
export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    // IPv4-mapped, IPv4-translated (SIIT), NAT64 and 6to4 forms (::ffff:127.0.0.1, ::ffff:7f00:1,
    // ::ffff:0:7f00:1, 64:ff9b::a00:1, 2002:7f00:1::) are judged by the IPv4 inside.
    const embedded = embeddedIpv4(address);
    if (embedded !== undefined) return isBlockedAddress(embedded);
    return !globalUnicast.check(address, 'ipv6') || blocked.check(address, 'ipv6');
  }
  return true;
}

/** The IPv4 address carried inside an IPv6 address, for the forms that route to it. */
function embeddedIpv4(address: string): string | undefined {
  const words = expandIpv6(address);
  if (!words) return undefined;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  if (zeros(0, 5) && words[5] === 0xffff) return v4(words[6]!, words[7]!); // ::ffff:0:0/96 mapped
  if (zeros(0, 4) && words[4] === 0xffff && words[5] === 0) return v4(words[6]!, words[7]!); // ::ffff:0:0:0/96 translated (SIIT)
  if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) return v4(words[6]!, words[7]!); // NAT64 well-known prefix
  if (words[0] === 0x2002) return v4(words[1]!, words[2]!); // 6to4
  // The deprecated IPv4-compatible form (::/96) is not decoded: outside 2000::/3, it is refused.
  return undefined;
}

/** Eight 16-bit words of an IPv6 address (zone id dropped, dotted tail converted). */
function expandIpv6(address: string): number[] | undefined {
  let a = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(a);
  if (dotted) {
    const [b0, b1, b2, b3] = dotted.slice(1).map(Number) as [number, number, number, number];
    a = a.slice(0, -dotted[0].length) + `${((b0 << 8) | b1).toString(16)}:${((b2 << 8) | b3).toString(16)}`;
  }
  const [head, tail] = a.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const words = tail === undefined ? h : [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  return words.length === 8 ? words.map((w) => parseInt(w || '0', 16)) : undefined;
}

/**
 * Operator exceptions to the refusal, exact `address:port` pairs (ATELIER_PRIVATE_NETWORK_ALLOW):
 * one internal service (a model server on 10.0.0.5:11434) without opening the whole private
 * network. Process-wide, like a firewall rule; set when Atelier starts. Redirect hops are checked
 * again, so an allowed service cannot bounce a request to another private address or port.
 */
const privateExceptions = new Set<string>();

/** Replaces the exceptions (entries as `parsePrivateTarget` returns them). */
export function setPrivateNetworkExceptions(entries: readonly string[]): void {
  privateExceptions.clear();
  for (const entry of entries) privateExceptions.add(entry);
}

/** `10.0.0.5:11434` or `[fd00::5]:8080` in the canonical form the checks compare; undefined when malformed. */
export function parsePrivateTarget(entry: string): string | undefined {
  const m = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(entry.trim());
  const port = Number(m?.[3]);
  const address = m?.[1] ?? m?.[2];
  if (!address || !net.isIP(address) || !(port >= 1 && port <= 65535)) return undefined;
  // The URL parser's canonical spelling (::1, not 0:0:0:0:0:0:0:1), as resolvers report addresses.
  return targetKey(new URL(`http://${net.isIPv6(address) ? `[${address}]` : address}`).hostname.replace(/^\[|\]$/g, ''), port);
}

const targetKey = (address: string, port: number) => `${net.isIPv6(address) ? `[${address}]` : address}:${port}`;
const urlPort = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** True when connecting to `address` on `port` must be refused. */
function refused(address: string, port: number, allowPrivate: boolean): boolean {
  return !allowPrivate && isBlockedAddress(address) && !privateExceptions.has(targetKey(address, port));
}

/**
 * A DNS lookup that refuses blocked addresses. Used as the socket's `lookup`, so the address
 * checked is the address connected to (no DNS-rebinding window between check and connect).
 */
function guardedLookup(allowPrivate: boolean, port: number): net.LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = (addresses as unknown as LookupAddress[]) ?? [];
      const allowed = list.filter((a) => !refused(a.address, port, allowPrivate));
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
  const port = urlPort(url);
  if (net.isIP(host)) {
    if (refused(host, port, false)) throw new BlockedAddressError(host, host);
    return url;
  }
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true }, (err, a) => (err ? reject(err) : resolve(a))),
  );
  const bad = addresses.find((a) => refused(a.address, port, false));
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
  /** Redirects to follow, each target checked again like the first (default 0: a 3xx is returned as is). */
  maxRedirects?: number;
}

export interface SafeFetchResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Outbound HTTP(S) for user-controlled URLs (webhooks, http node, image_url…): refuses loopback,
 * private and link-local targets after DNS resolution unless the deployment allows them, follows
 * redirects only when asked (`maxRedirects`, each hop re-checked), bounds time and size.
 */
export async function safeFetch(rawUrl: string, init: SafeFetchInit = {}, opts: { allowPrivateNetwork: boolean }): Promise<SafeFetchResponse> {
  let current = rawUrl;
  let method = init.method ?? 'GET';
  let body = init.body;
  for (let hop = 0; ; hop++) {
    const res = await fetchOnce(current, { ...init, method, body }, opts);
    const location = res.headers.location;
    if (res.status < 300 || res.status >= 400 || !location || hop >= (init.maxRedirects ?? 0)) return res;
    current = new URL(location, current).toString();
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
    }
  }
}

async function fetchOnce(rawUrl: string, init: SafeFetchInit, opts: { allowPrivateNetwork: boolean }): Promise<SafeFetchResponse> {
  const url = await assertPublicUrl(rawUrl, opts);
  const client = url.protocol === 'https:' ? https : http;
  const timeoutMs = init.timeoutMs ?? 30_000;
  const maxBytes = init.maxBytes ?? 10 * 1024 * 1024;

  return new Promise<SafeFetchResponse>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: init.method ?? 'GET',
        headers: init.headers,
        lookup: guardedLookup(opts.allowPrivateNetwork, urlPort(url)),
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
          // The body's last chunk can cross the cap and still end the response: refuse it rather
          // than answer with the truncated part.
          if (size > maxBytes) return reject(new FetchError(`Response body exceeds ${maxBytes} bytes`, 'too_large'));
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

/**
 * A WHATWG `fetch` for user-supplied URLs whose response streams (Server-Sent Events, MCP's
 * streamable HTTP): the same address rules as `safeFetch`, checked on the socket's own DNS lookup,
 * no redirects followed, no size or time bound beyond the caller's signal.
 */
export function streamingSafeFetch(opts: { allowPrivateNetwork: boolean }): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  return async (input, init = {}) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = await assertPublicUrl(raw, opts);
    const client = url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    const body = init.body;
    let payload: string | Buffer | undefined;
    if (typeof body === 'string') payload = body;
    else if (body instanceof URLSearchParams) payload = body.toString();
    else if (body instanceof ArrayBuffer) payload = Buffer.from(body);
    else if (ArrayBuffer.isView(body)) payload = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    else if (body != null) throw new FetchError('streamingSafeFetch sends string or byte bodies only', 'invalid_url');
    return new Promise<Response>((resolve, reject) => {
      const req = client.request(
        url,
        { method: init.method ?? 'GET', headers, lookup: guardedLookup(opts.allowPrivateNetwork, urlPort(url)), signal: init.signal ?? undefined, agent: false },
        (res) => {
          const out = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            if (Array.isArray(v)) for (const item of v) out.append(k, item);
            else if (v !== undefined) out.set(k, v);
          }
          const status = res.statusCode ?? 502;
          const empty = [101, 204, 205, 304].includes(status) || (init.method ?? 'GET').toUpperCase() === 'HEAD';
          if (empty) res.resume();
          resolve(new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status, statusText: res.statusMessage, headers: out }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  };
}
