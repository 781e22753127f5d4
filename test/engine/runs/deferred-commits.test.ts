// Node commits off the critical path (src/engine/execution/node-executor.ts, deferCommit): an
// activity node may report before its events are written; the workflow carries such commits into
// every later write of the run until one is confirmed. The event log must stay exactly-once and in
// cause-before-effect order, whether the deferred writes land or are lost with their worker.
import { afterEach, describe, expect, it } from 'vitest';
import { deferredCommits, endingCommits } from '../../../src/engine/execution/node-executor';
import { commitKey, type NodeCommit } from '../../../src/engine/contract/run-contract';
import { closedHistory, createWorkflow, failingNode, httpNode, spec, startRun, useEngineStack, waitForRun } from './helpers';

const fx = useEngineStack();
afterEach(() => {
  deferredCommits.dropWrites = false;
  endingCommits.loseFirstAnswer = false;
});

/** The local activity types a history ran, in order (from their markers). */
function localActivities(history: Awaited<ReturnType<typeof closedHistory>>): string[] {
  return (history.events ?? []).flatMap((e) => {
    const data = e.markerRecordedEventAttributes?.details?.data?.payloads?.[0]?.data;
    return data ? [(JSON.parse(Buffer.from(data).toString('utf8')) as { activity_type?: string }).activity_type ?? '?'] : [];
  });
}

async function chainRun(prefix: string, n: number) {
  const nodes = Array.from({ length: n }, (_, i) => httpNode(`${prefix}${i}`, fx.counter));
  const s = spec(
    [{ id: 'start', type: 'trigger.manual' }, ...nodes, { id: 'end', type: 'io.set', params: { values: { last: `{{${prefix}${n - 1}.output.main.body.id}}` } } }],
    [['start', nodes[0]!.id], ...nodes.slice(1).map((node, i) => [nodes[i]!.id, node.id] as [string, string]), [`${prefix}${n - 1}`, 'end']],
  );
  const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s));
  const run = await waitForRun(fx.stack, run_id, undefined, 60_000);
  const events = await fx.stack.atelier.deps.db.selectFrom('run_events').select(['seq', 'type', 'node_id']).where('run_id', '=', run_id).orderBy('seq').execute();
  return { run_id, run, nodes, events };
}

/** The activities' inputs and results in a history, decoded. */
function decodedPayloads(history: Awaited<ReturnType<typeof closedHistory>>) {
  return (history.events ?? []).flatMap((e) => {
    const a = e.activityTaskScheduledEventAttributes ?? e.activityTaskCompletedEventAttributes;
    const payload = (a && 'input' in a ? a.input : a && 'result' in a ? a.result : undefined)?.payloads?.[0]?.data;
    return payload ? [JSON.parse(Buffer.from(payload).toString('utf8')) as { deferCommit?: boolean; endsRun?: boolean; carry?: unknown[]; commit?: unknown; confirmed?: string[]; ended?: boolean }] : [];
  });
}

function expectOrderedOnce(events: Array<{ seq: number; type: string; node_id: string | null }>, ids: string[]) {
  expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  for (const id of ids) expect(events.filter((e) => e.node_id === id).map((e) => e.type), id).toEqual(['node_started', 'node_output', 'node_completed']);
  const first = (id: string) => events.findIndex((e) => e.node_id === id);
  const last = (id: string) => events.findLastIndex((e) => e.node_id === id);
  // Cause before effect: every node's events after all of its predecessor's.
  for (let i = 1; i < ids.length; i++) expect(first(ids[i]!), `${ids[i - 1]} before ${ids[i]}`).toBeGreaterThan(last(ids[i - 1]!));
  expect(events.at(-1)!.type).toBe('run_finished');
}

describe('deferred node commits', () => {
  it('a chain reports some nodes before writing them, and its event log is exactly-once and in order', async () => {
    const { run_id, run, nodes, events } = await chainRun('kept', 9);
    expect(run.status).toBe('completed');
    expect(run.nodes_completed).toBe(11);
    expect(run.current_node).toBeNull();
    for (const n of nodes) expect(fx.counter.count(n.id)).toBe(1);
    expectOrderedOnce(events, ['start', ...nodes.map((n) => n.id), 'end']);
    // Each node reports before writing while fewer than 4 commits are unconfirmed; a node whose
    // process has seen carried commits land names them (`confirmed`) and the workflow stops carrying
    // them, so on a chain whose writes land the carry stays short and no node has to write first.
    const decoded = decodedPayloads(await closedHistory(fx.stack, run_id));
    const requests = decoded.filter((d) => 'deferCommit' in d);
    const results = decoded.filter((d) => 'ok' in d);
    expect(requests).toHaveLength(9);
    expect(results).toHaveLength(9);
    const keyOf = (c: unknown) => commitKey(c as NodeCommit);
    for (let i = 0; i < requests.length; i++) {
      const carry = (requests[i]!.carry ?? []).map(keyOf);
      expect(carry.length).toBeLessThanOrEqual(4);
      expect(requests[i]!.deferCommit).toBe(carry.length < 4);
      for (const key of results[i]!.confirmed ?? []) {
        expect(carry).toContain(key);
        // Confirmed once, never carried again.
        for (const later of requests.slice(i + 1)) expect((later.carry ?? []).map(keyOf)).not.toContain(key);
      }
    }
    expect(results.filter((r) => r.confirmed?.length).length).toBeGreaterThan(0);
    expect(results.filter((r) => r.commit !== undefined).length).toBe(requests.filter((r) => r.deferCommit).length);
  });

  it('siblings of a fan-out write before they report; parallel chains defer at most 4 commits between them', async () => {
    deferredCommits.dropWrites = true;
    const a = Array.from({ length: 4 }, (_, i) => httpNode(`pa${i}`, fx.counter));
    const b = Array.from({ length: 4 }, (_, i) => httpNode(`pb${i}`, fx.counter));
    const chain = (ns: typeof a) => ns.slice(1).map((n, i) => [ns[i]!.id, n.id] as [string, string]);
    const s = spec([{ id: 'start', type: 'trigger.manual' }, ...a, ...b], [['start', a[0]!.id], ['start', b[0]!.id], ...chain(a), ...chain(b)]);
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s));
    const run = await waitForRun(fx.stack, run_id, undefined, 60_000);
    expect(run.status).toBe('completed');
    expect(run.nodes_completed).toBe(9);
    const events = await fx.stack.atelier.deps.db.selectFrom('run_events').select(['seq', 'type', 'node_id']).where('run_id', '=', run_id).orderBy('seq').execute();
    expectOrderedOnce(events, ['start', ...a.map((n) => n.id)]);
    expectOrderedOnce(events, ['start', ...b.map((n) => n.id)]);
    const requests = decodedPayloads(await closedHistory(fx.stack, run_id)).filter((d) => 'deferCommit' in d) as Array<{ node: { id: string }; deferCommit: boolean; carry?: unknown[] }>;
    expect(requests).toHaveLength(8);
    // The fan-out's two roots do not defer; the chains behind them do, never more than 4 at a time.
    for (const root of [a[0]!.id, b[0]!.id]) expect(requests.find((r) => r.node.id === root)?.deferCommit).toBe(false);
    expect(requests.filter((r) => r.deferCommit).length).toBeGreaterThan(0);
    for (const r of requests) expect(r.carry?.length ?? 0).toBeLessThanOrEqual(4);
  });

  it("a plan's only node writes its commit with the run's end: one statement, no end of the workflow's own", async () => {
    const only = httpNode('only', fx.counter);
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, spec([only], [])));
    const run = await waitForRun(fx.stack, run_id, undefined, 60_000);
    expect(run.status).toBe('completed');
    expect(run.nodes_completed).toBe(1);
    expect(run.finished_at).not.toBeNull();
    expect(fx.counter.count(only.id)).toBe(1);
    const events = await fx.stack.atelier.deps.db.selectFrom('run_events').select(['seq', 'type', 'node_id']).where('run_id', '=', run_id).orderBy('seq').execute();
    expect(events.map((e) => e.type)).toEqual(['node_started', 'node_output', 'node_completed', 'run_finished']);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    const history = await closedHistory(fx.stack, run_id);
    const decoded = decodedPayloads(history);
    expect(decoded.filter((d) => 'deferCommit' in d).map((d) => [d.deferCommit, d.endsRun])).toEqual([[false, true]]);
    expect(decoded.filter((d) => 'ok' in d).map((d) => [d.ended, d.commit])).toEqual([[true, undefined]]);
    expect(localActivities(history)).not.toContain('finishRun');
  });

  it("a chain's last node carries the lost writes before it and ends the run, once and in order", async () => {
    deferredCommits.dropWrites = true;
    const nodes = [httpNode('tail0', fx.counter), httpNode('tail1', fx.counter), httpNode('tail2', fx.counter)];
    const s = spec([{ id: 'start', type: 'trigger.manual' }, ...nodes], [['start', 'tail0'], ['tail0', 'tail1'], ['tail1', 'tail2']]);
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s));
    const run = await waitForRun(fx.stack, run_id, undefined, 60_000);
    expect(run.status).toBe('completed');
    expect(run.nodes_completed).toBe(4);
    for (const n of nodes) expect(fx.counter.count(n.id)).toBe(1);
    const events = await fx.stack.atelier.deps.db.selectFrom('run_events').select(['seq', 'type', 'node_id']).where('run_id', '=', run_id).orderBy('seq').execute();
    expectOrderedOnce(events, ['start', ...nodes.map((n) => n.id)]);
    expect(events.filter((e) => e.type === 'run_finished')).toHaveLength(1);
    const history = await closedHistory(fx.stack, run_id);
    const requests = decodedPayloads(history).filter((d) => 'deferCommit' in d) as Array<{ node: { id: string }; deferCommit: boolean; endsRun?: boolean; carry?: unknown[] }>;
    expect(requests.map((r) => [r.node.id, r.deferCommit, r.endsRun ?? false])).toEqual([['tail0', true, false], ['tail1', true, false], ['tail2', false, true]]);
    // The lost writes of tail0 and tail1 went with tail2's: it carried both.
    expect(requests[2]!.carry).toHaveLength(2);
    expect(localActivities(history)).not.toContain('finishRun');
  });

  it("a fan-out's nodes each write before answering; the last of them to commit ends the run, once", async () => {
    const sinks = [httpNode('fan0', fx.counter, 30), httpNode('fan1', fx.counter), httpNode('fan2', fx.counter, 60)];
    const s = spec([{ id: 'start', type: 'trigger.manual' }, ...sinks], sinks.map((n) => ['start', n.id] as [string, string]));
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s));
    const run = await waitForRun(fx.stack, run_id, undefined, 60_000);
    expect(run.status).toBe('completed');
    expect(run.nodes_completed).toBe(4);
    const events = await fx.stack.atelier.deps.db.selectFrom('run_events').select(['seq', 'type', 'node_id']).where('run_id', '=', run_id).orderBy('seq').execute();
    for (const n of sinks) expectOrderedOnce(events, ['start', n.id]);
    expect(events.filter((e) => e.type === 'run_finished')).toHaveLength(1);
    const history = await closedHistory(fx.stack, run_id);
    const decoded = decodedPayloads(history);
    expect(decoded.filter((d) => 'deferCommit' in d).map((d) => [d.deferCommit, d.endsRun])).toEqual([[false, true], [false, true], [false, true]]);
    expect(decoded.filter((d) => 'ok' in d && d.ended)).toHaveLength(1);
    expect(localActivities(history)).not.toContain('finishRun');
  });

  it('a node nothing follows that is not the last to succeed leaves the end to the run', async () => {
    // `early` ends before `slow` and the inline node after it: the run's end waits for them.
    const s = spec(
      [{ id: 'start', type: 'trigger.manual' }, httpNode('early', fx.counter), httpNode('slow', fx.counter, 300), { id: 'after', type: 'io.set', params: { values: { done: true } } }],
      [['start', 'early'], ['start', 'slow'], ['slow', 'after']],
    );
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s));
    const run = await waitForRun(fx.stack, run_id, undefined, 60_000);
    expect(run.status).toBe('completed');
    const events = await fx.stack.atelier.deps.db.selectFrom('run_events').select(['seq', 'type', 'node_id']).where('run_id', '=', run_id).orderBy('seq').execute();
    expectOrderedOnce(events, ['start', 'slow', 'after']);
    expectOrderedOnce(events, ['start', 'early']);
    const history = await closedHistory(fx.stack, run_id);
    const decoded = decodedPayloads(history);
    expect(decoded.filter((d) => 'deferCommit' in d).map((d) => [(d as { node: { id: string } }).node.id, d.endsRun ?? false])).toEqual([['early', true], ['slow', false]]);
    expect(decoded.filter((d) => 'ok' in d && d.ended)).toHaveLength(0);
    expect(localActivities(history).at(-1)).toBe('finishRun');
  });

  it("a node's answer lost after it wrote itself with the run's end: the retry answers, nothing runs or is written twice", async () => {
    endingCommits.loseFirstAnswer = true;
    // A lost worker's attempt is retried whatever the node's own budget; here the loss is a thrown
    // error, which the executor counts against that budget: give it a second attempt.
    const last = httpNode('lost_answer', fx.counter, 0, { retry: { max_attempts: 2 } });
    const s = spec([{ id: 'start', type: 'trigger.manual' }, last], [['start', last.id]]);
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s));
    const run = await waitForRun(fx.stack, run_id, undefined, 60_000);
    expect(run.status).toBe('completed');
    expect(fx.counter.count(last.id)).toBe(1);
    const events = await fx.stack.atelier.deps.db.selectFrom('run_events').select(['seq', 'type', 'node_id']).where('run_id', '=', run_id).orderBy('seq').execute();
    expectOrderedOnce(events, ['start', last.id]);
    expect(events.filter((e) => e.type === 'run_finished')).toHaveLength(1);
    const history = await closedHistory(fx.stack, run_id);
    const attempts = (history.events ?? []).filter((e) => e.activityTaskStartedEventAttributes).map((e) => e.activityTaskStartedEventAttributes!.attempt);
    expect(attempts).toEqual([2]);
    // The retry answers what the first attempt wrote, without `ended`: the workflow writes the end
    // again itself, which finds it written.
    expect(decodedPayloads(history).filter((d) => 'ok' in d).map((d) => d.ended)).toEqual([undefined]);
    expect(localActivities(history).at(-1)).toBe('finishRun');
  });

  it('deferred writes lost with their worker are made by later writes that carried them, once and in order', async () => {
    deferredCommits.dropWrites = true;
    const { run, nodes, events } = await chainRun('lost', 7);
    expect(run.status).toBe('completed');
    expect(run.nodes_completed).toBe(9);
    for (const n of nodes) expect(fx.counter.count(n.id)).toBe(1);
    expectOrderedOnce(events, ['start', ...nodes.map((n) => n.id), 'end']);
    for (const n of nodes) expect(run.node_outputs[n.id]).toMatchObject({ ok: true });
  });

  it('a resume writes a node result only the ended execution held, and does not run that node again', async () => {
    // A deferred write lost with its worker, then the execution ended (terminated, reaped) before a
    // later write carried it: the node's result is only in that execution's history.
    const s = spec(
      [{ id: 'start', type: 'trigger.manual' }, httpNode('held0', fx.counter), httpNode('held1', fx.counter), failingNode('held_gate', fx.counter)],
      [['start', 'held0'], ['held0', 'held1'], ['held1', 'held_gate']],
    );
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s));
    expect((await waitForRun(fx.stack, run_id, undefined, 60_000)).status).toBe('failed');
    const reported = decodedPayloads(await closedHistory(fx.stack, run_id)).filter((d) => d.commit !== undefined) as Array<{ commit: { nodeId: string } }>;
    expect(reported.map((r) => r.commit.nodeId)).toEqual(['held0', 'held1']);
    // Lose held0's write, as if its worker had died before it landed.
    const db = fx.stack.atelier.deps.db;
    await db.deleteFrom('run_events').where('run_id', '=', run_id).where('node_id', '=', 'held0').execute();
    await db.deleteFrom('run_node_outputs').where('run_id', '=', run_id).where('node_id', '=', 'held0').execute();

    const resumed = await fx.stack.api('POST', `/engine/v1/v1/runs/${run_id}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.body.skipped_nodes).toEqual(['held0', 'held1', 'start']);
    expect((await waitForRun(fx.stack, run_id, undefined, 60_000)).status).toBe('failed');
    expect(fx.counter.count('held0')).toBe(1);
    expect(fx.counter.count('held1')).toBe(1);
    expect(fx.counter.count('held_gate')).toBe(2);
    const held0 = await db.selectFrom('run_events').select(['type', 'dedupe_key']).where('run_id', '=', run_id).where('node_id', '=', 'held0').orderBy('seq').execute();
    expect(held0).toEqual([
      { type: 'node_started', dedupe_key: '0:held0:node_started' },
      { type: 'node_output', dedupe_key: '0:held0:node_output' },
      { type: 'node_completed', dedupe_key: '0:held0:node_completed' },
    ]);
  });
});
