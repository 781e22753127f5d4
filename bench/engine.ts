// Engine overhead against a hand-written Temporal workflow (issue 3 benchmarks):
//   - chains of 1, 10, 50, 100 nodes and fan-outs of 10, 100, 500: engineRun over no-op activity
//     nodes vs bench/baseline-workflows.ts calling the same no-op activity; same worker settings,
//     alternating, ≥5 runs each, medians; target ≤ 1.10× (issue 15);
//   - node completion → SSE frame at the client, p50/p99 (target ≤ 15/75 ms);
//   - process RSS across 1,000 runs.
// Uses the test Temporal server and Postgres (npm test starts them) unless told otherwise:
//   BENCH_PG_ADMIN_URL, TEMPORAL_ADDRESS, BENCH_RUNS (5), BENCH_RSS_RUNS (1000)
//   BENCH_SHAPES ("fan-out 10,fan-out 100": only these shapes; "pure": the pure-node chains), BENCH_SKIP_EXTRA=1 (no SSE/RSS part),
//   BENCH_AB=1 (also run the engine with run_events_append group commit off, alternating, and report it;
//   BENCH_AB=defer: with deferred node commits off, every node written before it reports;
//   BENCH_AB=confirm: with executors never reporting carried commits as already written;
//   BENCH_AB=observe: with each activity checking its Temporal execution itself as it starts;
//   BENCH_AB=deadline: with runs started at behaviour 3, whose deadline timer starts with the run;
//   BENCH_AB=end: with runs started at behaviour 4, where the workflow writes every run's end itself),
//   BENCH_TIMELINE=1 (print the workflow-task timeline of each side's last run per shape; with
//   BENCH_AB, also each side's medians of start → completion and of activity time from the histories),
//   BENCH_CPU=1 (CPU ms per run of each side: this process's main thread and other threads, the
//   Temporal server found by its temporal-dev.sh pid file under .data/, all of Postgres),
//   BENCH_LOGGED=1 (a third side: the baseline whose no-op activity commits one row to Postgres per
//   call — the floor any engine with a durable per-node event log pays; prints both ratios;
//   BENCH_LOGGED=after: the row written after the activity answers — its CPU without its latency),
//   BENCH_EAGER=<n> (every worker's maxEagerActivityReservationsPerWorkflowTask instead of TEMPORAL_EAGER_ACTIVITIES's)
//   npx tsx bench/engine.ts
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { activityInfo } from '@temporalio/activity';
import { bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';
import { sql } from 'kysely';
import { createActivities } from '../activities/index';
import { createEngineActivities } from '../activities/engine';
import { allNodeDefinitions, createNodeRegistry, nodeRegistry } from '../nodes/index';
import { benchNoop } from './lib/noop-node';
import { generateApiKey } from '../src/platform/auth/api-keys';
import { loadConfig } from '../src/config';
import { createScratchDatabase } from '../src/infra/db/postgres';
import { planWorkflow } from '../src/engine/workflows/planner';
import { appendCombining, appendStats } from '../src/engine/events/store';
import { deferredCommits } from '../src/engine/execution/node-executor';
import { observeShortcuts } from '../src/engine/events/executions';
import { startedBehaviour, startRun } from '../src/engine/run/service';
import { ENGINE_RUN_BEHAVIOUR } from '../src/engine/contract/run-contract';
import { startAtelier } from '../src/runtime';
import { bundleWorkflows, WORKER_SLOTS } from '../src/infra/temporal/worker';
import { pidFromFile, ppidOf, processCpuMs, treeCpuMs } from './lib/cpu';

const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://atelier:atelier@127.0.0.1:5439/postgres';
const temporalAddress = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7633';
const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 5));
const RSS_RUNS = Number(process.env.BENCH_RSS_RUNS ?? 1000);
const SHAPES = process.env.BENCH_SHAPES?.split(',').map((x) => x.trim()).filter(Boolean);
const SKIP_EXTRA = process.env.BENCH_SKIP_EXTRA === '1';
const TIMELINE = process.env.BENCH_TIMELINE === '1';
const CPU = process.env.BENCH_CPU === '1';
const LOGGED = process.env.BENCH_LOGGED === '1' || process.env.BENCH_LOGGED === 'after';
/** BENCH_LOGGED=after: the row is written after the activity answers (its CPU, none of its latency; not durable). */
const LOGGED_AFTER = process.env.BENCH_LOGGED === 'after';
const AB = ['1', 'group', 'defer', 'confirm', 'observe', 'deadline', 'end'].includes(process.env.BENCH_AB ?? '');
/** What the A/B run switches off: run_events_append group commit, deferred node commits, or their early confirmation. */
const abSwitches: Record<string, { label: string; set: (on: boolean) => void }> = {
  confirm: { label: 'carried commits never confirmed early', set: (on) => (deferredCommits.confirmCarried = on) },
  observe: { label: 'execution checked by each activity at its start', set: (on) => (observeShortcuts.enabled = on) },
  defer: { label: 'deferred commits off', set: (on) => (deferredCommits.enabled = on) },
  deadline: { label: 'deadline timer from the start (behaviour 3)', set: (on) => (startedBehaviour.value = on ? ENGINE_RUN_BEHAVIOUR : 3) },
  end: { label: "the run's end written by the workflow (behaviour 4)", set: (on) => (startedBehaviour.value = on ? ENGINE_RUN_BEHAVIOUR : 4) },
  group: { label: 'group commit off', set: (on) => (appendCombining.enabled = on) },
};
const abSwitch = abSwitches[process.env.BENCH_AB ?? ''] ?? abSwitches.group!;
if (LOGGED && AB) throw new Error('BENCH_LOGGED and BENCH_AB each alternate their own sides: set one of them');

/** The same no-op as a `local` node with no in-workflow handler: one local activity per node (the path pure nodes took before). */
const benchLocalNoop: typeof benchNoop = { ...benchNoop, type: 'bench.local_noop', name: 'Local no-op (bench)', execution: 'local' };
const registry = createNodeRegistry([...allNodeDefinitions, benchNoop, benchLocalNoop]);

const node = (id: string, params: Record<string, unknown> = {}) => ({ id, type: 'bench.noop', position: [0, 0], params });
function chainSpec(n: number) {
  const nodes = Array.from({ length: n }, (_, i) => node(`n${i}`));
  const edges = nodes.slice(1).map((nd, i) => ({ id: `e${i}`, source: `n${i}`, target: nd.id }));
  return { nodes, edges, trigger: { type: 'manual', config: {} }, max_steps: 10_000 };
}
/** A chain of n nodes of one type (`io.set`: evaluated inside the workflow task; `bench.local_noop`: a local activity each). */
function typedChainSpec(n: number, type: string) {
  const nodes = Array.from({ length: n }, (_, i) => ({ id: `n${i}`, type, position: [0, 0], params: type === 'io.set' ? { values: { i } } : {} }));
  const edges = nodes.slice(1).map((nd, i) => ({ id: `e${i}`, source: `n${i}`, target: nd.id }));
  return { nodes, edges, trigger: { type: 'manual', config: {} }, max_steps: 10_000 };
}
/** n parallel nodes; with `padBytes`, each node's params (and so its activity input) carry that many more bytes. */
function fanOutSpec(n: number, padBytes = 0) {
  const params = padBytes > 0 ? { pad: 'x'.repeat(padBytes) } : {};
  return { nodes: Array.from({ length: n }, (_, i) => node(`n${i}`, params)), edges: [], trigger: { type: 'manual', config: {} }, max_steps: 10_000 };
}
function plan(spec: unknown) {
  const r = planWorkflow(spec, registry);
  if (!r.ok) throw new Error(JSON.stringify(r.issues.slice(0, 3)));
  return r.plan;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function main() {
  const suffix = randomBytes(5).toString('hex');
  const scratch = await createScratchDatabase(adminUrl, 'atelier_bench');
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-'));
  const adminKey = generateApiKey('live');
  const engineQueue = `bench-engine-${suffix}`;
  const baselineQueue = `bench-baseline-${suffix}`;
  const config = loadConfig({
    NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: scratch.url, TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_TASK_QUEUE: engineQueue, ATELIER_DATA_DIR: dataDir, ATELIER_ROLE: 'api', ATELIER_BOOTSTRAP_KEY: adminKey,
  });
  // API + hub from the normal runtime; the two workers below share one native connection and settings.
  const atelier = await startAtelier(config, { activities: createActivities, nodes: nodeRegistry });
  const deps = atelier.deps;
  const accountId = atelier.bootstrap.accountId!;
  const [engineBundle, baselineBundle] = await Promise.all([
    bundleWorkflows(),
    bundleWorkflowCode({ workflowsPath: fileURLToPath(new URL('./baseline-workflows.ts', import.meta.url)), logger: { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error: console.error } }),
  ]);
  const connection = await NativeConnection.connect({ address: temporalAddress });
  const workerSettings = { ...WORKER_SLOTS, shutdownGraceTime: '10 seconds', maxEagerActivityReservationsPerWorkflowTask: process.env.BENCH_EAGER ? Number(process.env.BENCH_EAGER) : config.temporal.eagerActivities } as const;
  const engineWorker = await Worker.create({
    connection, taskQueue: engineQueue, workflowBundle: engineBundle, ...workerSettings,
    activities: { ...createActivities(deps), ...createEngineActivities(deps, registry) },
  });
  const baselineWorker = await Worker.create({
    connection, taskQueue: baselineQueue, workflowBundle: baselineBundle, ...workerSettings,
    activities: { noop: async () => ({}) },
  });
  // BENCH_LOGGED: the baseline again, its no-op activity committing one row to Postgres per call
  // (the least a durable per-node event log costs: one insert, its own transaction, a NOTIFY).
  const loggedQueue = `bench-baseline-logged-${suffix}`;
  if (LOGGED) await sql`create table bench_node_log (id bigserial primary key, workflow_id text not null, i int not null, data jsonb not null, at timestamptz not null default now())`.execute(deps.db);
  const loggedWorker = LOGGED
    ? await Worker.create({
        connection, taskQueue: loggedQueue, workflowBundle: baselineBundle, ...workerSettings,
        activities: {
          noop: async (input: { i: number }) => {
            const workflowId = activityInfo().workflowExecution?.workflowId ?? '';
            const data = JSON.stringify({ type: 'node_completed', node_id: `n${input.i}`, ok: true, duration_ms: 0, output: { main: {} } });
            const write = sql`with row as (insert into bench_node_log (workflow_id, i, data) values (${workflowId}, ${input.i}, ${data}::jsonb) returning id) select pg_notify('bench_node_log', ${workflowId}) from row`.execute(deps.db);
            if (LOGGED_AFTER) void write.catch((err: unknown) => console.error('bench_node_log write failed', err));
            else await write;
            return {};
          },
        },
      })
    : undefined;
  const running = [engineWorker.run(), baselineWorker.run(), ...(loggedWorker ? [loggedWorker.run()] : [])];

  // POST /runs reads whether the workflow has a canary rule or a rate policy with the workflow itself
  // (one read) and passes that on; the bench's workflow has neither, so startRun reads neither again.
  const knownRules = { canaryRule: false, ratePolicy: false };
  const engineOnce = async (p: ReturnType<typeof plan>) => {
    const started = performance.now();
    const run = await startRun(deps, { accountId, sandbox: false, workflowId: 'wf_bench', version: 1, plan: p, input: {}, triggerType: 'test', knownRules });
    const result = (await deps.temporal.workflow.getHandle(run.id).result()) as { status: string };
    if (result.status !== 'completed') throw new Error(`engine run ${run.id} ended ${result.status}`);
    return { ms: performance.now() - started, runId: run.id };
  };
  let lastBaselineId = '';
  const baselineOnce = async (type: 'baselineChain' | 'baselineFanOut', n: number, padBytes = 0, taskQueue = baselineQueue) => {
    const started = performance.now();
    lastBaselineId = `baseline-${randomBytes(6).toString('hex')}`;
    await deps.temporal.workflow.execute(type, { taskQueue, workflowId: lastBaselineId, args: type === 'baselineFanOut' ? [n, padBytes] : [n] });
    return performance.now() - started;
  };
  /** Workflow tasks and activity completions of one execution, in ms from its start. */
  const timeline = async (workflowId: string) => {
    const history = await deps.temporal.workflow.getHandle(workflowId).fetchHistory();
    const events = history.events ?? [];
    const ms = (e: (typeof events)[number]) => Number(e.eventTime?.seconds ?? 0) * 1000 + Math.round((e.eventTime?.nanos ?? 0) / 1e6);
    const t0 = ms(events[0]!);
    const marks: string[] = [];
    let run: { kind: string; from: number; to: number; n: number } | undefined;
    const flush = () => {
      if (run) marks.push(run.n > 1 ? `${run.n}×${run.kind}@${run.from}-${run.to}` : `${run.kind}@${run.from}`);
      run = undefined;
    };
    for (const e of events) {
      const kind = e.activityTaskScheduledEventAttributes ? 'sched' : e.activityTaskStartedEventAttributes ? 'start' : e.activityTaskCompletedEventAttributes ? 'done'
        : e.workflowTaskScheduledEventAttributes ? 'WFT' : e.workflowTaskStartedEventAttributes ? 'wft-start' : e.workflowTaskCompletedEventAttributes ? 'wft-done'
        : e.markerRecordedEventAttributes ? 'LA' : e.workflowExecutionCompletedEventAttributes ? 'END' : undefined;
      if (!kind) continue;
      const t = ms(e) - t0;
      if (run && run.kind === kind) {
        run.n += 1;
        run.to = t;
      } else {
        flush();
        run = { kind, from: t, to: t, n: 1 };
      }
    }
    flush();
    return marks.join(' ');
  };

  /**
   * Server-side times of one execution from its history (less disturbed by a loaded client than the
   * wall clock): start to completion, and its activities' started → completed time summed.
   */
  const historySpans = async (workflowId: string) => {
    const events = (await deps.temporal.workflow.getHandle(workflowId).fetchHistory()).events ?? [];
    const ms = (e: (typeof events)[number]) => Number(e.eventTime?.seconds ?? 0) * 1000 + (e.eventTime?.nanos ?? 0) / 1e6;
    const started = new Map<string, number>();
    let activities = 0;
    for (const e of events) {
      if (e.activityTaskStartedEventAttributes) started.set(String(e.activityTaskStartedEventAttributes.scheduledEventId), ms(e));
      const done = e.activityTaskCompletedEventAttributes;
      if (done) activities += ms(e) - (started.get(String(done.scheduledEventId)) ?? ms(e));
    }
    return { run: ms(events.at(-1)!) - ms(events[0]!), activities };
  };

  /** CPU meters (BENCH_CPU): this process by thread, the dev server (pid file under .data/), the postmaster's whole tree. */
  const dataRoot = fileURLToPath(new URL('../.data', import.meta.url));
  const port = temporalAddress.split(':').pop();
  const temporalPid = existsSync(dataRoot)
    ? readdirSync(dataRoot).map((d) => pidFromFile(join(dataRoot, d, `temporal-${port}`, 'temporal.pid'))).find((pid) => pid !== undefined)
    : undefined;
  const postmasterPid = CPU ? ppidOf((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(deps.db)).rows[0]!.pid) : undefined;
  const cpuNow = () => {
    const self = processCpuMs();
    return [self.main, self.others, temporalPid ? treeCpuMs([temporalPid]) : 0, postmasterPid ? treeCpuMs([postmasterPid]) : 0];
  };
  const cpuLabels = ['main thread', 'other threads', 'temporal', 'postgres'];
  /** Adds what `fn` cost each meter into `into` (one slot per meter). */
  const metered = async <T>(into: number[], fn: () => Promise<T>): Promise<T> => {
    if (!CPU) return fn();
    const before = cpuNow();
    const r = await fn();
    cpuNow().forEach((v, i) => (into[i] = (into[i] ?? 0) + v - before[i]!));
    return r;
  };

  console.log(`engine bench: Temporal ${temporalAddress}, ${RUNS} runs per shape, load average ${loadavg()[0]!.toFixed(1)}`);
  // Warm-up: bundles loaded, connections and JIT warm on both sides.
  for (let i = 0; i < 3; i++) {
    await engineOnce(plan(chainSpec(5)));
    await baselineOnce('baselineChain', 5);
  }

  const rows: string[] = [];
  const shapes: Array<{ name: string; spec: unknown; type: 'baselineChain' | 'baselineFanOut'; n: number; pad?: number }> = [
    ...[1, 10, 50, 100].map((n) => ({ name: `chain ${n}`, spec: chainSpec(n), type: 'baselineChain' as const, n })),
    ...[10, 100, 500].map((n) => ({ name: `fan-out ${n}`, spec: fanOutSpec(n), type: 'baselineFanOut' as const, n })),
    // Nodes whose inputs are not tiny: 1 KB more in each activity input on both sides.
    { name: 'fan-out 500 (1 KB params)', spec: fanOutSpec(500, 1024), type: 'baselineFanOut' as const, n: 500, pad: 1024 },
  ];
  for (const shape of shapes) {
    if (SHAPES && !SHAPES.includes(shape.name)) continue;
    const p = plan(shape.spec);
    let lastEngineId = '';
    appendStats.statements = 0;
    appendStats.appends = 0;
    const engineCpu: number[] = [];
    const baselineCpu: number[] = [];
    const offCpu: number[] = [];
    const onEngine = async () => {
      const r = await metered(engineCpu, () => engineOnce(p));
      lastEngineId = r.runId;
      onIds.push(r.runId);
      engine.push(r.ms);
    };
    const engine: number[] = [];
    const onIds: string[] = [];
    const offIds: string[] = [];
    const baseline: number[] = [];
    const engineSingle: number[] = [];
    const logged: number[] = [];
    const loggedCpu: number[] = [];
    const loggedOnce = async () => logged.push(await metered(loggedCpu, () => baselineOnce(shape.type, shape.n, shape.pad, loggedQueue)));
    for (let i = 0; i < RUNS; i++) {
      if (LOGGED) {
        // Three sides, each first in turn.
        const sides = [onEngine, async () => baseline.push(await metered(baselineCpu, () => baselineOnce(shape.type, shape.n, shape.pad))), loggedOnce];
        for (let k = 0; k < 3; k++) await sides[(i + k) % 3]!();
        continue;
      }
      if (AB) {
        // The switch off for this one run, at a rotating position among the three.
        const off = async () => {
          abSwitch.set(false);
          try {
            const r = await metered(offCpu, () => engineOnce(p));
            engineSingle.push(r.ms);
            offIds.push(r.runId);
          } finally {
            abSwitch.set(true);
          }
        };
        if (i % 3 === 0) await off();
        if (i % 3 === 1) {
          await onEngine();
          await off();
          baseline.push(await metered(baselineCpu, () => baselineOnce(shape.type, shape.n, shape.pad)));
          continue;
        }
        if (i % 3 === 2) {
          baseline.push(await metered(baselineCpu, () => baselineOnce(shape.type, shape.n, shape.pad)));
          await onEngine();
          await off();
          continue;
        }
      }
      // Alternate which side goes first so drift in machine load hits both equally.
      if (i % 2 === 0) {
        await onEngine();
        baseline.push(await metered(baselineCpu, () => baselineOnce(shape.type, shape.n, shape.pad)));
      } else {
        baseline.push(await metered(baselineCpu, () => baselineOnce(shape.type, shape.n, shape.pad)));
        await onEngine();
      }
    }
    if (TIMELINE) console.log(`  ${shape.name} engine:   ${await timeline(lastEngineId)}\n  ${shape.name} baseline: ${await timeline(lastBaselineId)}`);
    const ratio = median(engine) / median(baseline);
    const row = `| ${shape.name} | ${median(baseline).toFixed(0)} ms | ${median(engine).toFixed(0)} ms | ${ratio.toFixed(2)}× | ${ratio <= 1.1 ? 'met' : 'MISSED'} |`;
    rows.push(row);
    console.log(row);
    if (CPU) {
      const perRun = (xs: number[], n: number) => cpuLabels.map((l, i) => `${l} ${((xs[i] ?? 0) / n).toFixed(1)}`).join(', ');
      console.log(`  ${shape.name} CPU ms per run — engine: ${perRun(engineCpu, engine.length)}; baseline: ${perRun(baselineCpu, baseline.length)}${AB ? `; ${abSwitch.label}: ${perRun(offCpu, engineSingle.length)}` : ''}${logged.length ? `; baseline + log: ${perRun(loggedCpu, logged.length)}` : ''}`);
      const runs = engine.length + engineSingle.length;
      console.log(`  ${shape.name} node writes per engine run: ${(appendStats.appends / runs).toFixed(0)} in ${(appendStats.statements / runs).toFixed(0)} statements`);
    }
    if (logged.length) {
      const floor = median(logged) / median(baseline);
      console.log(`  ${shape.name}: baseline + one logged row per activity ${median(logged).toFixed(0)} ms (${floor.toFixed(2)}× the baseline); engine ${(median(engine) / median(logged)).toFixed(2)}× the logged baseline, over ${logged.length} runs`);
    }
    if (AB && TIMELINE) {
      const medians = async (ids: string[]) => {
        const spans = [];
        for (const id of ids) spans.push(await historySpans(id));
        return `run ${median(spans.map((x) => x.run)).toFixed(1)} ms, activities ${median(spans.map((x) => x.activities)).toFixed(1)} ms`;
      };
      console.log(`  ${shape.name} history medians (server clock) — on: ${await medians(onIds)}; ${abSwitch.label}: ${await medians(offIds)}`);
    }
    if (AB) console.log(`  ${shape.name}: ${abSwitch.label} ${median(engineSingle).toFixed(0)} ms (${(median(engineSingle) / median(baseline)).toFixed(2)}×) vs on ${median(engine).toFixed(0)} ms, over ${engineSingle.length}/${engine.length}/${baseline.length} runs`);
  }

  if (!SHAPES || SHAPES.includes('pure')) await pureNodes();
  /**
   * Pure nodes (goal: ≤ 2 ms each): chains of 1 and 100 `io.set` nodes, which the workflow
   * evaluates inside its task, next to the same chains of `bench.local_noop` (a local activity per
   * node, as pure nodes ran before); per node = (chain 100 − chain 1) / 99, medians, alternating.
   */
  async function pureNodes() {
    const shapesPure = [
      { name: 'io.set (in the workflow task)', type: 'io.set' },
      { name: 'local activity per node', type: 'bench.local_noop' },
    ];
    const walls = new Map<string, number[]>();
    const ids = new Map<string, string>();
    for (let i = 0; i < RUNS; i++) {
      const order = i % 2 === 0 ? shapesPure : [...shapesPure].reverse();
      for (const sh of order) {
        for (const n of [1, 100]) {
          const key = `${sh.name}|${n}`;
          const r = await engineOnce(plan(typedChainSpec(n, sh.type)));
          walls.set(key, [...(walls.get(key) ?? []), r.ms]);
          ids.set(key, r.runId);
        }
      }
    }
    for (const sh of shapesPure) {
      const one = median(walls.get(`${sh.name}|1`)!);
      const hundred = median(walls.get(`${sh.name}|100`)!);
      const perNode = (hundred - one) / 99;
      const row = `| pure chain: ${sh.name} | 1 node ${one.toFixed(0)} ms | 100 nodes ${hundred.toFixed(0)} ms | ${perNode.toFixed(2)} ms/node |${sh.type === 'io.set' ? ` target ≤ 2 ms: ${perNode <= 2 ? 'met' : 'MISSED'} |` : ''}`;
      rows.push(row);
      console.log(row);
      if (TIMELINE) console.log(`  ${sh.name} chain 100: ${await timeline(ids.get(`${sh.name}|100`)!)}\n  ${sh.name} chain 1: ${await timeline(ids.get(`${sh.name}|1`)!)}`);
    }
  }

  if (!SKIP_EXTRA) await sseAndRss();
  async function sseAndRss() {
  // Node completion → SSE frame: a 100-node chain watched live; latency = frame arrival minus the
  // event row's timestamp (taken inside the committing transaction, same clock).
  const latencies: number[] = [];
  for (let round = 0; round < 3; round++) {
    const run = await startRun(deps, { accountId, sandbox: false, workflowId: 'wf_bench', version: 1, plan: plan(chainSpec(100)), input: {}, triggerType: 'test' });
    const arrivals = new Map<number, number>();
    const res = await fetch(`${atelier.url}/engine/v1/v1/runs/${run.id}/events`, { headers: { authorization: `Bearer ${adminKey}` } });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const now = Date.now();
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const id = /^id: (\d+)$/m.exec(block)?.[1];
        if (id && /^event: node_completed$/m.test(block)) arrivals.set(Number(id), now);
      }
    }
    const rowsDb = await deps.db.selectFrom('run_events').select(['seq', 'created_at']).where('run_id', '=', run.id).where('type', '=', 'node_completed').execute();
    for (const r of rowsDb) {
      const at = arrivals.get(r.seq);
      if (at !== undefined) latencies.push(at - r.created_at.getTime());
    }
  }
  const p50 = pct(latencies, 50);
  const p99 = pct(latencies, 99);
  const sseRow = `node completion → SSE frame: p50 ${p50} ms, p99 ${p99} ms over ${latencies.length} frames (targets ≤ 15 / ≤ 75 ms: ${p50 <= 15 && p99 <= 75 ? 'met' : 'MISSED'})`;
  console.log(sseRow);

  // RSS across many runs (API, hub and both workers live in this process).
  const rss: Array<[number, number]> = [[0, process.memoryUsage().rss]];
  const chain5 = plan(chainSpec(5));
  const BATCH = 25;
  for (let done = 0; done < RSS_RUNS; done += BATCH) {
    await Promise.all(Array.from({ length: Math.min(BATCH, RSS_RUNS - done) }, () => engineOnce(chain5)));
    if ((done + BATCH) % 250 === 0) rss.push([done + BATCH, process.memoryUsage().rss]);
  }
  const rssRow = `process RSS over ${RSS_RUNS} runs (5-node chains, 25 at a time): ${rss.map(([n, b]) => `${n}: ${mb(b)} MB`).join(', ')}`;
  console.log(rssRow);
  }

  console.log('\n| shape | baseline median | engine median | ratio | target ≤ 1.10× |\n|---|---|---|---|---|\n' + rows.join('\n'));

  engineWorker.shutdown();
  baselineWorker.shutdown();
  loggedWorker?.shutdown();
  await Promise.all(running);
  await connection.close();
  await atelier.stop();
  await scratch.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
