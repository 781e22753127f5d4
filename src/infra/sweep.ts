import type { Logger } from './logging/logger';

/**
 * Runs `sweep` now and then every `intervalS` seconds in this process, one pass at a time; a failed
 * pass is logged and the next one tries again. Returns the stop function (waits for a pass in flight).
 */
export function startSweep(logger: Logger, label: string, intervalS: number, sweep: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    running = sweep()
      .catch((err: unknown) => logger.warn({ err }, `${label} failed`))
      .finally(() => {
        busy = false;
      });
  };
  const timer = setInterval(tick, intervalS * 1000);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** The interval for a sweep of things older than `olderThanS`: a third of it, between 1 s and a minute. */
export const sweepInterval = (olderThanS: number) => Math.min(60, Math.max(1, olderThanS / 3));
