// logic.merge: `execute` with a hand-made context.
import { describe, expect, it } from 'vitest';
import { getNode } from '../../index';
import { harness, run } from '../../_lib/core-harness';

describe('logic.merge', () => {
  it('logic.merge emits its inputs keyed by source node id', async () => {
    expect(await run('logic.merge', { mode: 'any' }, harness(), { a: 1, b: { x: 2 } })).toEqual({ output: { main: { a: 1, b: { x: 2 } } } });
    expect(getNode('logic.merge')!.params.parse({})).toEqual({ mode: 'all' });
    expect(() => getNode('logic.merge')!.params.parse({ mode: 'some' })).toThrow();
  });
});
