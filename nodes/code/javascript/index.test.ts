// code.javascript: the isolated-vm sandbox, its limits and cancellation.
import { describe, expect, it } from 'vitest';
import { NodeError } from '../../../src/engine/contract/node-error';
import { getNode } from '../../index';
import { harness, run } from '../../_lib/core-harness';

describe('code.javascript (isolated-vm sandbox)', () => {
  it('returns the JSON value of the function body, given inputs and variables', async () => {
    const h = harness({ variables: { factor: 3 } });
    const r = await run('code.javascript', { code: 'const s = inputs.a.n + inputs.b.n; return { total: s * variables.factor, list: [s] };' }, h, { a: { n: 1 }, b: { n: 2 } });
    expect(r).toEqual({ output: { main: { total: 9, list: [3] } } });
    expect((await run('code.javascript', { code: 'await null; return "x"' })).output.main).toBe('x');
    expect((await run('code.javascript', { code: 'const x = 1;' })).output.main).toBeNull();
  });

  it('sends console output to the node logs', async () => {
    const h = harness();
    await run('code.javascript', { code: 'console.log("a", {b: 1}); console.warn("careful"); return 1' }, h);
    expect(h.logs).toEqual([{ level: 'info', message: 'a {"b":1}' }, { level: 'warn', message: 'careful' }]);
  });

  // [name, code, message, type, timeout_s]
  const failures: [string, string, RegExp, string, number?][] = [
    ['a thrown error', 'throw new Error("boom")', /boom/, 'code_error'],
    ['require', 'return require("fs")', /require is not defined/, 'code_error'],
    ['process', 'return process.env', /process is not defined/, 'code_error'],
    ['fetch', 'return await fetch("http://example.com")', /fetch is not defined/, 'code_error'],
    ['timers', 'setTimeout(() => 1, 1)', /setTimeout is not defined/, 'code_error'],
    ['a busy loop', 'while (true) {}', /timed out after 0.3 s/, 'code_timeout'],
    ['a promise that never settles', 'await new Promise(() => {})', /timed out after 0.3 s/, 'code_timeout'],
    ['memory exhaustion', 'const a = []; while (true) a.push(new Array(1e6).fill(1));', /memory limit/, 'code_memory', 20],
    ['a non-JSON return value', 'return 10n', /serialize a BigInt|not JSON/i, 'code_error'],
    ['a syntax error', 'return {', /SyntaxError|Unexpected/, 'code_error'],
  ];
  it.each(failures)('fails the node on %s', async (_name, code, message, type, timeoutS = 0.3) => {
    const err = await run('code.javascript', { code, timeout_s: timeoutS }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NodeError);
    expect((err as NodeError).message).toMatch(message);
    expect(err).toMatchObject({ type, retryable: false });
  });

  it('stops when the run is cancelled', async () => {
    const h = harness();
    const pending = run('code.javascript', { code: 'while (true) {}', timeout_s: 10 }, h).catch((e: unknown) => e);
    setTimeout(() => h.abort.abort(), 100);
    const started = Date.now();
    const err = await pending;
    expect(Date.now() - started).toBeLessThan(3000);
    expect(err).toMatchObject({ type: 'cancelled' });
  });

  it('limits timeout_s to 30 s', () => {
    const def = getNode('code.javascript')!;
    expect(def.params.parse({ code: '1' })).toMatchObject({ timeout_s: 5 });
    expect(() => def.params.parse({ code: '1', timeout_s: 31 })).toThrow();
  });
});
