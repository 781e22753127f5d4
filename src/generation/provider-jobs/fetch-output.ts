// Copies a provider's result into Atelier: provider result URLs expire, and clients only ever see
// Atelier's own URLs. Each hop of a redirect is checked like a user URL (src/infra/net) unless it
// is on the provider's configured host — the operator's own setting, which may be loopback or a
// private network (ComfyUI, a proxy); a redirect from there to anywhere else is checked again.
import { FetchError, safeFetch } from '../../infra/net/safe-fetch';
import { sniffContentType } from '../../storage/sniff';
import { ProviderError } from '../providers/errors';
import type { JobOutput } from '../providers/types';

/** The largest provider output copied (a long 1080p clip fits; anything bigger is refused). */
export const OUTPUT_MAX_BYTES = 512 * 1024 * 1024;
const MAX_REDIRECTS = 5;

export interface FetchOutputOptions {
  /** The provider's configured base URL(s): their hosts are trusted even when private. */
  providerBaseUrls: Array<string | undefined>;
  /** The deployment's ATELIER_ALLOW_PRIVATE_NETWORK (tests, closed networks). */
  allowPrivateNetwork: boolean;
  headers?: Record<string, string>;
  maxBytes?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

const origin = (u: string) => { try { const x = new URL(u); return `${x.protocol}//${x.host}`; } catch { return undefined; } };

/** The bytes of a job output and their real type (sniffed; the provider's claim is a fallback). */
export async function fetchOutput(output: JobOutput, opts: FetchOutputOptions): Promise<{ data: Buffer; mime: string }> {
  const maxBytes = opts.maxBytes ?? OUTPUT_MAX_BYTES;
  if ('data' in output) {
    if (output.data.length > maxBytes) throw new ProviderError('client', `the provider's output is larger than ${maxBytes} bytes`);
    return { data: output.data, mime: typed(output.data, output.mime) };
  }
  if (output.url.startsWith('data:')) {
    const m = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(output.url);
    if (!m) throw new ProviderError('retryable', 'the provider returned a malformed data URI');
    const data = m[2] ? Buffer.from(m[3]!, 'base64') : Buffer.from(decodeURIComponent(m[3]!), 'utf8');
    if (data.length > maxBytes) throw new ProviderError('client', `the provider's output is larger than ${maxBytes} bytes`);
    return { data, mime: typed(data, m[1] || output.mime) };
  }
  const trusted = new Set(opts.providerBaseUrls.map((u) => (u ? origin(u) : undefined)).filter(Boolean));
  let url = output.url;
  for (let hop = 0; ; hop++) {
    const here = origin(url);
    if (!here || !/^https?:/.test(here)) throw new ProviderError('client', `the provider's output URL is not http(s): ${url.slice(0, 100)}`);
    let res;
    try {
      res = await safeFetch(url, {
        headers: trusted.has(here) ? opts.headers : undefined,
        maxBytes,
        timeoutMs: opts.timeoutMs ?? 120_000,
        signal: opts.signal,
        maxRedirects: 0,
      }, { allowPrivateNetwork: opts.allowPrivateNetwork || trusted.has(here) });
    } catch (err) {
      const e = err as Error & { code?: string };
      if (e.name === 'BlockedAddressError') throw new ProviderError('client', `the provider's output URL points at an address Atelier does not reach (${e.message})`, { cause: err });
      if (err instanceof FetchError && e.code === 'too_large') throw new ProviderError('client', `the provider's output is larger than ${maxBytes} bytes`, { cause: err });
      throw new ProviderError('retryable', `could not download the provider's output: ${e.message}`, { cause: err });
    }
    if (res.status >= 300 && res.status < 400 && res.headers.location) {
      if (hop >= MAX_REDIRECTS) throw new ProviderError('retryable', 'the provider\'s output URL redirects too many times');
      url = new URL(res.headers.location, url).toString();
      continue;
    }
    if (res.status === 404 || res.status === 410 || res.status === 403) throw new ProviderError('client', `the provider's output is gone (${res.status}): its URL expired before it was copied`);
    if (res.status !== 200) throw new ProviderError('retryable', `downloading the provider's output answered ${res.status}`);
    if (res.body.length > maxBytes) throw new ProviderError('client', `the provider's output is larger than ${maxBytes} bytes`);
    return { data: res.body, mime: typed(res.body, output.mime ?? res.headers['content-type']) };
  }
}

/** What the bytes are; a claim only where sniffing knows nothing better (text, unknown binary). */
function typed(data: Buffer, claimed?: string): string {
  const sniffed = sniffContentType(data.subarray(0, 4100));
  if (sniffed !== 'application/octet-stream' && !sniffed.startsWith('text/')) return sniffed;
  return claimed?.split(';')[0]?.trim() || sniffed;
}

/** The file extension stored for a type. */
export function extensionOf(mime: string): string {
  const known: Record<string, string> = {
    'video/mp4': 'mp4', 'video/webm': 'webm', 'video/quicktime': 'mov', 'video/x-matroska': 'mkv', 'image/png': 'png', 'image/jpeg': 'jpg',
    'image/webp': 'webp', 'image/gif': 'gif', 'audio/mpeg': 'mp3', 'audio/wav': 'wav', 'audio/ogg': 'ogg', 'audio/flac': 'flac', 'audio/mp4': 'm4a',
    'model/gltf-binary': 'glb', 'model/gltf+json': 'gltf', 'model/obj': 'obj', 'application/zip': 'zip',
  };
  return known[mime] ?? 'bin';
}
