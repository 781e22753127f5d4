import { DefaultLogger, Runtime, type LogLevel as SdkLogLevel } from '@temporalio/worker';
import type { Logger } from '../http/logger';

let installed = false;

/**
 * Routes the Temporal SDK's own logs (worker state, core) into our pino logger, once per process.
 * Must run before the first worker or native connection is created.
 */
export function installSdkLogging(logger: Logger): void {
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
    });
  } catch {
    // Another part of this process installed the runtime first; keep its logger.
  }
}
