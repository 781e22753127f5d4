// The composition root: the one file under src/ that wires the worker's faces (activities/) in.
import { createActivities } from '../activities/index';
import { nodeRegistry } from '../nodes/index';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './infra/logging/logger';
import { exitBlockedBy, exitProcess } from './infra/process-exit';
import { startAtelier } from './runtime';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel, { role: config.role });
  const atelier = await startAtelier(config, { logger, activities: createActivities, nodes: nodeRegistry });

  const lines = [`Atelier is up (role: ${config.role})`];
  if (atelier.url) lines.push(`  API          ${config.publicBaseUrl}`);
  lines.push(`  Temporal     ${config.temporal.address} (namespace ${config.temporal.namespace}, task queue ${config.temporal.taskQueue})`);
  lines.push(`  Temporal UI  ${config.temporal.uiUrl}`);
  if (atelier.url) lines.push(`  Run viewer   ${config.publicBaseUrl}/runs`);
  lines.push(`  Postgres     ${config.databaseUrl ? 'DATABASE_URL' : `embedded, port ${config.embeddedPgPort}, data ${config.dataDir}/pg`}`);
  const b = atelier.bootstrap;
  if (b.createdKey) lines.push('', `  Admin API key (shown once, store it now): ${b.createdKey}`);
  if (b.ownerEmail && b.ownerPassword) lines.push(`  Console owner login (shown once): ${b.ownerEmail} / ${b.ownerPassword}`);
  console.log(lines.join('\n'));

  let stopping = false;
  const shutdown = (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took over 30 s; exiting');
      exitProcess(1);
    }, 30_000);
    force.unref();
    atelier.stop().then(
      () => {
        const blocked = exitBlockedBy();
        if (blocked) logger.error({ reason: blocked }, 'a normal exit would hang; ending with SIGKILL');
        exitProcess(exitCode);
      },
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        exitProcess(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  // A bug must not leave an orphaned embedded Postgres behind: log it, stop everything, exit 1.
  const fatal = (kind: string) => (err: unknown) => {
    logger.fatal({ err }, kind);
    process.exitCode = 1;
    shutdown(kind, 1);
  };
  process.on('uncaughtException', fatal('uncaughtException'));
  process.on('unhandledRejection', fatal('unhandledRejection'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
