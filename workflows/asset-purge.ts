import { proxyActivities } from '@temporalio/workflow';
import type { PlatformAssetActivities } from '../activities/platform-assets';

const { purgeExpiredAssets } = proxyActivities<PlatformAssetActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { maximumAttempts: 3, initialInterval: '5 seconds' },
});

/** Started by the 15-minute schedule (src/assets/schedule.ts). */
export async function assetPurge(): Promise<{ assets: number; sandboxOutputs: number }> {
  return purgeExpiredAssets();
}
