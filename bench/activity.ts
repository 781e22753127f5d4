// The engine's node activity without Temporal: what executeNode costs per node, beside the
// durable floor's activity (one logged row per node), in one process, on a scratch database.
//
// The engine bench (bench/engine.ts) measures whole runs on a Temporal dev server, where the
// server's task matching (the same 5–50 ms spread of activity starts on both sides) and two busy
// cores move a fan-out's time by ±20 % between invocations. Here both sides run the activity
// function itself — inside an activity context made by hand, as the worker would call it — for
// every node of a fan-out at once, awaited together like the workflow awaits them, so what is left
// is the executor's own work and its writes: parsing, the node, the node's commit (the group-commit
// statements that serialize on the run row) against one insert per node on its own connection.
//
//   BENCH_FANOUTS ("10,100"), BENCH_RUNS (runs per side per fan-out, 200), BENCH_PG_ADMIN_URL,
//   TEMPORAL_ADDRESS (Atelier's runtime connects to it at start; no workflow runs on it)
//   npx tsx bench/activity.ts
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { asyncLocalStorage, Context, type Info } from '@temporalio/activity';
import { sql } from 'kysely';
import { createActivities } from '../activities/index';
import { createEngineActivities } from '../activities/engine';
import { allNodeDefinitions, createNodeRegistry, nodeRegistry } from '../nodes/index';
import { benchNoop } from './lib/noop-node';
import { loadConfig } from '../src/config';
import type { ExecuteNodeInput } from '../src/engine/contract/run-contract';
import { appendStats } from '../src/engine/events/store';
import { planWorkflow } from '../src/engine/workflows/planner';
import { createScratchDatabase } from '../src/infra/db/postgres';
import { generateApiKey } from '../src/platform/auth/api-keys';
import { startAtelier } from '../src/runtime';

const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const fanouts = (process.env.BENCH_FANOUTS ?? '10,100').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

const registry = createNodeRegistry([...allNodeDefinitions, benchNoop]);

const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, log() {} };
const noMetrics = { createCounter: () => ({ add() {} }), createHistogram: () => ({ record() {} }), createGauge: () => ({ set() {} }), withTags() { return this; } };

/** An activity context as the worker makes one for a first attempt of a regular (not local) activity. */
function activityContext(runId: string): Context {
  const now = Date.now();
  const info = {
    attempt: 1, isLocal: false, activityId: randomUUID(), activityType: 'executeNode', taskQueue: 'bench-activity', workflowType: 'engineRun',
    workflowExecution: { workflowId: runId, runId: `bench-${runId}` }, heartbeatDetails: undefined, activityNamespace: 'default', workflowNamespace: 'default',
    scheduledTimestampMs: now, currentAttemptScheduledTimestampMs: now, startToCloseTimeoutMs: 60_000, scheduleToCloseTimeoutMs: 60_000, heartbeatTimeoutMs: undefined, priority: {},
  } as unknown as Info;
  // The SDK's constructor is not public API; its argument order is the worker's (info, cancelled, signal, heartbeat, client, log, meter).
  const Made = Context as unknown as new (...args: unknown[]) => Context;
  return new Made(info, new Promise(() => {}), new AbortController().signal, () => {}, undefined, silent, noMetrics);
}

async function main() {
  const scratch = await createScratchDatabase(adminUrl, 'atelier_bench_act');
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-act-'));
  const config = loadConfig({
    NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: scratch.url, TEMPORAL_ADDRESS: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7633',
    TEMPORAL_TASK_QUEUE: `bench-activity-${randomBytes(4).toString('hex')}`, ATELIER_DATA_DIR: dataDir, ATELIER_ROLE: 'api', ATELIER_BOOTSTRAP_KEY: generateApiKey('live'),
  });
  const atelier = await startAtelier(config, { activities: createActivities, nodes: nodeRegistry });
  try {
    const { db } = atelier.deps;
    const accountId = atelier.bootstrap.accountId!;
    const { executeNode } = createEngineActivities(atelier.deps, registry);
    await sql`create table bench_node_log (id bigserial primary key, workflow_id text not null, i int not null, data jsonb not null, at timestamptz not null default now())`.execute(db);
    console.log(`activity bench: ${RUNS} runs per side per fan-out, load average ${loadavg()[0]!.toFixed(1)}\n`);
    console.log('| fan-out | engine CPU per node | floor CPU per node | engine wall per run | floor wall per run | engine ÷ floor (wall) | statements per engine run |\n|---|---|---|---|---|---|---|');
    for (const n of fanouts) {
      const spec = { nodes: Array.from({ length: n }, (_, i) => ({ id: `n${i}`, type: 'bench.noop', position: [0, 0], params: {} })), edges: [], trigger: { type: 'manual', config: {} }, max_steps: 10_000 };
      const planned = planWorkflow(spec, registry);
      if (!planned.ok) throw new Error(JSON.stringify(planned.issues.slice(0, 3)));
      const plan = JSON.stringify(planned.plan);
      // Every node a sink that may end the run, as in bench/engine.ts's fan-outs (engineRun behaviour 5).
      const engineRun = async () => {
        const runId = randomUUID();
        await db.insertInto('runs').values({ id: runId, account_id: accountId, workflow_id: 'wf_bench_activity', workflow_version: 1, status: 'running', trigger_type: 'manual', sandbox: false, input: '{}', plan, nodes_total: n, temporal_workflow_id: runId }).execute();
        const input = (i: number) => ({
          runId, accountId, workflowId: 'wf_bench_activity', generation: 0, sandbox: false, node: { id: `n${i}`, type: 'bench.noop', version: 1 },
          params: {}, inputs: {}, variables: {}, runInput: {}, usdCapMicros: null, resultRefs: true, deferCommit: false, endsRun: true,
        }) as unknown as ExecuteNodeInput;
        const answers = await Promise.all(Array.from({ length: n }, (_, i) => asyncLocalStorage.run(activityContext(runId), () => executeNode(input(i)))));
        if (answers.filter((a) => a.ended).length !== 1) throw new Error(`run ${runId}: ${answers.filter((a) => a.ended).length} nodes say they ended it`);
      };
      const floorRun = async () => {
        const runId = randomUUID();
        await Promise.all(Array.from({ length: n }, (_, i) => asyncLocalStorage.run(activityContext(runId), async () => {
          const data = JSON.stringify({ type: 'node_completed', node_id: `n${i}`, ok: true, duration_ms: 0, output: { main: {} } });
          await sql`with row as (insert into bench_node_log (workflow_id, i, data) values (${runId}, ${i}, ${data}::jsonb) returning id) select pg_notify('bench_node_log', ${runId}) from row`.execute(db);
          return {};
        })));
      };
      const sides = { engine: engineRun, floor: floorRun };
      for (const side of Object.values(sides)) for (let i = 0; i < 10; i++) await side(); // warm: JIT, pool, prepared statements
      const totals = { engine: { cpu: 0, wall: 0, runs: 0 }, floor: { cpu: 0, wall: 0, runs: 0 } };
      const before = { ...appendStats };
      // Four alternating blocks per side: drift on the machine lands on both.
      for (let block = 0; block < 4; block++) {
        for (const [name, side] of Object.entries(sides) as Array<[keyof typeof sides, () => Promise<void>]>) {
          const cpu0 = process.cpuUsage();
          const t0 = performance.now();
          for (let i = 0; i < RUNS / 4; i++) await side();
          const cpu = process.cpuUsage(cpu0);
          totals[name].cpu += (cpu.user + cpu.system) / 1000;
          totals[name].wall += performance.now() - t0;
          totals[name].runs += RUNS / 4;
        }
      }
      const e = totals.engine;
      const f = totals.floor;
      const statements = (appendStats.statements - before.statements) / e.runs;
      console.log(
        `| ${n} | ${(e.cpu / e.runs / n).toFixed(3)} ms | ${(f.cpu / f.runs / n).toFixed(3)} ms | ${(e.wall / e.runs).toFixed(2)} ms | ${(f.wall / f.runs).toFixed(2)} ms | ${(e.wall / f.wall).toFixed(2)}× | ${statements.toFixed(1)} |`,
      );
    }
    const done = await db.selectFrom('runs').select((eb) => eb.fn.countAll<string>().as('n')).where('status', '=', 'completed').executeTakeFirstOrThrow();
    console.log(`\n(${done.n} engine runs ended completed by their last node; CPU is this whole process's, the database's apart)`);
  } finally {
    await atelier.stop();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
