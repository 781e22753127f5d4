import { DefaultLogger, Runtime, type LogLevel as SdkLogLevel } from '@temporalio/worker';
import type { Logger } from '../logging/logger';

let installed = false;

/**
 * Routes the Temporal SDK's own logs (worker state, core) into our pino logger, once per process,
 * and, given `metricsAddress` (host:port), starts the SDK's Prometheus exporter there (worker
 * task slots, poll latencies, activity and workflow task counts…; `/metrics` appends it).
 * Must run before the first worker or native connection is created.
 */
export function installSdkLogging(logger: Logger, metricsAddress?: string): void {
  if (installed) return;
  installed = true;
  const child = logger.child({ component: 'temporal-sdk' });
  const levels: Record<SdkLogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
    TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error',
  };
  try {
    Runtime.install({
      logger: new DefaultLogger('INFO', (entry) => {
        child[levels[entry.level]](entry.meta ?? {}, entry.message);
      }),
      ...(metricsAddress ? { telemetryOptions: { metrics: { prometheus: { bindAddress: metricsAddress } } } } : {}),
    });
  } catch {
    // Another part of this process installed the runtime first; keep its logger.
  }
}
