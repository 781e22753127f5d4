// logic.if: every operator, and what it passes on.
import { describe, expect, it } from 'vitest';
import { harness, run } from '../../_lib/core-harness';

describe('logic.if', () => {
  const cases: [unknown, string, unknown, boolean][] = [
    [1, 'eq', 1, true], [{ a: [1] }, 'eq', { a: [1] }, true], ['1', 'eq', 1, false],
    [1, 'neq', 2, true], [1, 'neq', 1, false],
    [5, 'gt', 3, true], ['10', 'gt', 9, true], [3, 'gt', 3, false], ['b', 'gt', 'a', true], [{}, 'gt', 1, false],
    [3, 'gte', 3, true], [2, 'gte', 3, false],
    [2, 'lt', 3, true], [3, 'lt', 2, false],
    [3, 'lte', 3, true], [4, 'lte', 3, false],
    ['hello world', 'contains', 'world', true], ['hello', 'contains', 'x', false],
    [[1, { a: 2 }], 'contains', { a: 2 }, true], [[1, 2], 'contains', 3, false],
    [{ k: 1 }, 'contains', 'k', true], [{ k: 1 }, 'contains', 'z', false], [5, 'contains', 5, false],
    [0, 'exists', undefined, true], ['', 'exists', undefined, true], [null, 'exists', undefined, false], [undefined, 'exists', undefined, false],
  ];
  it.each(cases)('%j %s %j → %s', async (left, operator, right, expected) => {
    const r = await run('logic.if', { left, operator, right }, harness(), { up: { v: 1 } });
    expect(r.output).toEqual({ [expected ? 'true' : 'false']: { v: 1 } });
  });

  it('passes all inputs keyed by source when more than one edge comes in', async () => {
    const r = await run('logic.if', { left: 1, operator: 'eq', right: 1 }, harness(), { a: 1, b: 2 });
    expect(r.output).toEqual({ true: { a: 1, b: 2 } });
  });
});
