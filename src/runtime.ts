import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NativeConnection, Worker, WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { createApp } from './app';
import { attachRealtimeEngine } from './voice/realtime/attach';
import { RunEventHub } from './engine/events/hub';
import { PgListener } from './infra/db/listener';
import { startEngineMaintenance } from './engine/run/watchdog';
import { closeAccess } from './platform/auth/access-chain';
import type { KeyCredential } from './platform/auth/authenticate';
import { CredentialCache } from './platform/auth/credential-cache';
import { createBlobStore } from './storage/blob-store-s3';
import type { Config } from './config';
import { createDb, type Database } from './infra/db/index';
import { migrateToLatest } from './infra/db/migrate';
import { startEmbeddedPostgres, type RunningPostgres } from './infra/db/postgres';
import type { Deps } from './deps';
import { createLogger, type Logger } from './infra/logging/logger';
import { bootstrap, type BootstrapResult } from './platform/accounts/bootstrap';
import { connectClient, connectWorker } from './infra/temporal/connection';
import { createWorker, type ActivityFactory } from './infra/temporal/worker';
import { installSdkLogging } from './infra/temporal/sdk-logging';
import { createProviders } from './generation/providers/index';
import { deleteAssetPurgeSchedule, ensureAssetPurgeSchedule } from './platform/assets/schedule';
import { startAbandonedJobSweep } from './generation/abandoned-jobs';
import { startPendingDocumentSweep } from './engine/knowledge/resume-pending';
import { startApprovalSweep } from './engine/approvals/sweep';
import { startResultSweep } from './engine/execution/result-sweep';
import { deleteStorageAccrualSchedule, ensureStorageAccrualSchedule } from './storage/billing/schedule';
import { join } from 'node:path';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { createTracing } from './infra/tracing/tracing';
import { setPrivateNetworkExceptions } from './infra/net/safe-fetch';
import { installNodeRegistry, type VersionedNodeRegistry } from './engine/catalogue/node-registry';
import { routeCanary } from './engine/canary/routing';
import { activeRatePolicy, admitRun } from './engine/rate-policies/admission';
import { runAnalysisOnEnd } from './engine/analytics/analyze';

export interface Atelier {
  deps: Deps;
  /** Where the API listens (when this process serves it). */
  url?: string;
  bootstrap: BootstrapResult;
  /** Drains the worker, closes HTTP (and SSE) connections, the database and embedded Postgres. */
  stop(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  /**
   * The worker's activity set (`createActivities` from `activities/`), handed in by the composition
   * root (`src/main.ts`, the test stack) so nothing else under src/ depends on the worker's faces.
   * Required unless the role is `api`.
   */
  activities?: ActivityFactory;
  /**
   * The node catalogue (`nodeRegistry` from `nodes/`), handed in by the composition root like the
   * activity set: src/ never imports nodes/. Installed for the process (src/engine/catalogue/node-registry.ts).
   */
  nodes?: VersionedNodeRegistry;
  /** A prebuilt workflow bundle; otherwise the worker bundles once at start-up. */
  workflowBundle?: WorkflowBundleWithSourceMap | { codePath: string };
  /**
   * Where spans go instead of OTLP (tests pass an InMemorySpanExporter); tracing is on with it even
   * when OTEL_EXPORTER_OTLP_ENDPOINT is unset.
   */
  spanExporter?: SpanExporter;
  /** Hooks that run during stop, before the database closes (SSE hubs, listeners…). */
  onStop?: Array<() => Promise<void> | void>;
}

/** Starts everything this process's role needs. Used by `src/main.ts` and by the test stack. */
export async function startAtelier(config: Config, opts: StartOptions = {}): Promise<Atelier> {
  const logger = opts.logger ?? createLogger(config.logLevel, { role: config.role });
  // Process-wide, like the firewall rule it is: the API's and the worker's outbound fetches alike.
  setPrivateNetworkExceptions(config.privateNetworkAllow);
  if (opts.nodes) installNodeRegistry(opts.nodes);
  const stops: Array<() => Promise<void> | void> = [];
  const stopAll = async () => {
    for (const fn of stops.reverse()) {
      try {
        await fn();
      } catch (err) {
        logger.error({ err }, 'error during shutdown');
      }
    }
  };

  try {
    let databaseUrl = config.databaseUrl;
    let pg: RunningPostgres | undefined;
    if (!databaseUrl) {
      pg = await startEmbeddedPostgres({
        dataDir: join(config.dataDir, 'pg'),
        port: config.embeddedPgPort,
        log: (m) => logger.info(m),
      });
      stops.push(() => pg?.stop());
      databaseUrl = pg.url;
      logger.info({ port: config.embeddedPgPort }, 'embedded PostgreSQL ready');
    }
    const db: Database = createDb(databaseUrl);
    stops.push(() => db.destroy());
    await migrateToLatest(db);
    const bootstrapResult = await bootstrap(db, config);

    const tracing = createTracing(config, { exporter: opts.spanExporter });
    // Pushed first among these: it runs after the worker and the server have stopped, so their last spans are sent.
    if (tracing) stops.push(() => tracing.shutdown());
    // A process with a worker connects it first and lets the client share that connection (eager
    // workflow starts); an API-only process has a client connection of its own.
    // (The SDK's logging is installed before the first native connection creates its runtime.)
    if (config.role !== 'api') installSdkLogging(logger, config.metrics.temporalAddress);
    const nativeConnection: NativeConnection | undefined = config.role !== 'api' ? await connectWorker(config) : undefined;
    const temporal = await connectClient(config, tracing, nativeConnection);
    stops.push(() => temporal.connection.close());
    const blobs = createBlobStore(config);
    // The run kernel (src/engine/run/) is handed the features that govern a run's start and follow its end.
    const runAdmission: Deps['runAdmission'] = { route: routeCanary, policy: activeRatePolicy, admit: admitRun };
    const deps: Deps = { config, db, logger, temporal, blobs, taskQueue: config.temporal.taskQueue, providers: createProviders(config.providers), tracing, eagerStart: nativeConnection !== undefined && config.temporal.eagerStart, runAdmission, runEnd: runAnalysisOnEnd };
    if (config.role !== 'worker') {
      // One LISTEN connection for the process, shared by the run event hub and the credential cache.
      const listener = new PgListener(databaseUrl, logger);
      await listener.start();
      deps.listener = listener;
      // Pushed before its subscribers: stops run in reverse, so it closes after them.
      stops.push(() => listener.stop());
      const runEvents = new RunEventHub(listener);
      await runEvents.start();
      deps.runEvents = runEvents;
      stops.push(() => runEvents.stop());
      const credentials = new CredentialCache<KeyCredential>(listener);
      await credentials.start();
      deps.credentials = credentials;
      stops.push(() => credentials.stop());
    }

    let worker: Worker | undefined;
    let workerDone: Promise<void> | undefined;
    if (nativeConnection) {
      if (!opts.activities) throw new Error('startAtelier: a worker role needs the activity set (opts.activities)');
      worker = await createWorker(deps, { connection: nativeConnection, bundle: opts.workflowBundle, activities: opts.activities });
      workerDone = worker.run();
      workerDone.catch((err: unknown) => logger.error({ err }, 'worker stopped with an error'));
      if (config.engine.maintenance) stops.push(await startEngineMaintenance(deps));
      stops.push(startAbandonedJobSweep(deps, config.abandonedJobS));
      stops.push(startPendingDocumentSweep(deps, config.knowledgeResumeS));
      stops.push(startApprovalSweep(deps));
      stops.push(startResultSweep(deps, config.engine.resultGraceS));
      await ensureAssetPurgeSchedule(deps);
      // Test stacks each get a task queue of their own; their schedules go with them.
      if (config.env === 'test') stops.push(() => deleteAssetPurgeSchedule(deps));
      await ensureStorageAccrualSchedule(deps);
      if (config.env === 'test') stops.push(() => deleteStorageAccrualSchedule(deps));
      stops.push(async () => {
        if (worker && worker.getState() === 'RUNNING') worker.shutdown();
        await workerDone?.catch(() => undefined);
      });
    }

    for (const hook of opts.onStop ?? []) stops.push(hook);

    let url: string | undefined;
    if (config.role !== 'worker') {
      const app = createApp(deps);
      stops.push(() => closeAccess(deps));
      const server: Server = await new Promise((resolve, reject) => {
        const s = app.listen(config.port, config.host, () => resolve(s));
        s.once('error', reject);
      });
      const { port } = server.address() as AddressInfo;
      url = `http://127.0.0.1:${port}`;
      stops.push(
        () =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            // Long-lived connections (SSE, keep-alive) must not hold shutdown open.
            server.closeIdleConnections();
            setTimeout(() => server.closeAllConnections(), 2000).unref();
          }),
      );
      // The local realtime voice engine answers WebSocket upgrades on this server (/v1/realtime);
      // pushed after the close above, so its conversations end before the server waits on them.
      stops.push(attachRealtimeEngine(server, deps));
    }

    return { deps, url, bootstrap: bootstrapResult, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
