import { CAPABILITIES, type Capability, type ProviderKind } from './types';

/** Capabilities the OpenAI-compatible HTTP provider serves. */
export const OPENAI_CAPABILITIES = ['chat', 'image', 'speech', 'embed'] as const;
export type OpenAiCapability = (typeof OPENAI_CAPABILITIES)[number];

export interface OpenAiEndpoint {
  baseUrl?: string;
  apiKey?: string;
  /** Model id sent upstream instead of the caller's model (optional). */
  model?: string;
}

export interface ProviderConfig {
  /** Which provider serves each capability. */
  serving: Record<Capability, ProviderKind>;
  /** Per-capability OpenAI-compatible endpoints (the shared base URL/key filled in). */
  openai: Record<OpenAiCapability, OpenAiEndpoint>;
  timeoutMs: number;
}

export interface ProviderEnv {
  ATELIER_PROVIDER?: string;
  ATELIER_PROVIDERS?: string;
  ATELIER_PROVIDER_TIMEOUT_MS?: number;
  ATELIER_OPENAI_BASE_URL?: string;
  ATELIER_OPENAI_API_KEY?: string;
  ATELIER_OPENAI_CHAT_BASE_URL?: string;
  ATELIER_OPENAI_CHAT_API_KEY?: string;
  ATELIER_OPENAI_CHAT_MODEL?: string;
  ATELIER_OPENAI_IMAGE_BASE_URL?: string;
  ATELIER_OPENAI_IMAGE_API_KEY?: string;
  ATELIER_OPENAI_IMAGE_MODEL?: string;
  ATELIER_OPENAI_SPEECH_BASE_URL?: string;
  ATELIER_OPENAI_SPEECH_API_KEY?: string;
  ATELIER_OPENAI_SPEECH_MODEL?: string;
  ATELIER_OPENAI_EMBED_BASE_URL?: string;
  ATELIER_OPENAI_EMBED_API_KEY?: string;
  ATELIER_OPENAI_EMBED_MODEL?: string;
}

const KINDS: readonly ProviderKind[] = ['local', 'openai', 'none'];

/**
 * `ATELIER_PROVIDER` (local | openai | none, default local) picks the provider for every
 * capability; `openai` serves chat, image and speech and leaves the rest unserved (503) unless
 * `ATELIER_PROVIDERS` maps them, e.g. `ATELIER_PROVIDERS=video=local,ocr=local,chat=openai`.
 * Embeddings (knowledge search) follow `openai` only when `ATELIER_OPENAI_EMBED_MODEL` names a
 * model: not every OpenAI-compatible server has `/embeddings`, and search works without them.
 */
export function parseProviderConfig(env: ProviderEnv): ProviderConfig {
  const base = (env.ATELIER_PROVIDER ?? 'local') as ProviderKind;
  if (!KINDS.includes(base)) throw new Error(`ATELIER_PROVIDER must be one of ${KINDS.join(', ')}`);
  const serving = {} as Record<Capability, ProviderKind>;
  for (const cap of CAPABILITIES) {
    serving[cap] = base === 'openai' && !(OPENAI_CAPABILITIES as readonly string[]).includes(cap) ? 'none' : base;
    if (cap === 'embed' && base === 'openai' && !env.ATELIER_OPENAI_EMBED_MODEL) serving[cap] = 'none';
  }
  for (const pair of (env.ATELIER_PROVIDERS ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const [cap, kind] = pair.split('=').map((s) => s.trim());
    if (!CAPABILITIES.includes(cap as Capability)) throw new Error(`ATELIER_PROVIDERS: unknown capability "${cap}" (one of ${CAPABILITIES.join(', ')})`);
    if (!KINDS.includes(kind as ProviderKind)) throw new Error(`ATELIER_PROVIDERS: unknown provider "${kind}" for ${cap}`);
    if (kind === 'openai' && !(OPENAI_CAPABILITIES as readonly string[]).includes(cap!)) {
      throw new Error(`ATELIER_PROVIDERS: the openai provider does not serve ${cap}`);
    }
    serving[cap as Capability] = kind as ProviderKind;
  }
  const endpoint = (url?: string, key?: string, model?: string): OpenAiEndpoint => ({
    baseUrl: (url ?? env.ATELIER_OPENAI_BASE_URL)?.replace(/\/+$/, ''),
    apiKey: key ?? env.ATELIER_OPENAI_API_KEY,
    model,
  });
  return {
    serving,
    openai: {
      chat: endpoint(env.ATELIER_OPENAI_CHAT_BASE_URL, env.ATELIER_OPENAI_CHAT_API_KEY, env.ATELIER_OPENAI_CHAT_MODEL),
      image: endpoint(env.ATELIER_OPENAI_IMAGE_BASE_URL, env.ATELIER_OPENAI_IMAGE_API_KEY, env.ATELIER_OPENAI_IMAGE_MODEL),
      speech: endpoint(env.ATELIER_OPENAI_SPEECH_BASE_URL, env.ATELIER_OPENAI_SPEECH_API_KEY, env.ATELIER_OPENAI_SPEECH_MODEL),
      embed: endpoint(env.ATELIER_OPENAI_EMBED_BASE_URL, env.ATELIER_OPENAI_EMBED_API_KEY, env.ATELIER_OPENAI_EMBED_MODEL),
    },
    timeoutMs: env.ATELIER_PROVIDER_TIMEOUT_MS ?? 120_000,
  };
}
