import type { Deps } from '../../deps';
import { OpenAiRealtimeProvider } from './openai';
import { LocalRealtimeProvider } from './local/secrets';
import type { RealtimeProvider } from './provider';

export type { RealtimeProvider } from './provider';

/**
 * The configured realtime engine, or null when realtime voice is not configured (provider `none`,
 * or `openai` without a base URL and key): session minting then answers 503.
 */
export function createRealtimeProvider(deps: Pick<Deps, 'config' | 'db'>): RealtimeProvider | null {
  const cfg = deps.config.voice;
  if (cfg.provider === 'local') return createLocalRealtimeProvider(deps);
  if (cfg.provider === 'openai') {
    const { baseUrl, apiKey } = cfg.openai;
    if (!baseUrl || !apiKey) return null;
    return new OpenAiRealtimeProvider({ ...cfg.openai, baseUrl, apiKey }, cfg.secretTtlSeconds);
  }
  return null;
}

/** The engine Atelier runs itself: what a local deployment serves, and what sandbox keys always get. */
export function createLocalRealtimeProvider(deps: Pick<Deps, 'config' | 'db'>): RealtimeProvider {
  return new LocalRealtimeProvider(deps.db, deps.config.voice.secretTtlSeconds, () => deps.config.publicBaseUrl);
}
