// system.log: `execute` with a hand-made context.
import { describe, expect, it } from 'vitest';
import { harness, run } from '../../_lib/core-harness';

describe('system.log', () => {
  it('system.log writes to the node logs at its level', async () => {
    const h = harness();
    expect(await run('system.log', { message: 'hello', level: 'warn' }, h)).toEqual({ output: { main: { message: 'hello', level: 'warn' } } });
    await run('system.log', { message: { a: 1 } }, h);
    expect(h.logs).toEqual([{ level: 'warn', message: 'hello' }, { level: 'info', message: '{"a":1}' }]);
  });
});
