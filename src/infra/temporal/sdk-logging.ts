import { LoggerWithComposedMetadata } from '@temporalio/common';
import { DefaultLogger, Runtime, type LogLevel as SdkLogLevel } from '@temporalio/worker';
import type { Logger } from '../logging/logger';

let installed = false;

/** The lowest SDK level forwarded to our logger; the levels below it are dropped. */
const RUNTIME_LEVEL: SdkLogLevel = 'INFO';
const SEVERITY: SdkLogLevel[] = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR'];

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
  const runtimeLogger = new DefaultLogger(RUNTIME_LEVEL, (entry) => {
    child[levels[entry.level]](entry.meta ?? {}, entry.message);
  });
  try {
    Runtime.install({
      logger: runtimeLogger,
      ...(metricsAddress ? { telemetryOptions: { metrics: { prometheus: { bindAddress: metricsAddress } } } } : {}),
    });
  } catch {
    // Another part of this process installed the runtime first; keep its logger.
    return;
  }
  dropBelowLevelEarly(runtimeLogger);
}

type ComposedLog = (this: { parentLogger?: unknown }, message: string, meta?: unknown) => void;

/**
 * The SDK's worker, activity and workflow-sink loggers wrap the runtime logger and build each
 * line's metadata (a merged copy of their attributes and the line's own, e.g. a whole workflow
 * activation per "Got workflow activation") before calling it, even for TRACE and DEBUG lines
 * the runtime logger then drops: about 2 % of the process's CPU per run. For loggers whose parent
 * is `runtimeLogger`, the levels below RUNTIME_LEVEL now return before that work; those lines
 * were never written anyway. Other loggers, and every level from RUNTIME_LEVEL up, are untouched.
 */
function dropBelowLevelEarly(runtimeLogger: DefaultLogger): void {
  const proto = LoggerWithComposedMetadata.prototype as unknown as Record<'trace' | 'debug', ComposedLog>;
  const dropped = (['trace', 'debug'] as const).filter((m) => SEVERITY.indexOf(m.toUpperCase() as SdkLogLevel) < SEVERITY.indexOf(RUNTIME_LEVEL));
  for (const method of dropped) {
    const forward = proto[method];
    proto[method] = function (this: { parentLogger?: unknown }, message: string, meta?: unknown) {
      if (this.parentLogger === runtimeLogger) return;
      forward.call(this, message, meta);
    };
  }
}
