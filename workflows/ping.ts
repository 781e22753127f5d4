import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index';

const { ping: pingActivity } = proxyActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { maximumAttempts: 3, initialInterval: '200 milliseconds' },
});

/** Proves the loop end to end: API → Temporal → worker → activity → Postgres → back. */
export async function ping(message: string): Promise<{ message: string; echoedAt: string; database: string }> {
  return pingActivity(message);
}
