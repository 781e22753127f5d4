import type { Client } from '@temporalio/client';
import type { BlobStore } from './storage/blob-store';
import type { Config } from './config';
import type { Database } from './infra/db/index';
import type { RunEventHub } from './engine/events/hub';
import type { PgListener } from './infra/db/listener';
import type { KeyCredential } from './platform/auth/authenticate';
import type { CredentialCache } from './platform/auth/credential-cache';
import type { Logger } from './infra/logging/logger';
import type { Providers } from './generation/providers/types';
import type { Tracing } from './infra/tracing/tracing';
import type { RunAdmission } from './engine/run/admission';
import type { RunEndListener } from './engine/run/run-end';

/**
 * What the API and the activities need, built once per process in `src/main.ts` (or per test
 * stack) and passed down explicitly — no module-level singletons.
 */
export interface Deps {
  config: Config;
  db: Database;
  logger: Logger;
  temporal: Client;
  blobs: BlobStore;
  /** Generation providers per capability (src/providers). */
  providers: Providers;
  /** Task queue this process's workflows and activities use. */
  taskQueue: string;
  /** The process's one LISTEN connection, shared by every channel (API processes). */
  listener?: PgListener;
  /** Run event wake-ups over `listener` (API processes; SSE subscribes to it). */
  runEvents?: RunEventHub;
  /** OpenTelemetry tracing, when this process exports traces (OTEL_EXPORTER_OTLP_ENDPOINT). */
  tracing?: Tracing;
  /** API keys recently authenticated, dropped on Postgres notifications (API processes). */
  credentials?: CredentialCache<KeyCredential>;
  /**
   * This process runs the worker on the client's own connection: a workflow it starts may ask for
   * eager start (Temporal answers the start with the first workflow task for this worker).
   */
  eagerStart?: boolean;
  /** What a run's start asks of canary routing and rate-policy admission (src/engine/run/admission.ts; wired in src/runtime.ts). */
  runAdmission: RunAdmission<Deps>;
  /** What a run's end tells the features that follow finished runs: the analysis (src/engine/run/run-end.ts; wired in src/runtime.ts). */
  runEnd: RunEndListener<Deps>;
}
