// The engineRun DAG scheduler's rules, checked over random DAGs and random completion orders with no
// Temporal: a node starts once, only after all its inputs settled and were recorded; a branch not
// taken skips; continue_on_error emits on `error`; error_handler and max_steps stop the run.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ErrorHandler, NodeOutput, PlannedEdge, PlannedNode } from '../../../src/engine/contract/types';
import { continuedPorts, DagScheduler, type NodeRecord } from '../../../workflows/engine-run/scheduler';

const PORTS = ['main', 'true', 'false', 'error'] as const;

const genNode = fc.record({
  parents: fc.array(fc.nat(), { minLength: 0, maxLength: 3 }),
  ports: fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
  outputPorts: fc.uniqueArray(fc.constantFrom(...PORTS), { minLength: 1, maxLength: 3 }),
  continueOnError: fc.boolean(),
  disabled: fc.boolean(),
  inline: fc.boolean(),
  kept: fc.boolean(),
});

const genCase = fc.record({
  nodes: fc.array(genNode, { minLength: 1, maxLength: 9 }),
  errorHandler: fc.constantFrom<ErrorHandler>('stop', 'continue', 'retry'),
  maxSteps: fc.integer({ min: 1, max: 12 }),
  resume: fc.boolean(),
  /** Drives completion order and each node's outcome. */
  picks: fc.array(fc.nat(), { minLength: 64, maxLength: 64 }),
});

type Case = typeof genCase extends fc.Arbitrary<infer T> ? T : never;

function planOf(c: Case) {
  const nodes: Record<string, PlannedNode> = {};
  const order: string[] = [];
  c.nodes.forEach((g, i) => {
    const id = `n${i}`;
    const incoming: PlannedEdge[] = [];
    if (i > 0) {
      for (const [k, p] of [...new Set(g.parents.map((p) => p % i))].entries()) {
        const source = nodes[`n${p}`]!;
        const sourcePort = source.outputPorts[g.ports[k]! % source.outputPorts.length]!;
        const edge = { id: `e${p}-${i}`, source: source.id, sourcePort, target: id, targetPort: 'main' };
        incoming.push(edge);
        source.outgoing.push(edge);
      }
    }
    nodes[id] = {
      id, type: g.inline ? 'pure' : 'activity', version: 1, execution: 'activity', params: {}, credentials: {},
      retry: { maxAttempts: 1, backoff: 'fixed', initialIntervalMs: 1 }, timeoutS: 1,
      continueOnError: g.continueOnError, disabled: g.disabled, incoming, outgoing: [], outputPorts: [...g.outputPorts],
    };
    order.push(id);
  });
  return { nodes, order, maxSteps: c.maxSteps, errorHandler: c.errorHandler };
}

/** What a node emits when it succeeds: some of its ports, chosen by the picks. */
const emits = (node: PlannedNode, pick: number): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  node.outputPorts.forEach((p, i) => {
    if ((pick >> i) & 1 || i === pick % node.outputPorts.length) out[p] = { from: node.id };
  });
  return out;
};
const ok = (output: Record<string, unknown>): NodeOutput => ({ ok: true, output, usd_charged: 0.000001, error: null, logs: [], duration_ms: 0 });

/** Runs the scheduler the way the adapter does, with nodes finishing in the order the picks say. */
function simulate(c: Case) {
  const plan = planOf(c);
  let p = 0;
  const pick = () => c.picks[p++ % c.picks.length]! + p;
  const completed: Record<string, NodeOutput> = {};
  if (c.resume) c.nodes.forEach((g, i) => g.kept && i % 2 === 0 && (completed[`n${i}`] = ok({ main: { kept: i } })));
  const trace: string[] = [];
  const recorded = new Set<string>();
  const started: Array<{ id: string; inputs: Record<string, unknown> }> = [];
  const inlined: string[] = [];
  const violations: string[] = [];
  /**
   * Nodes nothing follows whose success left every node of the run succeeded and written (what the
   * database sees when such a node's executor may end the run, behaviour 5), with where in the
   * trace that happened.
   */
  const last: Array<{ id: string; at: number }> = [];
  const s: DagScheduler = new DagScheduler(plan, c.resume ? completed : undefined, {
    evaluateInline(node) {
      if (!c.nodes[Number(node.id.slice(1))]!.inline) return undefined;
      inlined.push(node.id);
      trace.push(`inline ${node.id}`);
      return ok(emits(node, pick()));
    },
    start(node, inputs) {
      trace.push(`start ${node.id}`);
      for (const e of node.incoming) {
        if (!s.settled(e.source)) violations.push(`${node.id} started before ${e.source} settled`);
        if (inlined.includes(e.source) && !recorded.has(e.source)) violations.push(`${node.id} started before ${e.source} was recorded`);
      }
      if (started.some((x) => x.id === node.id)) violations.push(`${node.id} started twice`);
      started.push({ id: node.id, inputs });
    },
  });
  for (let guard = 0; guard < 1000; guard++) {
    s.scheduleAll();
    if (s.hasCompletedToRecord()) {
      if (s.allSettled()) break;
      const done: NodeRecord[] = s.takeCompleted();
      for (const n of done) recorded.add(n.nodeId);
      s.recorded(done);
      trace.push(`record ${done.map((n) => n.nodeId).join(',')}`);
      continue;
    }
    if (s.hasSettledToRecord()) {
      trace.push(`settled ${s.takeSettled().map((n) => n.nodeId).join(',')}`);
      continue;
    }
    if (s.running.size === 0) break;
    // One running node finishes: it succeeds, fails, or (once the run stops) is cancelled.
    const running = [...s.running];
    const id = running[pick() % running.length]!;
    const node = plan.nodes[id]!;
    const roll = pick() % 4;
    if (s.stopping && roll === 0) s.failed(node, { ...ok({}), ok: false, error: 'cancelled' }, { cancelled: true, continued: () => continuedPorts(node, 'cancelled', null) });
    else if (roll === 1) s.failed(node, { ...ok({}), ok: false, error: `boom ${id}` }, { cancelled: false, continued: () => continuedPorts(node, `boom ${id}`, 'boom') });
    else s.succeeded(id, ok(emits(node, pick())));
    const wasClean = s.nothingFailed();
    s.ended(id);
    trace.push(`end ${id} ${s.state[id]}`);
    const written = (n: string) => s.state[n] === 'succeeded' && (!inlined.includes(n) || recorded.has(n));
    if (s.state[id] === 'succeeded' && node.outgoing.length === 0 && wasClean && !s.hasSettledToRecord() && plan.order.every(written)) last.push({ id, at: trace.length });
  }
  return { plan, s, trace, started, inlined, violations, completed, last };
}

describe('engineRun scheduler (no Temporal)', () => {
  it('once every node has succeeded and been written, the run has nothing left to start or record, and it completes', () => {
    // The database ends a run (behaviour 5) in the write of a node nothing follows, when every node
    // of the run has a succeeded row: the workflow must then have nothing more to do.
    let seen = 0;
    fc.assert(
      fc.property(genCase, (c) => {
        const { s, trace, last } = simulate(c);
        expect(last.length).toBeLessThanOrEqual(1);
        for (const { at } of last) {
          seen += 1;
          expect(trace.slice(at)).toEqual([]);
          expect(s.allSettled()).toBe(true);
          expect(s.hasCompletedToRecord()).toBe(false);
          expect(s.outcome({ cancelled: false, timedOut: false, maxExecutionTimeS: 1 })).toEqual({ status: 'completed', error: null });
        }
      }),
      { numRuns: 400 },
    );
    // The rule is exercised, not vacuous.
    expect(seen).toBeGreaterThan(20);
  });

  it('starts a node once, only after its inputs settled and inline inputs were recorded; the run always ends', () => {
    fc.assert(
      fc.property(genCase, (c) => {
        const { s, violations } = simulate(c);
        expect(violations).toEqual([]);
        expect(s.running.size).toBe(0);
        if (!s.stopping) expect(Object.values(s.state).filter((st) => st === 'pending' || st === 'running')).toEqual([]);
        else expect(s.failure).not.toBeNull();
      }),
      { numRuns: 400 },
    );
  });

  it('skips exactly the nodes none of whose inputs delivered, and hands each started node what its inputs emitted', () => {
    fc.assert(
      fc.property(genCase, (c) => {
        const { plan, s, started, completed } = simulate(c);
        for (const id of plan.order) {
          const node = plan.nodes[id]!;
          if (s.state[id] === 'pending') continue;
          const delivered = node.incoming.filter((e) => s.emitted[e.source] && Object.prototype.hasOwnProperty.call(s.emitted[e.source], e.sourcePort));
          if (s.state[id] === 'skipped') {
            expect(delivered, id).toEqual([]);
            expect(node.incoming.length).toBeGreaterThan(0);
            expect(s.outputs[id]!.skipped).toBe(true);
          } else if (!completed[id] && node.incoming.length > 0) {
            expect(delivered.length, id).toBeGreaterThan(0);
          }
        }
        for (const { id, inputs } of started) {
          const node = plan.nodes[id]!;
          const expected = Object.fromEntries(node.incoming.filter((e) => s.emitted[e.source] && e.sourcePort in s.emitted[e.source]!).map((e) => [e.source, s.emitted[e.source]![e.sourcePort]]));
          expect(inputs, id).toEqual(expected);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('continue_on_error passes the failure on `error`, and on `main` unless an edge leaves `error`; other failures stop the run unless error_handler is continue', () => {
    fc.assert(
      fc.property(genCase, (c) => {
        const { plan, s } = simulate(c);
        for (const id of plan.order) {
          if (s.state[id] !== 'failed' || s.outputs[id]?.error === 'cancelled') continue;
          const node = plan.nodes[id]!;
          if (node.continueOnError) {
            const failure = { error: `boom ${id}`, error_type: 'boom' };
            expect(s.emitted[id]).toEqual(node.outgoing.some((e) => e.sourcePort === 'error') ? { error: failure } : { main: failure, error: failure });
            expect(s.failedNodes).not.toContain(id);
          } else {
            expect(s.failedNodes).toContain(id);
            if (c.errorHandler !== 'continue') expect(s.stopping).toBe(true);
          }
        }
        if (c.errorHandler === 'continue') expect(s.failure === null || s.failure.startsWith('max_steps')).toBe(true);
        const { status, error } = s.outcome({ cancelled: false, timedOut: false, maxExecutionTimeS: 1 });
        expect(status).toBe(s.failure || s.failedNodes.length ? 'failed' : 'completed');
        if (status === 'completed') expect(error).toBeNull();
      }),
      { numRuns: 400 },
    );
  });

  it('never runs more than max_steps nodes, and says so when it stops there; resumed nodes are reused, not run', () => {
    fc.assert(
      fc.property(genCase, (c) => {
        const { s, started, inlined, completed } = simulate(c);
        expect(started.length + inlined.length).toBeLessThanOrEqual(c.maxSteps);
        if (s.failure?.startsWith('max_steps')) expect(started.length + inlined.length).toBe(c.maxSteps);
        for (const id of Object.keys(completed)) {
          expect(started.map((x) => x.id)).not.toContain(id);
          expect(inlined).not.toContain(id);
          if (s.state[id] !== 'pending') expect(s.outputs[id]).toBe(completed[id]);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('is deterministic: the same plan and the same completion order give the same steps', () => {
    fc.assert(
      fc.property(genCase, (c) => {
        const a = simulate(c);
        const b = simulate(c);
        expect(b.trace).toEqual(a.trace);
        expect(b.s.state).toEqual(a.s.state);
      }),
      { numRuns: 200 },
    );
  });

  it('the outcome: cancel before timeout before failure; max_execution_time_s named', () => {
    const s = new DagScheduler({ nodes: {}, order: [], maxSteps: 1, errorHandler: 'stop' }, undefined, { evaluateInline: () => undefined, start: () => undefined });
    expect(s.outcome({ cancelled: true, timedOut: true, maxExecutionTimeS: 5 })).toEqual({ status: 'cancelled', error: 'cancelled' });
    expect(s.outcome({ cancelled: false, timedOut: true, maxExecutionTimeS: 5 })).toEqual({ status: 'timed_out', error: 'max_execution_time_s (5) exceeded' });
    expect(s.outcome({ cancelled: false, timedOut: false, maxExecutionTimeS: 5 })).toEqual({ status: 'completed', error: null });
  });
});

