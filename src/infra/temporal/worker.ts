import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { bundleWorkflowCode, Worker, type NativeConnection, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import type { Deps } from '../../deps';
import { droppedWorkflowSpans } from '../tracing/tracing';

// Workflow code is loaded by path (Temporal bundles it with webpack), never imported by src/.
export const workflowsPath = fileURLToPath(new URL('../../../workflows/index.ts', import.meta.url));

/**
 * The workflow interceptors every bundle carries: OpenTelemetry spans for runs started with a
 * trace context, dormant for the others (so one bundle serves tracing on and off).
 */
export const workflowInterceptorModules = [fileURLToPath(new URL('../../../workflows/tracing-interceptors.ts', import.meta.url))];

/**
 * Bundles workflow code once (webpack); callers keep the result for the life of the process.
 *
 * The worker reuses one V8 context per thread and, to keep module state per execution, evaluates
 * every module a workflow imports again for each new execution — for a short run that was most of
 * the workflow thread's time. Our workflow modules keep no state at module scope (definitions,
 * activity proxies and pure functions only), so they are preloaded: evaluated once at the worker's
 * start, frozen and shared; per-execution state lives in the workflow functions' own scope.
 */
export async function bundleWorkflows(): Promise<WorkflowBundleWithSourceMap> {
  return bundleWorkflowCode({ workflowsPath, workflowInterceptorModules, preloadModules: [workflowsPath, ...workflowInterceptorModules], logger: quietBundlerLogger });
}

const quietBundlerLogger = {
  log: () => undefined, trace: () => undefined, debug: () => undefined, info: () => undefined,
  warn: (m: string) => console.warn(m), error: (m: string) => console.error(m),
};

/** Builds the worker's activity set over the process's dependencies (the `activities/` face). */
export type ActivityFactory = (deps: Deps) => object;

export interface WorkerOptions {
  connection: NativeConnection;
  activities: ActivityFactory;
  /** A prebuilt bundle (tests build one per run), or built here. */
  bundle?: WorkflowBundleWithSourceMap | { codePath: string };
  maxConcurrentActivityTaskExecutions?: number;
}

/**
 * How many tasks one worker process takes on at once (the engine bench uses the same).
 *
 * Workflow tasks: a run started by this process gets its first workflow task in the start's answer
 * (eager start) only when a workflow task slot is free at that moment; otherwise the task waits on
 * the task queue for the pollers — and while eager starts keep taking the slots that free up, that
 * wait ran to 1–4 s. At 100 slots, 50 clients starting trigger → set runs back to back had 2–4 % of
 * their runs wait like that (client p99 1.6–2.6 s against a p50 of ~0.6 s); at 400, none in two
 * sittings (p99 0.8–1.0 s) and ~5 % more runs per second (bench/RESULTS.md). A slot is cheap: a
 * workflow task is milliseconds of workflow-thread work. It may not exceed the workflow cache,
 * which the SDK sizes from the heap (600 per GiB above 200 MiB): a small heap gets fewer.
 */
export const WORKER_SLOTS = {
  maxConcurrentActivityTaskExecutions: 200,
  maxConcurrentWorkflowTaskExecutions: Math.max(10, Math.min(400, Math.floor(((v8.getHeapStatistics().heap_size_limit / 2 ** 20 - 200) * 600) / 1024))),
} as const;

export async function createWorker(deps: Deps, opts: WorkerOptions): Promise<Worker> {
  const bundle = opts.bundle ?? (await bundleWorkflows());
  return Worker.create({
    connection: opts.connection,
    namespace: deps.config.temporal.namespace,
    taskQueue: deps.taskQueue,
    workflowBundle: bundle,
    activities: opts.activities(deps),
    interceptors: { activity: deps.tracing?.activityInterceptors ?? [] },
    // Spans ended in the workflow sandbox reach the exporter through this sink (dropped when off).
    sinks: { exporter: deps.tracing?.workflowSink ?? droppedWorkflowSpans },
    maxConcurrentActivityTaskExecutions: opts.maxConcurrentActivityTaskExecutions ?? WORKER_SLOTS.maxConcurrentActivityTaskExecutions,
    maxConcurrentWorkflowTaskExecutions: WORKER_SLOTS.maxConcurrentWorkflowTaskExecutions,
    // A workflow task's activities (a fan-out's nodes) start from the server's answer to it, up to
    // this many, each in a free slot of this worker; the SDK's default of 3 left the rest of a
    // fan-out to the task queue's pollers, 5–50 ms later (a fan-out of 100 took 469–616 ms per run
    // on the development server instead of 292–382, bench/RESULTS.md). Those past it, and all of
    // them on a server with eager activities off, go through the task queue to any worker.
    maxEagerActivityReservationsPerWorkflowTask: deps.config.temporal.eagerActivities,
    shutdownGraceTime: '10 seconds',
    // Cancellation reaches an activity with a heartbeat's answer: send them at least every second
    // (the default throttle, 80% of the heartbeat timeout, delayed a run's cancel by ~5 s).
    maxHeartbeatThrottleInterval: '1 second',
  });
}

