// OpenAI through its official SDK: one client per capability (the per-capability base URL/key
// overrides of the older settings are kept), the base URL in the form the SDK takes (`…/v1`), and
// every SDK error classified into the gateway's taxonomy.
import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { kindOfStatus, ProviderError, REFUSAL_PATTERN, retryAfterMs } from '../errors';
import type { CallContext, ProviderSettings } from '../types';

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

export type OpenAiCapability = 'CHAT' | 'IMAGE' | 'SPEECH' | 'EMBED' | 'TRANSCRIPTION' | 'VIDEO';

/** The capability's own setting (ATELIER_OPENAI_<CAP>_<NAME>) where the older settings had one. */
const own = (s: ProviderSettings, cap: OpenAiCapability, name: 'BASE_URL' | 'API_KEY' | 'MODEL') => s.extra[`ATELIER_OPENAI_${cap}_${name}`];

export class OpenAiClients {
  private readonly clients = new Map<string, OpenAI>();
  constructor(private readonly settings: ProviderSettings) {}

  client(cap: OpenAiCapability): OpenAI {
    const baseURL = own(this.settings, cap, 'BASE_URL') ?? this.settings.baseUrl ?? OPENAI_BASE_URL;
    // A self-hosted OpenAI-compatible server may need no key; the SDK insists on one.
    const apiKey = own(this.settings, cap, 'API_KEY') ?? this.settings.apiKey ?? 'unused';
    const key = `${baseURL}\u0000${apiKey}`;
    let c = this.clients.get(key);
    if (!c) {
      // No SDK retries: the gateway decides between retrying elsewhere and answering.
      c = new OpenAI({ baseURL, apiKey, maxRetries: 0, timeout: this.settings.timeoutMs });
      this.clients.set(key, c);
    }
    return c;
  }

  /** The upstream model: the older per-capability model override, else the route's. */
  model(cap: OpenAiCapability, ctx: CallContext): string {
    return own(this.settings, cap, 'MODEL') ?? ctx.route.model;
  }
}

export const requestOptions = (ctx: CallContext) => ({ signal: ctx.signal, timeout: ctx.timeoutMs });

/** Runs an SDK call, classifying whatever it throws. */
export async function openaiCall<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw classify(what, err);
  }
}

export function classify(what: string, err: unknown): unknown {
  if (err instanceof ProviderError || err instanceof APIUserAbortError) return err;
  if (err instanceof APIConnectionTimeoutError) return new ProviderError('retryable', `${what}: timed out`, { provider: 'openai', cause: err });
  if (err instanceof APIError) {
    if (err.status === undefined) return new ProviderError('retryable', `${what}: ${err.message}`, { provider: 'openai', cause: err });
    const body = err.error as { message?: string; code?: string; type?: string } | undefined;
    const message = `${what}: HTTP ${err.status}${body?.message ? `: ${body.message}` : ''}`;
    const refused = err.status === 400 && (REFUSAL_PATTERN.test(body?.code ?? '') || REFUSAL_PATTERN.test(body?.type ?? '') || body?.code === 'content_policy_violation');
    return new ProviderError(refused ? 'content_refused' : kindOfStatus(err.status), message, {
      provider: 'openai', status: err.status, retryAfterMs: retryAfterMs(err.headers?.get('retry-after')), cause: err,
    });
  }
  return new ProviderError('retryable', `${what}: ${(err as Error)?.message ?? String(err)}`, { provider: 'openai', cause: err });
}
