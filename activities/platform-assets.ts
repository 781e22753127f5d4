import type { Deps } from '../src/deps';
import { purgeExpired } from '../src/platform/assets/service';

/** The asset purge sweep (workflows/asset-purge.ts). */
export function createPlatformAssetActivities(deps: Deps) {
  return {
    purgeExpiredAssets: () => purgeExpired(deps),
  };
}

export type PlatformAssetActivities = ReturnType<typeof createPlatformAssetActivities>;
