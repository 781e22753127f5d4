// What of the run's context each node's activity carries: the run's input and the workflow's
// variables travel to a node only when its type reads them (NodeDefinition.reads, planned into
// PlannedNode.reads). Every activity's input is kept in the run's Temporal history, so a large
// run input sent to every node multiplied the history by the node count.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeRegistry } from '../../../nodes/index';
import { closedHistory, createWorkflow, httpNode, portValue, spec, startRun, useEngineStack, waitForRun } from './helpers';

const fx = useEngineStack();

/** Bytes of every payload the history holds (inputs, results, markers). */
function payloadBytes(history: unknown): number {
  let bytes = 0;
  const walk = (v: unknown): void => {
    if (!v || typeof v !== 'object') return;
    if (v instanceof Uint8Array) return;
    const o = v as Record<string, unknown>;
    if (o.data instanceof Uint8Array && 'metadata' in o) {
      bytes += o.data.byteLength;
      return;
    }
    for (const x of Object.values(o)) walk(x);
  };
  walk(history);
  return bytes;
}

describe('the run context a node activity carries', () => {
  it('a large run input is in the history once per reader, not once per node', async () => {
    const big = 'x'.repeat(200_000);
    const nodes = Array.from({ length: 8 }, (_, i) => httpNode(`h${i}`, fx.counter));
    const s = spec(
      [{ id: 'start', type: 'trigger.manual' }, ...nodes, { id: 'meta', type: 'system.run_metadata', params: { include_input: true } }],
      [['start', 'h0'], ...nodes.slice(1).map((n, i) => [nodes[i]!.id, n.id] as [string, string]), ['h7', 'meta']],
    );
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s), { big });
    const run = await waitForRun(fx.stack, run_id, undefined, 60_000);
    expect(run.status).toBe('completed');
    for (const n of nodes) expect(fx.counter.count(n.id)).toBe(1);
    // The node that reads the input still gets it whole (its output, as large, is stored apart).
    expect((await portValue(fx.stack, run, 'meta')).input).toEqual({ big });
    const bytes = payloadBytes(await closedHistory(fx.stack, run_id));
    // The workflow's start arguments (run input and plan): one copy, whatever the number of http
    // nodes between. The trigger's and the metadata node's outputs, past the inline threshold,
    // travel as references, and the metadata node, a local activity, leaves its input out of the
    // history.
    expect(bytes).toBeGreaterThan(big.length);
    expect(bytes).toBeLessThan(2 * big.length);
  });

  it('every node type that reads the run input or the variables says so', async () => {
    const root = join(__dirname, '../../../nodes');
    const readers: string[] = [];
    for (const category of readdirSync(root, { withFileTypes: true })) {
      if (!category.isDirectory() || category.name.startsWith('_')) continue;
      const dir = join(root, category.name);
      for (const name of readdirSync(dir, { withFileTypes: true })) {
        const file = join(dir, name.name, 'index.ts');
        if (!name.isDirectory() || !existsSync(file)) continue;
        const source = readFileSync(file, 'utf8');
        const runInput = /ctx\.runInput\b/.test(source);
        const variables = /ctx\.variables\b/.test(source);
        if (!runInput && !variables) continue;
        readers.push(file);
        const types = [...source.matchAll(/type: '([a-z_]+\.[a-z_]+)'/g)].map((m) => m[1]!);
        const defs = types.map((t) => nodeRegistry.get(t)).filter((d) => d !== undefined);
        expect(defs.length, file).toBeGreaterThan(0);
        for (const def of defs) {
          if (runInput) expect(def.reads ?? [], `${def.type} reads ctx.runInput`).toContain('runInput');
          if (variables) expect(def.reads ?? [], `${def.type} reads ctx.variables`).toContain('variables');
        }
      }
    }
    // The check looked at real readers (triggers, run metadata, code nodes…).
    expect(readers.length).toBeGreaterThan(5);
  });
});

describe('a run input too large to carry', () => {
  it('is refused with 413 before anything is written', async () => {
    const wf = await createWorkflow(fx.stack, spec([{ id: 'start', type: 'trigger.manual' }, { id: 'set', type: 'io.set', params: { values: { ok: true } } }], [['start', 'set']]));
    const before = await fx.stack.atelier.deps.db.selectFrom('runs').select((eb) => eb.fn.countAll<string>().as('n')).where('workflow_id', '=', wf).executeTakeFirstOrThrow();
    const r = await fx.stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: wf, input: { blob: 'x'.repeat(2_500_000) } } });
    expect(r.status).toBe(413);
    expect(r.body.detail).toMatchObject({ error: 'input_too_large', limit_bytes: 1024 * 1024 });
    expect(r.body.detail.bytes).toBeGreaterThan(2_500_000);
    expect(r.body.detail.message).toContain('1 MiB');
    const after = await fx.stack.atelier.deps.db.selectFrom('runs').select((eb) => eb.fn.countAll<string>().as('n')).where('workflow_id', '=', wf).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    // Just under the limit still runs, and its trigger emits the whole input.
    const ok = await fx.stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: wf, input: { blob: 'x'.repeat(1024 * 1024 - 100) } } });
    expect(ok.status).toBe(201);
    const run = await waitForRun(fx.stack, ok.body.run_id);
    expect(run.status).toBe('completed');
    expect((await portValue(fx.stack, run, 'start')).blob).toHaveLength(1024 * 1024 - 100);
  });
});
