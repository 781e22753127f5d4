// run_events_append group commit (src/engine/events/store.ts): appends of one run made while a
// statement for that run is in flight go together in the next statement — one transaction — and
// every caller still gets its own result; seqs stay consecutive, dedupe keys hold, and a bad
// append does not fail the ones batched with it. A batch statement (run_events_append_many) writes
// exactly what one run_events_append call per item, in order, writes. A run's statement waits
// briefly for the appends of node executions that started here just now (fan-out siblings).
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendCombining, appendLinger, appendNodeEvents, expectAppend, type NewRunEvent, type NodeRowJson } from '../../../src/engine/events/store';
import { startStack, type TestStack } from '../../helpers/stack';

let stack: TestStack;
let accountId: string;

beforeAll(async () => {
  stack = await startStack();
  accountId = stack.accountId;
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

async function newRun(): Promise<string> {
  const id = randomUUID();
  await stack.atelier.deps.db
    .insertInto('runs')
    .values({ id, account_id: accountId, workflow_id: 'wf_append', workflow_version: 1, status: 'queued', trigger_type: 'test', input: '{}', plan: JSON.stringify({}), temporal_workflow_id: id })
    .execute();
  return id;
}

const completion = (nodeId: string): NewRunEvent[] => [
  { type: 'node_output', nodeId, dedupeKey: `0:${nodeId}:node_output`, data: { node_id: nodeId } },
  { type: 'node_completed', nodeId, dedupeKey: `0:${nodeId}:node_completed`, data: { node_id: nodeId, ok: true } },
];

const row = (nodeId: string, extra: Partial<Record<keyof NodeRowJson, unknown>> = {}): NodeRowJson =>
  ({
    node_id: nodeId, node_type: 'bench.noop', status: 'succeeded', ok: true, output: { main: { n: nodeId } }, usd_charged_micros: 0, error: null,
    logs: [], duration_ms: 1, skipped: false, attempt: 1, started_at: new Date().toISOString(), finished_at: new Date().toISOString(), ...extra,
  }) as NodeRowJson;

async function eventsOf(runId: string) {
  const r = await sql<{ seq: string; dedupe_key: string; xmin: string }>`
    select seq, dedupe_key, xmin::text as xmin from run_events where run_id = ${runId} order by seq
  `.execute(stack.atelier.deps.db);
  return r.rows.map((x) => ({ seq: Number(x.seq), key: x.dedupe_key, tx: x.xmin }));
}

describe('run_events_append group commit', () => {
  it('appends made while one is in flight commit together, each caller gets its own seqs', async () => {
    expect(appendCombining.enabled).toBe(true);
    const db = stack.atelier.deps.db;
    const runId = await newRun();
    // Called in one tick: the first goes alone, the other nine queue behind it and share one statement.
    const ids = Array.from({ length: 10 }, (_, i) => `n${i}`);
    const results = await Promise.all(ids.map((id) => appendNodeEvents(db, runId, completion(id), { node: row(id), countCompleted: true, currentNode: id, markRunning: true })));

    const events = await eventsOf(runId);
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // Each caller's answer names exactly its own events, with the seqs they were stored under.
    results.forEach((appended, i) => {
      expect(appended.map((a) => a.dedupe_key)).toEqual([`0:${ids[i]}:node_output`, `0:${ids[i]}:node_completed`]);
      for (const a of appended) expect(events.find((e) => e.key === a.dedupe_key)?.seq).toBe(a.seq);
    });
    // Two transactions: the first append, then the nine that queued behind it.
    const txs = new Set(events.map((e) => e.tx));
    expect(txs.size).toBe(2);
    expect(events.filter((e) => e.tx === events[0]!.tx)).toHaveLength(2);

    const run = await db.selectFrom('runs').select(['last_seq', 'nodes_completed', 'status']).where('id', '=', runId).executeTakeFirstOrThrow();
    expect(Number(run.last_seq)).toBe(20);
    expect(run.nodes_completed).toBe(10);
    expect(run.status).toBe('running');
    const nodes = await db.selectFrom('run_node_outputs').select(['node_id', 'output']).where('run_id', '=', runId).orderBy('node_id').execute();
    expect(nodes.map((n) => n.node_id).sort()).toEqual([...ids].sort());
    expect(nodes.find((n) => n.node_id === 'n7')?.output).toEqual({ main: { n: 'n7' } });
  });

  it('dedupe keys hold inside a batch and across batches; counters count only new completions', async () => {
    const db = stack.atelier.deps.db;
    const runId = await newRun();
    const opts = (id: string) => ({ node: row(id), countCompleted: true });
    // a, then [b, b again, a again] batched together: the repeats append nothing.
    const [first, b1, b2, a2] = await Promise.all([
      appendNodeEvents(db, runId, completion('a'), opts('a')),
      appendNodeEvents(db, runId, completion('b'), opts('b')),
      appendNodeEvents(db, runId, completion('b'), opts('b')),
      appendNodeEvents(db, runId, completion('a'), opts('a')),
    ]);
    expect(first!.map((a) => a.seq)).toEqual([1, 2]);
    expect(b1!.map((a) => a.seq)).toEqual([3, 4]);
    expect(b2).toEqual([]);
    expect(a2).toEqual([]);
    expect((await eventsOf(runId)).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    const run = await db.selectFrom('runs').select(['last_seq', 'nodes_completed']).where('id', '=', runId).executeTakeFirstOrThrow();
    expect(Number(run.last_seq)).toBe(4);
    expect(run.nodes_completed).toBe(2);
  });

  it('a bad append fails alone; the ones batched with it still commit', async () => {
    const db = stack.atelier.deps.db;
    const runId = await newRun();
    const settled = await Promise.allSettled([
      appendNodeEvents(db, runId, completion('x'), { node: row('x'), countCompleted: true }),
      appendNodeEvents(db, runId, completion('y'), { node: row('y'), countCompleted: true }),
      // duration_ms is an integer column: this node row cannot be written.
      appendNodeEvents(db, runId, completion('bad'), { node: row('bad', { duration_ms: 'not a number' }), countCompleted: true }),
      appendNodeEvents(db, runId, completion('z'), { node: row('z'), countCompleted: true }),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const events = await eventsOf(runId);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(events.some((e) => e.key.startsWith('0:bad:'))).toBe(false);
    const run = await db.selectFrom('runs').select(['last_seq', 'nodes_completed']).where('id', '=', runId).executeTakeFirstOrThrow();
    expect(Number(run.last_seq)).toBe(6);
    expect(run.nodes_completed).toBe(3);
  });

  it('an append for a run that does not exist is refused, batched or not', async () => {
    const db = stack.atelier.deps.db;
    const missing = randomUUID();
    const settled = await Promise.allSettled([
      appendNodeEvents(db, missing, completion('p')),
      appendNodeEvents(db, missing, completion('q')),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
  });

  it('run_events_append_many writes what one run_events_append call per item writes', async () => {
    const db = stack.atelier.deps.db;
    const node = fc.constantFrom('a', 'b', 'c');
    const event = fc.record({ node, type: fc.constantFrom('node_started', 'node_output', 'node_completed'), n: fc.nat({ max: 3 }) });
    const item = fc.record({
      events: fc.array(event, { maxLength: 4 }),
      row: fc.option(fc.record({ node, status: fc.constantFrom('running', 'succeeded', 'failed'), d: fc.nat({ max: 9 }) }), { nil: undefined }),
      counts: fc.boolean(),
      current: fc.option(node, { nil: undefined }),
      running: fc.boolean(),
    });
    const asArgs = (i: (typeof item extends fc.Arbitrary<infer T> ? T : never)) => ({
      // Repeated dedupe keys (same node, type and n) inside a batch and across batches: the first wins.
      events: i.events.map((e) => ({ type: e.type, node_id: e.node, dedupe_key: `0:${e.node}:${e.type}:${e.n}`, data: { node_id: e.node, n: e.n } })),
      node: i.row ? row(i.row.node, { status: i.row.status, ok: i.row.status !== 'failed', duration_ms: i.row.d, started_at: '2026-01-01T00:00:00.000Z', finished_at: '2026-01-01T00:00:01.000Z' }) : null,
      run_set: { count_completed: i.counts, current_node: i.current ?? null, mark_running: i.running },
    });
    const stateOf = async (runId: string) => ({
      events: (await sql<Record<string, unknown>>`select seq, type, node_id, dedupe_key, data from run_events where run_id = ${runId} order by seq`.execute(db)).rows,
      nodes: (await sql<Record<string, unknown>>`select node_id, node_type, status, ok, output, duration_ms, attempt, started_at, finished_at from run_node_outputs where run_id = ${runId} order by node_id`.execute(db)).rows,
      run: (await sql<Record<string, unknown>>`select status, last_seq, nodes_completed, current_node, started_at is not null as started from runs where id = ${runId}`.execute(db)).rows[0],
    });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(item, { maxLength: 5 }), { minLength: 1, maxLength: 3 }), async (batches) => {
        const [one, many] = [await newRun(), await newRun()];
        const answersOne: unknown[] = [];
        const answersMany: unknown[] = [];
        for (const batch of batches) {
          const args = batch.map(asArgs);
          for (const a of args) {
            const r = await sql<{ a: unknown }>`select run_events_append(${one}::uuid, ${JSON.stringify(a.events)}::jsonb, ${a.node ? JSON.stringify(a.node) : null}::jsonb, ${JSON.stringify(a.run_set)}::jsonb) as a`.execute(db);
            answersOne.push(r.rows[0]!.a);
          }
          const r = await sql<{ a: unknown[] }>`select run_events_append_many(${many}::uuid, ${JSON.stringify(args)}::jsonb) as a`.execute(db);
          expect(r.rows[0]!.a).toHaveLength(args.length);
          answersMany.push(...r.rows[0]!.a);
        }
        expect(answersMany).toEqual(answersOne);
        expect(await stateOf(many)).toEqual(await stateOf(one));
      }),
      { numRuns: 40 },
    );
  });

  it('waits for the appends of siblings that started just now, and only briefly for one that never comes', async () => {
    expect(appendLinger.ms).toBeGreaterThan(0);
    const db = stack.atelier.deps.db;
    const txOf = async (runId: string) => new Set((await eventsOf(runId)).map((e) => e.tx)).size;

    // Three node executions started together; their appends come one macrotask apart: one statement.
    const runId = await newRun();
    const queued = ['a', 'b', 'c'].map(() => expectAppend(runId));
    const appends: Array<Promise<unknown>> = [];
    for (const [i, id] of ['a', 'b', 'c'].entries()) {
      appends.push(appendNodeEvents(db, runId, completion(id), { node: row(id), countCompleted: true }));
      queued[i]!();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(appends);
    expect(await txOf(runId)).toBe(1);

    // Without the expectation the first append goes alone (the earlier behaviour: two statements).
    const plain = await newRun();
    const first = appendNodeEvents(db, plain, completion('a'), { node: row('a'), countCompleted: true });
    await new Promise((r) => setImmediate(r));
    await Promise.all([first, appendNodeEvents(db, plain, completion('b'), { node: row('b'), countCompleted: true })]);
    expect(await txOf(plain)).toBe(2);

    // A sibling that never appends (a slow node) holds the statement back no longer than the linger.
    const slow = await newRun();
    const never = expectAppend(slow);
    const t0 = performance.now();
    await appendNodeEvents(db, slow, completion('a'), { node: row('a'), countCompleted: true });
    expect(performance.now() - t0).toBeLessThan(appendLinger.ms + 250);
    never();
    // One that started more than a moment ago is not waited for at all.
    const stale = await newRun();
    const old = expectAppend(stale);
    await new Promise((r) => setTimeout(r, 20));
    const waits = { ms: appendLinger.ms };
    appendLinger.ms = 5_000;
    try {
      const t1 = performance.now();
      await appendNodeEvents(db, stale, completion('a'), { node: row('a'), countCompleted: true });
      expect(performance.now() - t1).toBeLessThan(1_000);
    } finally {
      appendLinger.ms = waits.ms;
      old();
    }
  });
});
