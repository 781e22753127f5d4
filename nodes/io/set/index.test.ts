// io.set: `execute` with a hand-made context.
import { describe, expect, it } from 'vitest';
import { run } from '../../_lib/core-harness';

describe('io.set', () => {
  it('io.set emits its values', async () => {
    expect(await run('io.set', { values: { a: 1, b: [true] } })).toEqual({ output: { main: { a: 1, b: [true] } } });
    expect(await run('io.set', {})).toEqual({ output: { main: {} } });
  });
});
