// ComfyUI (no SDK): its HTTP API at ATELIER_COMFYUI_BASE_URL (usually http://127.0.0.1:8188 on the
// GPU box), an optional ATELIER_COMFYUI_API_KEY sent as a Bearer token (for a proxy in front of
// it), and ATELIER_COMFYUI_WORKFLOWS_DIR holding the operator's API-format workflow files.
import { kindOfStatus, ProviderError, retryAfterMs } from '../errors';
import type { CallContext, ProviderSettings } from '../types';

export const COMFYUI_WORKFLOWS_DIR = 'ATELIER_COMFYUI_WORKFLOWS_DIR';

/** One JSON call to ComfyUI, bounded by the call's timeout and signal, errors as kinds. */
export async function comfy<T>(settings: ProviderSettings, ctx: Pick<CallContext, 'signal' | 'timeoutMs'>, path: string, body?: unknown): Promise<T> {
  const signals = [AbortSignal.timeout(ctx.timeoutMs || settings.timeoutMs)];
  if (ctx.signal) signals.push(ctx.signal);
  let res: Response;
  try {
    res = await fetch(`${settings.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...authHeaders(settings) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.any(signals),
    });
  } catch (err) {
    const e = err as Error;
    const what = e.name === 'TimeoutError' || e.name === 'AbortError' ? 'timed out' : `not reachable (${(e.cause as Error | undefined)?.message ?? e.message})`;
    throw new ProviderError(e.name === 'TimeoutError' || e.name === 'AbortError' ? 'retryable' : 'unavailable', `comfyui: ${what}`, { provider: 'comfyui', cause: err });
  }
  const text = await res.text();
  if (!res.ok) {
    let message = text.slice(0, 300);
    try {
      const j = JSON.parse(text) as { error?: { message?: string; details?: string } | string; node_errors?: Record<string, { errors?: Array<{ message?: string; details?: string }> }> };
      const nodeErrors = Object.entries(j.node_errors ?? {}).flatMap(([node, e]) => (e.errors ?? []).map((x) => `node ${node}: ${x.message ?? ''} ${x.details ?? ''}`.trim()));
      message = [typeof j.error === 'string' ? j.error : j.error?.message, ...nodeErrors].filter(Boolean).join('; ') || message;
    } catch {
      /* not JSON */
    }
    throw new ProviderError(kindOfStatus(res.status), `comfyui: ${message}`.slice(0, 500), { status: res.status, provider: 'comfyui', retryAfterMs: retryAfterMs(res.headers.get('retry-after')) });
  }
  return (text ? JSON.parse(text) : {}) as T;
}

export const authHeaders = (settings: ProviderSettings): Record<string, string> => (settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {});
