// Provider settings: per provider ATELIER_<P>_BASE_URL / ATELIER_<P>_API_KEY, the operator's model
// catalogue (ATELIER_MODEL_CATALOGUE), breaker and limit settings, and the older pins
// (ATELIER_PROVIDER, ATELIER_PROVIDERS, ATELIER_OPENAI_<CAP>_*) mapped onto them.
import { loadCatalogue, type Catalogue } from './catalogue';
import { ADAPTERS } from './registry';
import { CAPABILITIES, PROVIDER_IDS, type Capability, type ProviderId, type ProviderKind, type ProviderSettings } from './types';

/** Providers with settings, and the prefix of their names. */
export const REMOTE_PROVIDERS = ['openai', 'anthropic', 'google', 'replicate', 'fal', 'elevenlabs', 'ollama', 'comfyui'] as const satisfies readonly ProviderId[];

const prefix = (p: ProviderId) => `ATELIER_${p.toUpperCase()}`;

/** OpenAI's per-capability overrides, kept from the single-endpoint provider this replaced. */
export const OPENAI_CAPABILITY_SETTINGS = ['CHAT', 'IMAGE', 'SPEECH', 'EMBED'].flatMap((c) => ['BASE_URL', 'API_KEY', 'MODEL'].map((s) => `ATELIER_OPENAI_${c}_${s}`));

const LIMIT_SETTINGS = REMOTE_PROVIDERS.flatMap((p) => [`${prefix(p)}_MAX_CONCURRENCY`, `${prefix(p)}_RPM`]);

/** Every environment name this part of the configuration reads (docs/configuration.md lists them). */
export const PROVIDER_SETTINGS: readonly string[] = [
  'ATELIER_PROVIDER', 'ATELIER_PROVIDERS', 'ATELIER_PROVIDER_TIMEOUT_MS', 'ATELIER_MODEL_CATALOGUE',
  'ATELIER_PROVIDER_BREAKER_FAILURES', 'ATELIER_PROVIDER_BREAKER_COOLDOWN_MS', 'ATELIER_PROVIDER_MAX_CONCURRENCY', 'ATELIER_PROVIDER_RPM',
  ...REMOTE_PROVIDERS.flatMap((p) => [`${prefix(p)}_BASE_URL`, `${prefix(p)}_API_KEY`]),
  ...OPENAI_CAPABILITY_SETTINGS,
  ...LIMIT_SETTINGS,
  ...new Set(Object.values(ADAPTERS).flatMap((f) => f?.extraSettings ?? [])),
];

export interface Limits {
  /** Calls in flight at once per provider (0: unlimited). */
  maxConcurrency: number;
  /** Calls started per minute per provider (0: unlimited). */
  rpm: number;
}

export interface ProviderConfig {
  /** Per capability: `auto` (catalogue routes over configured providers), a pinned provider, or `none`. */
  serving: Record<Capability, ProviderKind>;
  /** Settings of every provider (local included, empty). */
  settings: Record<ProviderId, ProviderSettings>;
  catalogue: Catalogue;
  timeoutMs: number;
  breaker: { failures: number; cooldownMs: number };
  limits: Record<ProviderId, Limits>;
}

/** Raw environment (strings) or the typed values tests pass (numbers). */
export type ProviderEnv = Record<string, string | number | undefined>;

const PINNABLE = [...PROVIDER_IDS, 'none'] as const;
const LEGACY_OPENAI: readonly Capability[] = ['chat', 'image', 'speech', 'embed'];

/** A bad provider setting: start-up stops with the setting's name in the message. */
export class ProviderConfigError extends Error {}

function url(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ProviderConfigError(`${name}: '${value}' is not a URL (e.g. https://api.example.com/v1)`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ProviderConfigError(`${name} must be an http:// or https:// URL`);
  return value.replace(/\/+$/, '');
}

function int(env: ProviderEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new ProviderConfigError(`${name} must be a whole number ≥ ${min} (got '${raw}')`);
  return n;
}

const str = (env: ProviderEnv, name: string): string | undefined => {
  const v = env[name];
  return v === undefined || v === '' ? undefined : String(v);
};

/**
 * Reads the provider settings. With nothing set every capability is `auto`: each public model
 * goes to the first route of the catalogue whose provider is configured, and the shipped catalogue
 * keeps today's models on the local provider, so a bare deployment works offline.
 *
 * The older pins still work: `ATELIER_PROVIDER` (local | openai | none, or any provider id) pins
 * every capability to one provider — `openai` leaves the capabilities it lacks unserved, and
 * embeddings follow it only when `ATELIER_OPENAI_EMBED_MODEL` names a model (not every
 * OpenAI-compatible server has /embeddings); `ATELIER_PROVIDERS=video=local,chat=openai` pins
 * single capabilities (`auto` unpins one).
 */
export function parseProviderConfig(env: ProviderEnv): ProviderConfig {
  const settings = {} as Record<ProviderId, ProviderSettings>;
  const timeoutMs = int(env, 'ATELIER_PROVIDER_TIMEOUT_MS', 120_000, 1000);
  for (const id of PROVIDER_IDS) {
    const extraNames = ADAPTERS[id]?.extraSettings ?? [];
    const extra: Record<string, string | undefined> = {};
    for (const name of extraNames) extra[name] = str(env, name);
    if (id === 'openai') {
      for (const name of OPENAI_CAPABILITY_SETTINGS) extra[name] = name.endsWith('_BASE_URL') ? url(name, str(env, name)) : str(env, name);
    }
    settings[id] = id === 'local'
      ? { extra, timeoutMs }
      : { baseUrl: url(`${prefix(id)}_BASE_URL`, str(env, `${prefix(id)}_BASE_URL`)), apiKey: str(env, `${prefix(id)}_API_KEY`), extra, timeoutMs };
  }

  const serving = {} as Record<Capability, ProviderKind>;
  const base = str(env, 'ATELIER_PROVIDER');
  if (base !== undefined && base !== 'auto' && !(PINNABLE as readonly string[]).includes(base)) {
    throw new ProviderConfigError(`ATELIER_PROVIDER must be auto or one of ${PINNABLE.join(', ')} (got '${base}')`);
  }
  for (const cap of CAPABILITIES) {
    if (base === undefined || base === 'auto') serving[cap] = 'auto';
    else if (base === 'none') serving[cap] = 'none';
    // `openai` keeps the meaning it had before the gateway: chat, image, speech (and embeddings).
    else if (base === 'openai' && !LEGACY_OPENAI.includes(cap)) serving[cap] = 'none';
    else serving[cap] = serves(base as ProviderId, cap) ? (base as ProviderId) : 'none';
    if (cap === 'embed' && base === 'openai' && !str(env, 'ATELIER_OPENAI_EMBED_MODEL')) serving[cap] = 'none';
  }
  for (const pair of (str(env, 'ATELIER_PROVIDERS') ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const [cap, kind] = pair.split('=').map((s) => s.trim());
    if (!CAPABILITIES.includes(cap as Capability)) throw new ProviderConfigError(`ATELIER_PROVIDERS: unknown capability "${cap}" (one of ${CAPABILITIES.join(', ')})`);
    if (kind !== 'auto' && !(PINNABLE as readonly string[]).includes(kind!)) throw new ProviderConfigError(`ATELIER_PROVIDERS: unknown provider "${kind}" for ${cap} (one of auto, ${PINNABLE.join(', ')})`);
    if (kind !== 'auto' && kind !== 'none' && !serves(kind as ProviderId, cap as Capability)) {
      throw new ProviderConfigError(`ATELIER_PROVIDERS: the ${kind} provider does not serve ${cap}`);
    }
    serving[cap as Capability] = kind as ProviderKind;
  }

  const defaults: Limits = { maxConcurrency: int(env, 'ATELIER_PROVIDER_MAX_CONCURRENCY', 32), rpm: int(env, 'ATELIER_PROVIDER_RPM', 1200) };
  const limits = {} as Record<ProviderId, Limits>;
  for (const id of PROVIDER_IDS) {
    // The local provider is our own CPU, bounded by the worker's own concurrency.
    limits[id] = id === 'local'
      ? { maxConcurrency: 0, rpm: 0 }
      : { maxConcurrency: int(env, `${prefix(id)}_MAX_CONCURRENCY`, defaults.maxConcurrency), rpm: int(env, `${prefix(id)}_RPM`, defaults.rpm) };
  }

  return {
    serving,
    settings,
    catalogue: loadCatalogue(str(env, 'ATELIER_MODEL_CATALOGUE')),
    timeoutMs,
    breaker: { failures: int(env, 'ATELIER_PROVIDER_BREAKER_FAILURES', 5, 1), cooldownMs: int(env, 'ATELIER_PROVIDER_BREAKER_COOLDOWN_MS', 30_000, 0) },
    limits,
  };
}

/** Whether the registered adapter of `id` has a handler for `cap` (unregistered: no). */
export function serves(id: ProviderId, cap: Capability): boolean {
  return ADAPTERS[id]?.serves.includes(cap) ?? false;
}

/** Whether a provider's settings are enough to call it (its adapter registered, and its key or URL set). */
export function isConfigured(config: Pick<ProviderConfig, 'settings'>, id: ProviderId): boolean {
  const factory = ADAPTERS[id];
  return factory !== undefined && factory.configured(config.settings[id]);
}
