// Pure nodes evaluated inside the engineRun workflow task (workflows/workflow-nodes.ts
// pureNodeHandlers): the same results as the nodes' own execute, the same events exactly once, no
// activity of their own in the Temporal history, and a node the handler declines still runs (and
// fails) in its activity as before.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nodeRegistry } from '../../../nodes/index';
import type { NodeContext } from '../../../src/engine/contract/types';
import { pureNodeHandlers } from '../../../workflows/workflow-nodes';
import { closedHistory, createWorkflow, spec, startRun, useEngineStack, waitForRun } from './helpers';

const fx = useEngineStack();

/** The activity type of every local activity an execution's history recorded (its markers' details). */
function localActivityTypes(events: Array<{ markerRecordedEventAttributes?: { details?: Record<string, { payloads?: Array<{ data?: Uint8Array | null }> | null }> | null } | null }>): string[] {
  const types: string[] = [];
  for (const e of events) {
    for (const detail of Object.values(e.markerRecordedEventAttributes?.details ?? {})) {
      for (const p of detail.payloads ?? []) {
        const m = /"activity_type"\s*:\s*"([^"]+)"|"activityType"\s*:\s*"([^"]+)"/.exec(Buffer.from(p.data ?? []).toString('utf8'));
        if (m) types.push(m[1] ?? m[2]!);
      }
    }
  }
  return types;
}

const json = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<unknown>;
const record = fc.dictionary(fc.string({ maxLength: 6 }), json, { maxKeys: 4 });
const params: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  'trigger.manual': fc.record({ anything: fc.option(json, { nil: undefined }) }, { requiredKeys: [] }),
  'io.set': fc.record({ values: fc.oneof(record, json, fc.constant(undefined)) }, { requiredKeys: [] }),
  'logic.if': fc.record(
    {
      left: fc.oneof(json, fc.integer().map(String)),
      operator: fc.oneof(fc.constantFrom('eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'contains', 'exists'), fc.string({ maxLength: 4 }), fc.constant(undefined), json),
      right: fc.oneof(json, fc.integer().map(String), fc.constant(undefined)),
    },
    { requiredKeys: [] },
  ),
  'logic.merge': fc.record({ mode: fc.oneof(fc.constantFrom('all', 'any'), json, fc.constant(undefined)) }, { requiredKeys: [] }),
  'logic.noop': fc.record({ note: fc.oneof(fc.string({ maxLength: 30 }), fc.constant('x'.repeat(2001)), json, fc.constant(undefined)) }, { requiredKeys: [] }),
};

describe('pure nodes inside the workflow task', () => {
  it('every handler answers exactly what the node’s execute answers for the same params and inputs, or declines', async () => {
    expect(Object.keys(pureNodeHandlers).sort()).toEqual(Object.keys(params).map((t) => `${t}@1`).sort());
    for (const [key, handler] of Object.entries(pureNodeHandlers)) {
      const type = key.slice(0, key.indexOf('@'));
      const definition = nodeRegistry.get(type)!;
      expect(definition.execution).toBe('local');
      await fc.assert(
        fc.asyncProperty(params[type]!, fc.dictionary(fc.constantFrom('a', 'b', 'c'), json, { maxKeys: 3 }), record, async (p, inputs, runInput) => {
          // The workflow treats a handler that throws as one that declines (the activity then decides).
          let inline;
          try {
            inline = handler(p, inputs, { input: runInput, variables: {} });
          } catch {
            inline = undefined;
          }
          const parsed = definition.params.safeParse(p);
          if (!parsed.success) {
            // What the schema refuses is left to the activity, which fails the node with invalid_params.
            expect(inline).toBeUndefined();
            return;
          }
          if (!inline) return;
          // A handler may decline a case, never answer differently.
          const ctx = { runInput, variables: {}, log() {} } as unknown as NodeContext;
          expect(inline).toEqual(await definition.execute!(ctx, { params: parsed.data, inputs }));
        }),
        { numRuns: Number(process.env.PURE_NODE_RUNS ?? 300), seed: process.env.PURE_NODE_RUNS ? undefined : 20261124 },
      );
    }
  });

  it('a run of pure nodes has no node activities, writes each event once, and answers the same outputs', async () => {
    const s = spec(
      [
        { id: 'start', type: 'trigger.manual' },
        { id: 'shape', type: 'io.set', params: { values: { n: '{{start.output.main.n}}', tag: 'x' } } },
        { id: 'check', type: 'logic.if', params: { left: '{{shape.output.main.n}}', operator: 'gt', right: 1 } },
        { id: 'big', type: 'io.set', params: { values: { size: 'big' } } },
        { id: 'small', type: 'io.set', params: { values: { size: 'small' } } },
        { id: 'join', type: 'logic.merge', params: { mode: 'any' } },
        { id: 'end', type: 'logic.noop' },
      ],
      [['start', 'shape'], ['shape', 'check'], ['check', 'big', 'true'], ['check', 'small', 'false'], ['big', 'join'], ['small', 'join'], ['join', 'end']],
    );
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s), { n: 5 });
    const run = await waitForRun(fx.stack, run_id);
    expect(run.status).toBe('completed');
    expect(run.nodes_completed).toBe(6);
    expect(run.node_outputs.start.output).toEqual({ main: { n: 5 } });
    expect(run.node_outputs.shape.output).toEqual({ main: { n: 5, tag: 'x' } });
    expect(run.node_outputs.check.output).toEqual({ true: { n: 5, tag: 'x' } });
    expect(run.node_outputs.big).toMatchObject({ ok: true, output: { main: { size: 'big' } } });
    expect(run.node_outputs.small).toMatchObject({ ok: false, skipped: true });
    expect(run.node_outputs.join.output).toEqual({ main: { big: { size: 'big' } } });
    expect(run.node_outputs.end.output).toEqual({ main: { big: { size: 'big' } } });

    // Each executed node: node_started, node_output, node_completed exactly once, in that order, then run_finished.
    const events = await fx.stack.atelier.deps.db.selectFrom('run_events').select(['seq', 'type', 'node_id']).where('run_id', '=', run_id).orderBy('seq').execute();
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    const perNode = (id: string) => events.filter((e) => e.node_id === id).map((e) => e.type);
    for (const id of ['start', 'shape', 'check', 'big', 'join', 'end']) expect(perNode(id), id).toEqual(['node_started', 'node_output', 'node_completed']);
    expect(perNode('small')).toEqual([]);
    expect(events.at(-1)!.type).toBe('run_finished');
    // Cause before effect: a node's events come after those of the node that fed it.
    const firstOf = (id: string) => events.find((e) => e.node_id === id)!.seq;
    expect(firstOf('start')).toBeLessThan(firstOf('shape'));
    expect(firstOf('check')).toBeLessThan(firstOf('big'));

    // No node ran in an activity: the history holds only the projections (as local-activity markers).
    const history = await closedHistory(fx.stack, run_id);
    const scheduled = (history.events ?? []).filter((e) => e.activityTaskScheduledEventAttributes);
    expect(scheduled).toEqual([]);
    const localActivities = localActivityTypes(history.events ?? []);
    expect(localActivities).not.toContain('executeNode');
    expect(localActivities).toContain('recordNodesCompleted');
  });

  it('a run that ends with pure nodes records them with its end, in one projection, events before run_finished', async () => {
    const s = spec(
      [
        { id: 'start', type: 'trigger.manual' },
        { id: 'set', type: 'io.set', params: { values: { hello: '{{start.output.main.who}}' } } },
      ],
      [['start', 'set']],
    );
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s), { who: 'world' });
    const run = await waitForRun(fx.stack, run_id);
    expect(run.status).toBe('completed');
    expect(run.nodes_completed).toBe(2);
    expect(run.node_outputs.set.output).toEqual({ main: { hello: 'world' } });
    const events = await fx.stack.atelier.deps.db.selectFrom('run_events').select(['seq', 'type', 'node_id']).where('run_id', '=', run_id).orderBy('seq').execute();
    expect(events.map((e) => [e.seq, e.type, e.node_id])).toEqual([
      [1, 'node_started', 'start'],
      [2, 'node_output', 'start'],
      [3, 'node_completed', 'start'],
      [4, 'node_started', 'set'],
      [5, 'node_output', 'set'],
      [6, 'node_completed', 'set'],
      [7, 'run_finished', null],
    ]);
    const history = await closedHistory(fx.stack, run_id);
    expect(localActivityTypes(history.events ?? [])).toEqual(['finishRun']);
  });

  it('params a handler declines go to the node’s activity, which fails the node as before', async () => {
    const s = spec(
      [
        { id: 'start', type: 'trigger.manual' },
        { id: 'bad', type: 'io.set', params: { values: '{{start.output.main.list}}' } },
      ],
      [['start', 'bad']],
    );
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s), { list: [1, 2] });
    const run = await waitForRun(fx.stack, run_id);
    expect(run.status).toBe('failed');
    expect(run.node_outputs.start.ok).toBe(true);
    expect(run.node_outputs.bad.ok).toBe(false);
    expect(run.node_outputs.bad.error).toContain('invalid params after templates');
    const history = await closedHistory(fx.stack, run_id);
    expect(localActivityTypes(history.events ?? [])).toContain('executeNode');
  });
});
