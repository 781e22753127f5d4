// The public face of the provider layer: `createProviders(config)` builds the gateway object that
// generation routes, activities and engine nodes call (`deps.providers`).
import { parseProviderConfig, type ProviderConfig } from './config';
import { createGateway } from './gateway';
import type { Providers } from './types';

export type * from './types';
export { ProviderError, ProviderFailedError, ProviderUnavailableError } from './errors';
export { parseProviderConfig, type ProviderConfig } from './config';

/** The deployment's providers; its catalogue becomes the one prices read. */
export function createProviders(config: ProviderConfig): Providers {
  return createGateway(config);
}

let local: Providers | undefined;
/**
 * Every capability pinned to the local provider, whatever model is asked for: what sandbox keys
 * get (mock responses, never a paid provider). Prices still follow the deployment's catalogue.
 */
export function createLocalProviders(): Providers {
  return (local ??= createGateway(parseProviderConfig({ ATELIER_PROVIDER: 'local' }), { installCatalogue: false }));
}
