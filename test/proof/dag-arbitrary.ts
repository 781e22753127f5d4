// The seeded random engine DAGs of the determinism suite (test/proof/determinism.test.ts): each node
// hangs off one or two earlier nodes on a port its parent emits; kinds cover pure nodes inline in the
// workflow task, local and remote activities, failures with and without continue_on_error, timers
// and approvals.
import fc from 'fast-check';
import type { NodeSpecIn } from '../engine/runs/helpers';

export interface GeneratedSpec {
  spec: { nodes: Array<NodeSpecIn & { position: number[]; params: Record<string, unknown> }>; edges: Array<{ id: string; source: string; target: string; source_port: string }>; trigger: unknown; error_handler: string };
  input: { n: number };
  approvals: boolean;
}

const KINDS = ['set', 'if', 'merge', 'delay', 'stop', 'http_ok', 'http_fail', 'approval', 'noop'] as const;

/** A random DAG: each node hangs off one or two earlier nodes, on a port its parent emits. */
export function dagArbitrary(server: { url: string }): fc.Arbitrary<GeneratedSpec> {
  const node = fc.record({
    kind: fc.constantFrom(...KINDS),
    parents: fc.array(fc.nat(), { minLength: 1, maxLength: 2 }),
    portPick: fc.boolean(),
    continueOnError: fc.boolean(),
    threshold: fc.integer({ min: 0, max: 10 }),
    delayMs: fc.integer({ min: 10, max: 250 }),
    approve: fc.boolean(),
  });
  return fc
    .record({ nodes: fc.array(node, { minLength: 1, maxLength: 7 }), handler: fc.constantFrom('stop', 'continue', 'retry'), n: fc.integer({ min: 0, max: 10 }) })
    .map(({ nodes, handler, n }, ) => {
      const specNodes: GeneratedSpec['spec']['nodes'] = [{ id: 'start', type: 'trigger.manual', position: [0, 0], params: {} }];
      const kinds: string[] = ['start'];
      const edges: GeneratedSpec['spec']['edges'] = [];
      let approvals = false;
      nodes.forEach((g, i) => {
        const id = `n${i + 1}`;
        const base = { id, position: [(i + 1) * 200, 0], params: {} as Record<string, unknown> };
        let n2: NodeSpecIn & { position: number[]; params: Record<string, unknown> };
        switch (g.kind) {
          case 'set': n2 = { ...base, type: 'io.set', params: { values: { from: id, n: '{{start.output.main.n}}' } } }; break;
          case 'if': n2 = { ...base, type: 'logic.if', params: { left: '{{start.output.main.n}}', operator: 'gt', right: g.threshold } }; break;
          case 'merge': n2 = { ...base, type: 'logic.merge', params: { mode: g.portPick ? 'any' : 'all' } }; break;
          case 'delay': n2 = { ...base, type: 'control.delay', params: { seconds: g.delayMs / 1000 } }; break;
          case 'stop': n2 = { ...base, type: 'logic.stop_and_error', params: { message: `stop at ${id}` }, continue_on_error: g.continueOnError }; break;
          case 'http_ok': n2 = { ...base, type: 'http.request', params: { url: `${server.url}/hit?id=${id}`, timeout_s: 30 }, retry: { max_attempts: 1 } }; break;
          case 'http_fail': n2 = { ...base, type: 'http.request', params: { url: `${server.url}/hit?id=${id}&status=500`, fail_on_status: true }, retry: { max_attempts: 1 }, continue_on_error: g.continueOnError }; break;
          case 'approval':
            approvals = true;
            // The test signals approve; the timeout is only a backstop so no run can hang.
            n2 = { ...base, type: 'control.approval', params: { timeout_s: 20, default: g.approve ? 'approved' : 'rejected' } };
            break;
          default: n2 = { ...base, type: 'logic.noop' };
        }
        const parents = [...new Set(g.parents.map((p) => p % (i + 1)))].slice(0, g.kind === 'merge' ? 2 : 1);
        for (const p0 of parents) {
          // stop_and_error emits nothing, or `error` when it continues on error.
          const stopped = kinds[p0] === 'stop' && !specNodes[p0]!.continue_on_error;
          const p = stopped ? 0 : p0;
          const parentKind = kinds[p]!;
          if (edges.some((e) => e.source === specNodes[p]!.id && e.target === id)) continue;
          const port = parentKind === 'stop' ? 'error' : parentKind === 'if' ? (g.portPick ? 'true' : 'false') : parentKind === 'approval' ? (g.approve ? 'approved' : 'rejected') : 'main';
          edges.push({ id: `e${edges.length}`, source: specNodes[p]!.id, target: id, source_port: port });
        }
        specNodes.push(n2);
        kinds.push(g.kind);
      });
      return { spec: { nodes: specNodes, edges, trigger: { type: 'manual', config: {} }, error_handler: handler }, input: { n }, approvals };
    });
}
