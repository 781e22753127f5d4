import { z } from 'zod';
import { BlockedAddressError, FetchError, type NodeDefinition, NodeError, safeFetch } from '../../../src/engine/node-sdk';

const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

const params = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']).default('GET').describe('HTTP method'),
  url: z.string().url().refine((u) => /^https?:\/\//i.test(u), 'url must be http or https').describe('Target URL (loopback and private addresses are refused)'),
  headers: z.record(z.string(), z.string()).default({}).describe('Request headers'),
  query: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}).describe('Query parameters added to the URL'),
  /** Objects and arrays are sent as JSON; strings as they are. */
  body: z.unknown().optional().describe('JSON body (objects) or text'),
  timeout_s: z.number().positive().max(300).default(30).describe('Request timeout in seconds'),
  /** When true, a 4xx/5xx status fails the node (5xx and 429 are retryable) instead of being emitted. */
  fail_on_status: z.boolean().default(false).describe('Fail the node on a 4xx or 5xx answer'),
});

/** Calls a URL through the SSRF guard; `main` = `{status, headers, body}`. */
export const httpRequest: NodeDefinition<typeof params> = {
  type: 'http.request',
  version: 1,
  category: 'http',
  name: 'HTTP request',
  description: 'Sends an HTTP request; `main` = {status, headers, body} with JSON bodies parsed, text as a string and other bodies base64. Loopback, private and link-local targets are refused after DNS resolution unless the deployment sets ATELIER_ALLOW_PRIVATE_NETWORK=1. No redirects are followed; responses over 10 MB fail.',
  tags: ['http', 'api', 'integration'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{status, headers, body}' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 330 },
  async execute(ctx, { params: p }) {
    const url = new URL(p.url);
    for (const [k, v] of Object.entries(p.query)) url.searchParams.append(k, String(v));
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(p.headers)) headers[k.toLowerCase()] = v;
    let body: string | undefined;
    if (p.body !== undefined && p.body !== null && p.method !== 'GET' && p.method !== 'HEAD') {
      if (typeof p.body === 'string') body = p.body;
      else {
        body = JSON.stringify(p.body);
        headers['content-type'] ??= 'application/json';
      }
    }
    let res;
    try {
      res = await safeFetch(url.toString(), {
        method: p.method, headers, body, signal: ctx.signal, timeoutMs: Math.round(p.timeout_s * 1000), maxBytes: MAX_RESPONSE_BYTES,
      }, { allowPrivateNetwork: ctx.allowPrivateNetwork });
    } catch (err) {
      if (err instanceof BlockedAddressError) throw new NodeError(err.message, { type: 'blocked_address', retryable: false });
      const message = err instanceof Error ? err.message : String(err);
      // Timeouts and network errors may pass; a bad URL or an oversized answer will not.
      const permanent = err instanceof FetchError && (err.code === 'invalid_url' || err.code === 'too_large');
      throw new NodeError(`HTTP request to ${url.host} failed: ${message}`, { type: 'http_error', retryable: !permanent });
    }
    if (p.fail_on_status && res.status >= 400) {
      throw new NodeError(`HTTP ${res.status} from ${url.host}`, { type: 'http_status', retryable: res.status >= 500 || res.status === 429 });
    }
    return { output: { main: { status: res.status, headers: res.headers, body: decodeBody(res.body, res.headers['content-type']) } } };
  },
};

export function decodeBody(data: Buffer, contentType: string | undefined): unknown {
  if (data.length === 0) return null;
  const type = (contentType ?? '').toLowerCase();
  if (/[/+]json\b/.test(type)) {
    try {
      return JSON.parse(data.toString('utf8')) as unknown;
    } catch {
      return data.toString('utf8');
    }
  }
  const texty = type === '' || type.startsWith('text/') || /xml|javascript|x-www-form-urlencoded|yaml|csv/.test(type);
  if (texty) {
    const text = data.toString('utf8');
    if (type !== '' || !text.includes('\uFFFD')) return text;
  }
  return data.toString('base64');
}
