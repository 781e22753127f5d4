// logic.switch: routing and its params-dependent ports.
import { describe, expect, it } from 'vitest';
import { getNode } from '../../index';
import { harness, run } from '../../_lib/core-harness';

describe('logic.switch', () => {
  it('routes to the first matching case, else default', async () => {
    expect((await run('logic.switch', { value: 'b', cases: ['a', 'b', 'b'] }, harness(), { s: 1 })).output).toEqual({ case_1: 1 });
    expect((await run('logic.switch', { value: { x: 1 }, cases: [{ x: 1 }] }, harness(), { s: 1 })).output).toEqual({ case_0: 1 });
    expect((await run('logic.switch', { value: 'z', cases: ['a'] }, harness(), { s: 1 })).output).toEqual({ default: 1 });
    const def = getNode('logic.switch')!;
    expect(def.outputsFor!(def.params.parse({ value: 1, cases: [1, 2] })).map((p) => p.name)).toEqual(['case_0', 'case_1', 'default']);
  });
});
