import { Context } from '@temporalio/activity';

/** How often a long activity tells Temporal its worker is alive; its heartbeat timeout is a few times this. */
export const HEARTBEAT_MS = 5_000;

/**
 * Runs `work` while heartbeating on a timer, so a worker that dies mid-activity is noticed within
 * the activity's heartbeat timeout instead of its (much longer) start-to-close timeout.
 */
export async function whileHeartbeating<T>(work: () => Promise<T>): Promise<T> {
  const ctx = Context.current();
  const ticker = setInterval(() => ctx.heartbeat(), HEARTBEAT_MS);
  try {
    return await work();
  } finally {
    clearInterval(ticker);
  }
}
