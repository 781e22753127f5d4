// Which provider job serves an Atelier job: the catalogue's routes for the job's model whose
// provider is configured, in order, keeping those whose adapter serves the capability as a job
// (submit/poll/cancel). A first configured route that answers in one call (the local provider)
// means the job runs the ordinary way (async-jobs.ts).
import type { Deps } from '../../deps';
import { findEntry, type OperationType } from '../providers/catalogue';
import { isConfigured } from '../providers/config';
import { ADAPTERS } from '../providers/registry';
import { isJobHandler, type Capability, type JobHandler, type ProviderAdapter, type ProviderId, type ProviderSettings, type Route } from '../providers/types';

/** Job types whose renders may be provider jobs, and the capability each is. */
export const JOB_CAPABILITY = { video: 'video', music: 'music', '3d': 'model3d' } as const satisfies Partial<Record<OperationType, Capability>>;
export type JobType = keyof typeof JOB_CAPABILITY;
export const isJobType = (t: string): t is JobType => t in JOB_CAPABILITY;

/** Where each provider serves from when no base URL is set (its result URLs may live elsewhere). */
export const DEFAULT_BASE_URLS: Partial<Record<ProviderId, string>> = {
  replicate: 'https://api.replicate.com/v1',
  fal: 'https://queue.fal.run',
  elevenlabs: 'https://api.elevenlabs.io',
};

const adapters = new WeakMap<object, Map<ProviderId, ProviderAdapter>>();

/** The adapter of a provider under this deployment's settings (built once per configuration). */
export function adapterOf(deps: Pick<Deps, 'config'>, provider: ProviderId): ProviderAdapter | undefined {
  const config = deps.config.providers;
  let cache = adapters.get(config);
  if (!cache) adapters.set(config, (cache = new Map()));
  let adapter = cache.get(provider);
  if (!adapter) {
    const factory = ADAPTERS[provider];
    if (!factory || !isConfigured(config, provider)) return undefined;
    adapter = factory.create(config.settings[provider]);
    cache.set(provider, adapter);
  }
  return adapter;
}

export function settingsOf(deps: Pick<Deps, 'config'>, provider: ProviderId): ProviderSettings {
  return deps.config.providers.settings[provider];
}

export function jobHandlerOf(deps: Pick<Deps, 'config'>, type: JobType, provider: ProviderId): JobHandler<unknown> | undefined {
  const handler = adapterOf(deps, provider)?.capabilities[JOB_CAPABILITY[type]];
  return handler && isJobHandler(handler as JobHandler<unknown>) ? (handler as JobHandler<unknown>) : undefined;
}

/**
 * The job routes of `model`, in the catalogue's order, starting at its first configured route;
 * empty when that first route is not a job (so the job keeps today's path).
 */
export function jobRoutes(deps: Pick<Deps, 'config'>, type: JobType, model: string): Route[] {
  const found = findEntry(deps.config.providers.catalogue, type, model);
  if (!found) return [];
  const configured = found.routes.filter((r) => isConfigured(deps.config.providers, r.provider));
  const first = configured.findIndex((r) => jobHandlerOf(deps, type, r.provider) !== undefined);
  if (first !== 0) return [];
  return configured.filter((r) => jobHandlerOf(deps, type, r.provider) !== undefined);
}
