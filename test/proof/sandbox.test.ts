// The code node on the real stack (nodes/code/javascript/index.test.ts checks the node alone):
// escape attempts find nothing of the host, prototype tampering stays inside the sandbox, CPU
// burners (busy async loops, endless microtasks, catastrophic regex) and giant outputs fail only
// their own node, with a clear error, while another run goes on and finishes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const ESCAPES: Record<string, string> = {
  constructor_chain: 'return typeof this.constructor.constructor("return process")()',
  function_this: 'return typeof Function("return this")().process',
  inputs_constructor: 'return inputs.constructor.constructor("return typeof process")()',
  async_function_ctor: 'const AF = (async () => {}).constructor; return typeof (await AF("return process")())',
  error_stack: 'try { null.x } catch (e) { return typeof e.constructor.constructor("return require")() }',
  global_this: 'return Object.keys(globalThis).filter((k) => ["process", "require", "module", "Buffer", "fetch"].includes(k)).join(",") || "none"',
};

const FAILS: Record<string, [string, RegExp]> = {
  busy_async: ['await (async () => { for (;;) {} })()', /timed out/],
  endless_microtasks: ['const f = () => Promise.resolve().then(f); f(); await new Promise(() => {})', /timed out|memory/],
  catastrophic_regex: ['return /^(a+)+$/.test("a".repeat(40) + "b")', /timed out/],
  giant_output: ['return "x".repeat(12 * 1024 * 1024)', /produced \d+ bytes of output; a node result may hold at most|memory limit/],
};

const node = (id: string, code: string) => ({ id, type: 'code.javascript', position: [200, 0], params: { code, timeout_s: 1 }, continue_on_error: true, retry: { max_attempts: 1 } });

async function runSpec(nodes: unknown[], edges: unknown[]) {
  const wf = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'sandbox', spec: { nodes, edges, trigger: { type: 'manual', config: {} }, error_handler: 'continue' } } });
  expect(wf.status, wf.text).toBe(201);
  const run = await stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: wf.body.id, input: { n: 1 } } });
  expect(run.status, run.text).toBe(201);
  return run.body.run_id as string;
}

async function finished(runId: string) {
  for (let i = 0; i < 600; i++) {
    const r = (await stack.api('GET', `/engine/v1/v1/runs/${runId}`)).body;
    if (['completed', 'failed', 'timed_out', 'cancelled'].includes(r.status)) return r;
    await new Promise((res) => setTimeout(res, 200));
  }
  throw new Error(`run ${runId} did not finish`);
}

describe('the code node sandbox on the real stack', () => {
  it('escape attempts find nothing of the host; tampering with prototypes stays inside; burners fail only their node while another run finishes', async () => {
    const start = { id: 'start', type: 'trigger.manual', position: [0, 0], params: {} };
    const tamper = node('tamper', 'Object.prototype.polluted = "yes"; Array.prototype.push = () => 0; inputs.start.__proto__.polluted = "yes"; return ({}).polluted');
    const entries = [...Object.entries(ESCAPES).map(([id, code]) => node(id, code)), ...Object.entries(FAILS).map(([id, [code]]) => node(id, code)), tamper];
    const edges = entries.map((n, i) => ({ id: `e${i}`, source: 'start', target: n.id, source_port: 'main' }));
    const burner = await runSpec([start, ...entries], edges);
    // Another run, started while the burners burn, finishes.
    const other = await runSpec([start, { id: 'set', type: 'io.set', position: [200, 0], params: { values: { fine: true } } }], [{ id: 'e0', source: 'start', target: 'set', source_port: 'main' }]);
    expect((await finished(other)).status).toBe('completed');

    const run = await finished(burner);
    const out = run.node_outputs;
    for (const id of Object.keys(ESCAPES)) {
      // Either the attempt sees nothing (undefined, none) or it fails on a name the sandbox lacks.
      const o = out[id];
      const saw = o?.ok ? String(o.output.main) : /is not defined/.test(String(o?.error)) ? 'undefined' : `error: ${o?.error}`;
      expect(['undefined', 'none'], `${id} found ${JSON.stringify(o).slice(0, 300)}`).toContain(saw);
    }
    for (const [id, [, message]] of Object.entries(FAILS)) {
      expect(out[id]?.ok, `${id}: ${JSON.stringify(out[id]).slice(0, 300)}`).toBe(false);
      expect(String(out[id].error)).toMatch(message);
    }
    // Inside the sandbox the tampering took; outside it, nothing changed.
    expect(out.tamper.ok).toBe(true);
    expect((({}) as Record<string, unknown>).polluted).toBeUndefined();
    const arr: number[] = [];
    arr.push(1);
    expect(arr).toEqual([1]);
  }, 180_000);
});
