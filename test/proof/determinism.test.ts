// Determinism: recorded histories of every workflow type (test/histories/<type>.json, recorded
// from real runs by scripts/record-histories.ts) replay against the CURRENT workflow bundle, and a
// seeded generator of random engine DAGs (branches, failures, approvals, delays,
// continue_on_error, error_handler modes) runs its specs on the real stack and replays every
// finished history. A change to workflow code that would break running executions fails here.
//
// Reproduce a DAG failure with DAG_SEED=<seed printed>; DAG_SPECS sets how many specs run;
// PROOF_DAG=0 leaves the random DAGs out (only the recorded histories replay).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { WorkflowExecutionInfo } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CounterServer, FINISHED } from '../engine/runs/helpers';
import { squareOnWhite, startImageHost } from '../platform/billing/helpers';
import { dagArbitrary } from './dag-arbitrary';
import { History, writeHistory } from '../helpers/histories';
import { startStack, type TestStack } from '../helpers/stack';
import { inParallel } from './http';

const ROOT = resolve(import.meta.dirname, '../..');
const HISTORIES = join(ROOT, 'test/histories');
const RECORD = process.env.RECORD_HISTORIES === '1';
const DAG_SEED = Number(process.env.DAG_SEED ?? 16_018);
const DAG_SPECS = Number(process.env.DAG_SPECS ?? 200);

/** The workflow types the worker runs: every export of workflows/index.ts. */
function workflowTypes(): string[] {
  const src = readFileSync(join(ROOT, 'workflows/index.ts'), 'utf8');
  return [...src.matchAll(/export\s*\{\s*([\w\s,]+)\s*\}\s*from/g)].flatMap((m) => m[1]!.split(',').map((s) => s.trim().split(/\s+as\s+/).pop()!)).filter(Boolean);
}

async function replay(histories: Array<{ workflowId: string; history: unknown }>) {
  const results: Array<{ workflowId: string; error?: unknown }> = [];
  for await (const r of Worker.runReplayHistories({ workflowBundle: { codePath: inject('workflowBundlePath') } }, histories.map((h) => ({ workflowId: h.workflowId, history: h.history as never })))) {
    results.push({ workflowId: r.workflowId, error: r.error });
  }
  return results;
}

describe('recorded histories of every workflow type', () => {
  it('every workflow type in workflows/index.ts has a recorded history under test/histories/', () => {
    const types = workflowTypes();
    expect(types.length).toBeGreaterThanOrEqual(9);
    const missing = types.filter((t) => !existsSync(join(HISTORIES, `${t}.json`)));
    expect(missing, 'record them with `npx tsx scripts/record-histories.ts`').toEqual([]);
  });

  it('replay against the current workflow bundle without a non-determinism error', async () => {
    const files = existsSync(HISTORIES) ? readdirSync(HISTORIES).filter((f) => f.endsWith('.json')) : [];
    expect(files.length).toBeGreaterThan(0);
    const histories = files.map((f) => {
      const rec = JSON.parse(readFileSync(join(HISTORIES, f), 'utf8')) as { workflowType: string; workflowId: string; history: unknown };
      // <type>.json is the current recording; <type>.<what-came-before>.json keeps an older one replaying.
      expect(f === `${rec.workflowType}.json` || f.startsWith(`${rec.workflowType}.`), f).toBe(true);
      return { workflowId: `${rec.workflowType}:${rec.workflowId}`, history: History.fromObject(rec.history as Record<string, unknown>) };
    });
    const results = await replay(histories);
    expect(results).toHaveLength(files.length);
    expect(results.filter((r) => r.error).map((r) => `${r.workflowId}: ${String(r.error)}`)).toEqual([]);
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// The stack: the random DAGs run on it, and RECORD_HISTORIES=1 records every type's history.

let stack: TestStack;
let counter: CounterServer;

beforeAll(async () => {
  if (!RECORD && process.env.PROOF_DAG === '0') return;
  // Recording also runs engineMaintenance (off by default under NODE_ENV=test), with short intervals.
  const record: Record<string, string> = RECORD ? { ATELIER_ENGINE_MAINTENANCE: '1', ATELIER_WATCHDOG_INTERVAL_S: '1', ATELIER_REAPER_INTERVAL_S: '2' } : {};
  [stack, counter] = await Promise.all([startStack({ ATELIER_RATE_LIMIT_SCALE: '1000000', ...record }), new CounterServer().start()]);
}, 180_000);
afterAll(async () => {
  await stack?.close();
  await counter?.stop();
});

// FOUND AND FIXED: with seed 16018, 4 of 200 specs (119, 134, 162, 190) failed replay with TMPRL1100
// "Activity type of recorded marker 'recordNodesSettled' does not match activity type of local
// activity command 'recordNodeStarted'" (and a timer/activity mismatch): engineRun issued projection
// local activities from concurrent branches, resolved in completion order when executed but in
// marker order when replayed. engineRun runs its local activities one at a time since the
// `serial-local-activities` patch. One later failure (seed 16018, spec 143) was never reproduced:
// 1,400 runs since (seeds 16018 and 1–5, spec 143 alone ×100, and one run with 1 s workflow task
// timeouts and projections slowed by up to 1.5 s, which forces workflow task heartbeats while local
// activities are in flight) replayed without an error. A failing history is written under the
// suite's data dir (dag-failures/, in the test/histories format) so it can be kept and studied.
describe.skipIf(process.env.PROOF_DAG === '0')('random DAGs run on the real stack and replay', () => {
  it(`${DAG_SPECS} seeded random specs finish, and every history replays without a non-determinism error`, async () => {
    const specs = fc.sample(dagArbitrary(counter), { seed: DAG_SEED, numRuns: DAG_SPECS });
    const runs: Array<{ i: number; runId: string; temporalId: string; approvals: boolean }> = [];
    const problems: string[] = [];
    await inParallel(specs.map((s, i) => ({ s, i })), 16, async ({ s, i }) => {
      const wf = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: `dag ${i}`, spec: s.spec } });
      if (wf.status !== 201) {
        problems.push(`spec ${i} refused: ${wf.status} ${wf.text.slice(0, 300)} spec=${JSON.stringify(s.spec)}`);
        return;
      }
      const run = await stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: wf.body.id, input: s.input } });
      if (run.status !== 201) {
        problems.push(`spec ${i} did not start: ${run.status} ${run.text.slice(0, 300)}`);
        return;
      }
      runs.push({ i, runId: run.body.run_id, temporalId: run.body.temporal_workflow_id, approvals: s.approvals });
    });
    expect(problems, `seed ${DAG_SEED}`).toEqual([]);

    // Wait for every run to finish, signalling approve to those with approval nodes.
    const deadline = Date.now() + 240_000;
    const pending = new Set(runs.map((r) => r.runId));
    const statuses = new Map<string, number>();
    while (pending.size > 0 && Date.now() < deadline) {
      await inParallel(runs.filter((r) => pending.has(r.runId)), 8, async (r) => {
        const got = await stack.api('GET', `/engine/v1/v1/runs/${r.runId}`);
        if (FINISHED.includes(got.body?.status)) {
          pending.delete(r.runId);
          statuses.set(got.body.status, (statuses.get(got.body.status) ?? 0) + 1);
        } else if (r.approvals) {
          await stack.api('POST', `/engine/v1/v1/runs/${r.runId}/signals/approve`, { body: { payload: { approved: r.i % 3 !== 0 } } });
        }
      });
      if (pending.size > 0) await new Promise((res) => setTimeout(res, 400));
    }
    console.log(`[determinism] seed ${DAG_SEED}: ${runs.length} random DAG runs; ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect([...pending], `seed ${DAG_SEED}: runs that never finished`).toEqual([]);

    const histories: Array<{ workflowId: string; history: unknown }> = [];
    await inParallel(runs, 8, async (r) => {
      histories.push({ workflowId: `spec ${r.i} (${r.temporalId}) ${JSON.stringify(specs[r.i]!.spec)}`, history: await stack.atelier.deps.temporal.workflow.getHandle(r.temporalId).fetchHistory() });
    });
    const results = await replay(histories);
    expect(results).toHaveLength(runs.length);
    const failed = results.filter((r) => r.error);
    if (failed.length) {
      const dir = join(inject('dataDir'), 'dag-failures');
      mkdirSync(dir, { recursive: true });
      for (const f of failed) {
        const h = histories.find((x) => x.workflowId === f.workflowId)!;
        const temporalId = /\((.+?)\)/.exec(f.workflowId)?.[1] ?? 'unknown';
        const file = join(dir, `engineRun.seed-${DAG_SEED}-${temporalId}.json`);
        writeFileSync(file, `${JSON.stringify({ workflowType: 'engineRun', workflowId: temporalId, spec: f.workflowId, history: History.toObject(History.fromObject(h.history as Record<string, unknown>), { longs: String, enums: String, bytes: String }) }, null, 1)}\n`);
        console.log(`[determinism] failing history written to ${file}`);
      }
    }
    expect(failed.map((r) => `seed ${DAG_SEED} ${r.workflowId}: ${String(r.error)}`)).toEqual([]);
    // The generator did produce what it is meant to: failures, branches and approvals.
    expect(statuses.get('completed') ?? 0).toBeGreaterThan(0);
    expect(statuses.get('failed') ?? 0).toBeGreaterThan(0);
  }, 420_000);
});

// ---------------------------------------------------------------------------------------------
// RECORD_HISTORIES=1 (scripts/record-histories.ts): one real execution of every workflow type.

describe.runIf(RECORD)('record the histories of every workflow type', () => {
  it('runs each type on the stack and writes test/histories/<type>.json', async () => {
    const tq = stack.config.temporal.taskQueue;
    const client = stack.atelier.deps.temporal;
    const ok = (r: { status: number; text: string }, what: string) => {
      if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text.slice(0, 300)}`);
    };
    // ping
    ok(await stack.api('POST', '/v1/system/ping', { body: {} }), 'ping');
    // engineRun: branches, a failure that continues, a delay and an approval.
    const wf = await stack.api('POST', '/engine/v1/v1/workflows', {
      body: {
        name: 'record',
        spec: {
          nodes: [
            { id: 'start', type: 'trigger.manual', position: [0, 0], params: {} },
            { id: 'check', type: 'logic.if', position: [1, 0], params: { left: '{{start.output.main.n}}', operator: 'gt', right: 1 } },
            { id: 'yes', type: 'http.request', position: [2, 0], params: { url: `${counter.url}/hit?id=yes` } },
            { id: 'no', type: 'io.set', position: [2, 1], params: { values: { n: 0 } } },
            { id: 'bad', type: 'logic.stop_and_error', position: [1, 1], params: {}, continue_on_error: true },
            { id: 'after_bad', type: 'io.set', position: [2, 2], params: { values: { why: '{{bad.output.main.error}}' } } },
            { id: 'nap', type: 'control.delay', position: [3, 0], params: { seconds: 0.1 } },
            { id: 'gate', type: 'control.approval', position: [4, 0], params: { timeout_s: 1, default: 'approved' } },
          ],
          edges: [
            { id: 'e0', source: 'start', target: 'check', source_port: 'main' }, { id: 'e1', source: 'check', target: 'yes', source_port: 'true' },
            { id: 'e2', source: 'check', target: 'no', source_port: 'false' }, { id: 'e3', source: 'start', target: 'bad', source_port: 'main' },
            { id: 'e4', source: 'yes', target: 'nap', source_port: 'main' }, { id: 'e5', source: 'nap', target: 'gate', source_port: 'main' },
            { id: 'e6', source: 'bad', target: 'after_bad', source_port: 'main' },
          ],
          trigger: { type: 'manual', config: {} },
        },
      },
    });
    ok(wf, 'workflow');
    // runAnalysis: a criterion on the workflow, so its finished run is analysed.
    ok(await stack.api('POST', '/engine/v1/v1/analytics/criteria', { body: { workflow_id: wf.body.id, name: 'reached_gate', description: 'The run reached the approval gate', weight: 1, llm_prompt: 'Did the run reach the gate?' } }), 'criterion');
    const run = await stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: wf.body.id, input: { n: 2 } } });
    ok(run, 'run');
    // agentRun: an agent that fetches a loopback page with its http_get tool, then answers.
    const agent = await stack.api('POST', '/engine/v1/v1/workflows', {
      body: {
        name: 'record agent',
        spec: {
          nodes: [
            { id: 'start', type: 'trigger.manual', position: [0, 0], params: {} },
            { id: 'agent', type: 'agent.run', position: [1, 0], params: { model: 'atelier-local', prompt: `Fetch the web page ${counter.url}/hit?id=agent and summarise it`, tools: ['http_get'], tool_strategy: 'required', max_steps: 4 } },
          ],
          edges: [{ id: 'e0', source: 'start', target: 'agent', source_port: 'main' }],
          trigger: { type: 'manual', config: {} },
        },
      },
    });
    ok(agent, 'agent workflow');
    ok(await stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: agent.body.id, input: {} } }), 'agent run');
    // knowledgeIngest: text over the inline limit is indexed in the background.
    ok(await stack.api('POST', '/engine/v1/v1/knowledge', { body: { workflow_id: wf.body.id, title: 'long', source_type: 'text', text: 'Lighthouses guide ships along the coast at night. '.repeat(2400) } }), 'knowledge');
    // story: the concept step starts the story workflow.
    ok(await stack.api('POST', '/v1/story/step/concept', { body: { prompt: 'A lighthouse keeper finds a message in a bottle', num_scenes: 2, duration: 15 } }), 'story');
    // webhookDelivery: an HTTPS endpoint nothing listens on, fired by a generation (the delivery
    // retries on its durable timers; its history is recorded as it stands).
    ok(await stack.api('POST', '/v1/console/webhooks', { body: { name: 'record', url: 'https://127.0.0.1:9/hook', events: ['generation.completed'] } }), 'webhook');
    ok(await stack.api('POST', '/v1/ai/generate/image', { body: { prompt: 'a lighthouse', width: 64, height: 64 } }), 'image');
    // generationJob: an asynchronous generation.
    ok(await stack.api('POST', '/v1/ai/generate/video', { body: { prompt: 'waves', seconds: 1 } }), 'video');
    // imageBatch: one operation over two images from a loopback host.
    const images = await startImageHost({ 'a.png': await squareOnWhite(), 'b.png': await squareOnWhite() });
    ok(await stack.api('POST', '/v1/images/batch', { body: { operation: 'shadow', images: [{ image_url: images.url('a.png') }, { image_url: images.url('b.png') }] } }), 'image batch');
    // engineScheduleFire: an engine schedule fired now.
    const sch = await stack.api('POST', '/engine/v1/v1/schedules', { body: { workflow_id: wf.body.id, cron: '0 0 1 1 *' } });
    ok(sch, 'schedule');
    const row = await stack.atelier.deps.db.selectFrom('engine_schedules').select('temporal_schedule_id').where('id', '=', sch.body.id).executeTakeFirstOrThrow();
    await client.schedule.getHandle(row.temporal_schedule_id).trigger();
    // assetPurge and storageAccrual: their Temporal schedules fired now. engineMaintenance runs from start-up.
    await client.schedule.getHandle(`atelier-asset-purge-${tq}`).trigger();
    await client.schedule.getHandle(`atelier-storage-accrual-${tq}`).trigger();

    // The engine run above is the one worth keeping: let it finish (approval times out to approved).
    for (let i = 0; i < 200 && !FINISHED.includes((await stack.api('GET', `/engine/v1/v1/runs/${run.body.run_id}`)).body?.status); i++) await new Promise((r) => setTimeout(r, 200));
    // s3Replication needs the storage server's event webhook: its history is recorded by
    // test/storage/notifications.test.ts (RECORD_HISTORIES=1), which starts such a server.
    // RECORD_ONLY=<type,…> records just those (a new workflow type), leaving every other recording as it is.
    const only = process.env.RECORD_ONLY?.split(',').map((t) => t.trim()).filter(Boolean);
    const types = workflowTypes().filter((t) => t !== 's3Replication' && (!only || only.includes(t)));
    mkdirSync(HISTORIES, { recursive: true });
    const deadline = Date.now() + 120_000;
    const recorded = new Set<string>();
    while (recorded.size < types.length && Date.now() < deadline) {
      for (const type of types.filter((t) => !recorded.has(t))) {
        // The richest finished execution when there is one; long-lived ones (maintenance, a story
        // awaiting its next step, a delivery retrying) as they stand.
        let chosen: { info: WorkflowExecutionInfo; history: Awaited<ReturnType<ReturnType<typeof client.workflow.getHandle>['fetchHistory']>> } | undefined;
        for await (const w of client.workflow.list({ query: `TaskQueue = '${tq}' AND WorkflowType = '${type}'` })) {
          const history = await client.workflow.getHandle(w.workflowId, w.runId).fetchHistory();
          const better = !chosen || (w.status.name !== 'RUNNING' && chosen.info.status.name === 'RUNNING') || ((w.status.name === 'RUNNING') === (chosen.info.status.name === 'RUNNING') && (history.events?.length ?? 0) > (chosen.history.events?.length ?? 0));
          if (better) chosen = { info: w, history };
        }
        const longLived = ['engineMaintenance', 'story', 'webhookDelivery'].includes(type) || Date.now() > deadline - 60_000;
        if (!chosen || (chosen.info.status.name === 'RUNNING' && !longLived)) continue;
        const { info, history } = chosen;
        writeHistory(join(HISTORIES, `${type}.json`), { workflowType: type, workflowId: info.workflowId, status: info.status.name, history });
        recorded.add(type);
      }
      if (recorded.size < types.length) await new Promise((r) => setTimeout(r, 1000));
    }
    await images.close();
    expect(types.filter((t) => !recorded.has(t))).toEqual([]);
  }, 240_000);
});
