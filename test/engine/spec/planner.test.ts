import { describe, expect, it } from 'vitest';
import { planWorkflow } from '../../../src/engine/workflows/planner';
import { WorkflowSpec } from '../../../src/engine/workflows/spec';
import { nodeRegistry } from '../../../nodes/index';
import { bigSpec, edge, node, validSpec } from './fixtures';

const plan = (spec: unknown) => planWorkflow(spec, nodeRegistry);

function expectPlan(spec: unknown) {
  const r = plan(spec);
  if (!r.ok) throw new Error(JSON.stringify(r.issues, null, 1));
  return r.plan;
}

describe('planWorkflow', () => {
  it('plans a diamond: order, incoming/outgoing edges, ports, defaults', () => {
    const spec = {
      trigger: { type: 'manual' },
      usd_cap: 1.25,
      nodes: [
        node('d', 'logic.merge', { mode: 'all' }),
        node('a', 'trigger.manual'),
        node('c', 'io.set', { values: { v: '{{a.output.main.x}}' } }, { retry: { max_attempts: 4, backoff: 'fixed' }, timeout_s: 12, continue_on_error: true }),
        node('b', 'io.set', { values: { v: 1 } }, { disabled: true }),
      ],
      edges: [edge('ab', 'a', 'b'), edge('ac', 'a', 'c'), edge('bd', 'b', 'd'), edge('cd', 'c', 'd')],
    };
    const p = expectPlan(spec);
    // Kahn's algorithm with ties broken by spec position: c (index 2) before b (index 3).
    expect(p.order).toEqual(['a', 'c', 'b', 'd']);
    expect(p.nodes.d!.incoming.map((e) => e.source)).toEqual(['b', 'c']);
    expect(p.nodes.a!.outgoing.map((e) => e.target)).toEqual(['b', 'c']);
    expect(p.nodes.a!.incoming).toEqual([]);
    expect(p.nodes.c).toMatchObject({
      type: 'io.set', version: 1, execution: 'local', params: { values: { v: '{{a.output.main.x}}' } },
      retry: { maxAttempts: 4, backoff: 'fixed' }, timeoutS: 12, continueOnError: true, disabled: false, outputPorts: ['main', 'error'],
    });
    expect(p.nodes.b).toMatchObject({ disabled: true, retry: { maxAttempts: 1 } });
    expect(p).toMatchObject({ maxExecutionTimeS: 3600, maxSteps: 500, usdCapMicros: 1_250_000, errorHandler: 'stop', variables: {}, trigger: { type: 'manual', config: {} } });
    expect(p.nodes.ab).toBeUndefined();
    // The plan is plain data: it survives JSON (Temporal's payload converter) unchanged.
    expect(JSON.parse(JSON.stringify(p))).toEqual(p);
  });

  it('gives node-specific defaults, and error_handler retry raises attempts', () => {
    const spec = validSpec();
    spec.error_handler = 'retry';
    spec.nodes.push(node('ask', 'ai.chat', { prompt: 'hi' }), node('calc', 'code.javascript', { code: 'return 1' }));
    spec.edges.push(edge('x1', 'join', 'ask'), edge('x2', 'join', 'calc'));
    const p = expectPlan(spec);
    expect(p.nodes.ask).toMatchObject({ execution: 'activity', timeoutS: 120, retry: { maxAttempts: 3, backoff: 'exponential' } });
    expect(p.nodes.calc).toMatchObject({ execution: 'activity', timeoutS: 60, retry: { maxAttempts: 3 } });
    expect(p.nodes.check).toMatchObject({ execution: 'local', timeoutS: 300, retry: { maxAttempts: 3 } });
    expect(expectPlan(validSpec()).nodes.check!.retry.maxAttempts).toBe(1);
  });

  it('derives switch ports from its cases and control nodes run in the workflow', () => {
    const spec = {
      trigger: { type: 'manual' },
      nodes: [node('s', 'logic.switch', { value: 'b', cases: ['a', 'b', 'c'] }), node('w', 'control.delay', { seconds: 1 }), node('ok', 'control.approval', {})],
      edges: [edge('1', 's', 'w', { source_port: 'case_2' }), edge('2', 's', 'ok', { source_port: 'default' })],
    };
    const p = expectPlan(spec);
    expect(p.nodes.s!.outputPorts).toEqual(['case_0', 'case_1', 'case_2', 'default']);
    expect(p.nodes.w!.execution).toBe('workflow');
    expect(p.nodes.ok!.outputPorts).toEqual(['approved', 'rejected']);
  });

  it('takes a templated switch\'s ports from its edges (known only at run time)', () => {
    const spec = {
      trigger: { type: 'manual' },
      variables: { cases: ['a', 'b', 'c', 'd'] },
      nodes: [node('s', 'logic.switch', { value: 'x', cases: '{{variables.cases}}' }), node('t', 'io.set')],
      edges: [edge('1', 's', 't', { source_port: 'case_3' })],
    };
    expect(expectPlan(spec).nodes.s!.outputPorts).toEqual(['case_0', 'default', 'case_3']);
  });

  it('names every cycle with its nodes in order and points at the closing edge', () => {
    const spec = {
      trigger: { type: 'manual' },
      nodes: ['start', 'a', 'b', 'c', 'x', 'y'].map((id) => node(id, id === 'start' ? 'trigger.manual' : 'io.set')),
      edges: [
        edge('s', 'start', 'a'), edge('ab', 'a', 'b'), edge('bc', 'b', 'c'), edge('ca', 'c', 'a'),
        edge('xy', 'x', 'y'), edge('yx', 'y', 'x'),
      ],
    };
    const r = plan(spec);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toEqual([
      { type: 'cycle', loc: ['body', 'spec', 'edges', 3], msg: 'cycle: a → b → c → a', input: ['a', 'b', 'c', 'a'] },
      { type: 'cycle', loc: ['body', 'spec', 'edges', 5], msg: 'cycle: x → y → x', input: ['x', 'y', 'x'] },
    ]);
  });

  it('reports one concrete cycle per strongly connected component, shortest way round', () => {
    // a → b → c → a and b → a share a component; the shortest cycle through a is a → b → a.
    const spec = {
      trigger: { type: 'manual' },
      nodes: ['a', 'b', 'c'].map((id) => node(id, 'io.set')),
      edges: [edge('1', 'a', 'b'), edge('2', 'b', 'c'), edge('3', 'c', 'a'), edge('4', 'b', 'a')],
    };
    const r = plan(spec);
    expect(r.ok ? [] : r.issues.map((i) => i.msg)).toEqual(['cycle: a → b → a']);
  });

  it('only lets templates reach ancestors, through any depth', () => {
    const spec = {
      trigger: { type: 'manual' },
      nodes: [
        node('a', 'trigger.manual'),
        node('b', 'io.set'),
        node('c', 'io.set'),
        node('d', 'io.set', { values: { deep: '{{a.output.main.k}}', near: '{{c.output.main}}', side: '{{e.output.main}}' } }),
        node('e', 'io.set'),
      ],
      edges: [edge('1', 'a', 'b'), edge('2', 'b', 'c'), edge('3', 'c', 'd'), edge('4', 'a', 'e')],
    };
    const r = plan(spec);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => [i.type, i.loc.slice(-1)[0]])).toEqual([['not_upstream', 'side']]);
  });

  it('returns the spec normalised exactly as WorkflowSpec.parse does', () => {
    for (const raw of [validSpec(), bigSpec(300), { ...validSpec(), usd_cap: 2, error_handler: 'continue', variables: { ...validSpec().variables, a: [1] } }]) {
      const r = plan(JSON.parse(JSON.stringify(raw)));
      expect(r.ok && r.spec).toEqual(WorkflowSpec.parse(raw));
    }
  });

  it('gives a continue_on_error node `main` and `error` output ports, and no other node', () => {
    const spec = (continueOnError: boolean) => ({
      trigger: { type: 'manual' },
      nodes: [
        node('start', 'trigger.manual'),
        node('boom', 'logic.stop_and_error', { message: 'no' }, { continue_on_error: continueOnError }),
        node('handle', 'io.set', { values: { why: '{{boom.output.error.error}}' } }),
      ],
      edges: [edge('e1', 'start', 'boom'), edge('e2', 'boom', 'handle', { source_port: 'error' })],
    });
    const p = expectPlan(spec(true));
    // logic.stop_and_error has no output of its own: its failure is all it can emit, on `main` or `error`.
    expect(p.nodes.boom!.outputPorts).toEqual(['main', 'error']);
    expect(p.nodes.handle!.incoming).toEqual([{ id: 'e2', source: 'boom', sourcePort: 'error', target: 'handle', targetPort: 'main' }]);
    expect(p.nodes.start!.outputPorts).toEqual(['main']);

    const refused = plan(spec(false));
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.issues).toEqual([
      {
        type: 'unknown_port', loc: ['body', 'spec', 'edges', 1, 'source_port'], input: 'error',
        msg: 'Node "boom" (logic.stop_and_error) has no output port "error"; its outputs are: none (with continue_on_error: true it passes its failure on error)',
      },
      {
        type: 'unknown_port', loc: ['body', 'spec', 'nodes', 2, 'params', 'values', 'why'], input: '{{boom.output.error.error}}',
        msg: '{{boom.output.error.error}}: node "boom" has no output port "error"; its outputs are: none (with continue_on_error: true it passes its failure on error)',
      },
    ]);
  });

  it('accepts a `main` edge out of logic.stop_and_error with continue_on_error, and a branching node keeps its own ports first', () => {
    const spec = (continueOnError: boolean) => ({
      trigger: { type: 'manual' },
      nodes: [
        node('start', 'trigger.manual'),
        node('boom', 'logic.stop_and_error', { message: 'no' }, { continue_on_error: continueOnError }),
        node('after', 'io.set', { values: { why: '{{boom.output.main.error}}' } }),
        node('check', 'logic.if', { left: 1, operator: 'eq', right: 1 }, { continue_on_error: true }),
      ],
      edges: [edge('e1', 'start', 'boom'), edge('e2', 'boom', 'after'), edge('e3', 'start', 'check')],
    });
    const p = expectPlan(spec(true));
    expect(p.nodes.after!.incoming).toEqual([{ id: 'e2', source: 'boom', sourcePort: 'main', target: 'after', targetPort: 'main' }]);
    // A disabled node passes its input on its first port: an if node's stays `true`.
    expect(p.nodes.check!.outputPorts).toEqual(['true', 'false', 'main', 'error']);

    const refused = plan(spec(false));
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.issues.map((i) => [i.type, i.loc.slice(2).join('.'), i.msg])).toEqual([
      ['unknown_port', 'edges.1.source_port', 'Node "boom" (logic.stop_and_error) has no output port "main"; its outputs are: none (with continue_on_error: true it passes its failure on main)'],
      ['unknown_port', 'nodes.2.params.values.why', '{{boom.output.main.error}}: node "boom" has no output port "main"; its outputs are: none (with continue_on_error: true it passes its failure on main)'],
    ]);
  });

  it('lets an override be planned under another loc prefix', () => {
    const r = planWorkflow({ ...validSpec(), max_steps: 0 }, nodeRegistry, { at: ['body', 'spec_override'] });
    expect(r.ok ? null : r.issues[0]!.loc).toEqual(['body', 'spec_override', 'max_steps']);
  });

  it('plans a 10,000-node DAG (timing is measured by bench/planner.ts)', () => {
    const spec = bigSpec(10_000);
    const p = expectPlan(spec);
    expect(p.order).toHaveLength(10_000);
    expect(p.order[0]).toBe('n0');
    const position = new Map(p.order.map((id, i) => [id, i]));
    for (const n of Object.values(p.nodes)) for (const e of n.incoming) expect(position.get(e.source)!).toBeLessThan(position.get(n.id)!);
  });

  it('finds a cycle hidden deep in a 10,000-node DAG', () => {
    const spec = bigSpec(10_000);
    spec.edges.push(edge('back', 'n9999', 'n5001'));
    const r = plan(spec);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]!.msg).toMatch(/^cycle: n5001 → .* → n9999 → n5001$/);
  });
});
