import { proxyActivities } from '@temporalio/workflow';
import type { StorageActivities } from '../activities/storage';

const { accrueStorageHour } = proxyActivities<StorageActivities>({
  startToCloseTimeout: '10 minutes',
  retry: { maximumAttempts: 5, initialInterval: '10 seconds', backoffCoefficient: 2 },
});

/**
 * Started by the hourly schedule (src/storage/billing/schedule.ts): charges the hour that just
 * ended. The hour comes from workflow time, so a retried activity charges the same hour.
 */
export async function storageAccrual(): Promise<{ hour: string; chargedMicros: number }> {
  const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000;
  const result = await accrueStorageHour(new Date(hour).toISOString());
  return { hour: result.hour, chargedMicros: result.chargedMicros };
}
