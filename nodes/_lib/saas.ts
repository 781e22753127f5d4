// Calls to SaaS HTTP APIs (Slack, GitHub, Notion…): the real API's paths, headers and bodies, a
// configurable base URL (params `base_url`, or the connection's metadata.base_url) so tests and
// self-hosted or proxy deployments can point elsewhere, through the SSRF-safe fetch.
import { z } from 'zod';
import { assertConnectionOrigin, BlockedAddressError, connectionHome, credential, inlineCredential, type NodeContext, NodeError, optionalField, redact, requireField, safeFetch } from '../../src/engine/node-sdk';
import { isRecord } from './items';

export const baseUrlParam = (real: string) =>
  z.string().url().refine((u) => /^https?:\/\//i.test(u), 'base_url must be http or https').default(real)
    .describe(`API base URL (default ${real}); point it at a proxy, a self-hosted instance or a test server.`);

export const saasCredential = (fields: string) => inlineCredential(fields);

export interface SaasAuth { cred: Record<string, unknown>; token: string; baseUrl: string }

/** The slot's token (field `token`, or the connection's secret) and the base URL to use. */
export async function saasAuth(ctx: NodeContext, slot: string, inline: Record<string, unknown> | undefined, baseUrl: string, realBase: string, tokenFields = ['token', 'secret']): Promise<SaasAuth> {
  const cred = await credential(ctx, slot, inline);
  connectionHome(ctx, slot, realBase);
  const token = requireField(cred, tokenFields, slot);
  const fromConnection = optionalField(cred, ['base_url']);
  return { cred, token, baseUrl: (baseUrl === realBase && fromConnection ? fromConnection : baseUrl).replace(/\/+$/, '') };
}

export interface SaasResponse { status: number; headers: Record<string, string>; body: unknown }

/**
 * One JSON request; a bound connection's secret only ever goes to that connection's origin. 2xx returns the parsed body; anything else fails the node with the API's own
 * error message (secrets redacted): 429 and 5xx are retryable, other 4xx are not.
 */
export async function saasRequest(ctx: NodeContext, service: string, req: {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; headers?: Record<string, string>; body?: unknown; secrets: (string | undefined)[]; form?: boolean;
}): Promise<SaasResponse> {
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'Atelier-Workflow/1.0', ...(req.headers ?? {}) };
  let body: string | undefined;
  if (req.body !== undefined) {
    body = JSON.stringify(req.body);
    headers['content-type'] ??= 'application/json; charset=utf-8';
  }
  assertConnectionOrigin(ctx, req.url, req.secrets, { headers, body });
  let res;
  try {
    res = await safeFetch(req.url, { method: req.method, headers, body, signal: ctx.signal, timeoutMs: 30_000, maxBytes: 5 * 1024 * 1024 }, { allowPrivateNetwork: ctx.allowPrivateNetwork });
  } catch (err) {
    if (err instanceof BlockedAddressError) throw new NodeError(err.message, { type: 'blocked_address' });
    throw new NodeError(`${service}: ${redact((err as Error).message, req.secrets)}`, { type: `${service}_error`, retryable: true });
  }
  const text = res.body.toString('utf8');
  let parsed: unknown = text;
  try {
    parsed = text ? (JSON.parse(text) as unknown) : null;
  } catch { /* not JSON: keep the text */ }
  if (res.status < 200 || res.status >= 300) {
    const detail = apiMessage(parsed) ?? text.slice(0, 300);
    throw new NodeError(redact(`${service} API answered ${res.status}: ${detail}`, req.secrets), { type: `${service}_error`, retryable: res.status === 429 || res.status >= 500 });
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

function apiMessage(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  if (typeof body.message === 'string') return body.message;
  if (typeof body.description === 'string') return body.description;
  if (typeof body.error === 'string') return body.error;
  if (isRecord(body.error) && typeof body.error.message === 'string') return body.error.message;
  if (Array.isArray(body.errors) && body.errors.length) {
    return body.errors.map((e) => (isRecord(e) && typeof e.message === 'string' ? e.message : JSON.stringify(e))).join('; ');
  }
  if (Array.isArray(body.errorMessages) && body.errorMessages.length) return body.errorMessages.join('; ');
  return undefined;
}

/** GETs a user URL (SSRF-safe, up to 5 redirects each re-checked) and returns its text; 4xx/5xx fail the node. */
export async function fetchDocument(ctx: NodeContext, what: string, url: string, opts: { maxBytes?: number; headers?: Record<string, string>; timeoutS?: number } = {}) {
  let res;
  try {
    res = await safeFetch(url, { method: 'GET', headers: { 'user-agent': 'Atelier-Workflow/1.0', ...(opts.headers ?? {}) }, signal: ctx.signal, timeoutMs: (opts.timeoutS ?? 30) * 1000, maxBytes: opts.maxBytes ?? 10 * 1024 * 1024, maxRedirects: 5 },
      { allowPrivateNetwork: ctx.allowPrivateNetwork });
  } catch (err) {
    if (err instanceof BlockedAddressError) throw new NodeError(err.message, { type: 'blocked_address' });
    const code = (err as { code?: string }).code;
    throw new NodeError(`${what}: could not fetch ${url}: ${(err as Error).message}`, { type: 'http_error', retryable: code !== 'too_large' && code !== 'invalid_url' });
  }
  if (res.status >= 400) throw new NodeError(`${what}: ${url} answered HTTP ${res.status}`, { type: 'http_status', retryable: res.status >= 500 || res.status === 429 });
  return { status: res.status, headers: res.headers, body: res.body, text: res.body.toString('utf8') };
}
