// The logic category's new nodes, executed through the shared harness.
import { describe, expect, it } from 'vitest';
import { RESULT_REF_KEY } from '../../src/engine/node-sdk';
import { itemStreams, type ListRef } from '../../src/engine/execution/item-streams';
import { harness, main, run, tempBlobs, undescribedParams } from '../_lib/harness';
import { logicLoopOverItems } from './loop-over-items/index';

describe('logic nodes', () => {
  const order = { total: 120, country: 'FR', tags: ['vip'] };
  it('logic.if_all / logic.if_any route on several conditions', async () => {
    const conds = [{ field: 'total', operator: 'gt', value: 100 }, { field: 'country', operator: 'eq', value: 'DE' }];
    expect((await run('logic.if_all', { conditions: conds }, { up: order })).output).toEqual({ false: order });
    expect((await run('logic.if_any', { conditions: conds }, { up: order })).output).toEqual({ true: order });
    expect((await run('logic.if_all', { value: order, conditions: [{ field: 'tags', operator: 'contains', value: 'vip' }, { field: 'total', operator: 'lte', value: '120' }] }, { a: 1, b: 2 })).output).toEqual({ true: { a: 1, b: 2 } });
    expect((await run('logic.if_any', { value: order, conditions: [{ field: 'missing', operator: 'exists' }] }, { up: 1 })).output).toEqual({ false: 1 });
  });

  it('logic.noop passes its input', async () => {
    expect(await main('logic.noop', { note: 'junction' }, { up: { x: 1 } })).toEqual({ x: 1 });
  });

  it('logic.batch splits into batches with an overflow guard', async () => {
    const r = await run('logic.batch', { items: [1, 2, 3, 4, 5], size: 2, max_batches: 2 });
    expect(r.output).toEqual({ main: { batches: [{ index: 0, items: [1, 2] }, { index: 1, items: [3, 4] }], count: 2, total: 5 }, overflow: [5] });
    expect((await run('logic.batch', { size: 3 }, { up: [1, 2] })).output).toEqual({ main: { batches: [{ index: 0, items: [1, 2] }], count: 1, total: 2 } });
  });

  it('logic.loop_over_items maps and filters in the sandbox, failing with the item index', async () => {
    const h = harness({ variables: { rate: 2 } });
    const r = await main('logic.loop_over_items', { items: [{ p: 1 }, { p: 0 }, { p: 3 }], code: 'if (!item.p) return undefined; console.log("item", index); return { i: index, cost: item.p * variables.rate };' }, {}, h);
    expect(r).toEqual({ results: [{ i: 0, cost: 2 }, { i: 2, cost: 6 }], count: 2 });
    expect(h.logs).toEqual([{ level: 'info', message: 'item 0' }, { level: 'info', message: 'item 2' }]);
    await expect(main('logic.loop_over_items', { items: [1, 2], code: 'if (index === 1) throw new Error("bad row"); return item' })).rejects.toMatchObject({ message: expect.stringContaining('item 1: bad row') });
    await expect(main('logic.loop_over_items', { items: [1], code: 'while (true) {}', timeout_s: 0.3 })).rejects.toMatchObject({ type: 'code_timeout' });
    await expect(main('logic.loop_over_items', { items: [1], code: 'return require("fs")' })).rejects.toMatchObject({ message: expect.stringContaining('require is not defined') });
  });

  it('logic.loop_over_items runs 1 to 1,000 iterations: a longer list is refused with a clear error, from params or from its input', async () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(await main('logic.loop_over_items', { items: list(1000), code: 'return item * 2' })).toMatchObject({ count: 1000 });
    expect(await main('logic.loop_over_items', { code: 'return item' }, { up: [] })).toEqual({ results: [], count: 0 });
    const tooMany = 'logic.loop_over_items runs at most 1,000 iterations (one per item); the list has 1,001 items';
    const refused = logicLoopOverItems.params.safeParse({ items: list(1001), code: 'return item' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([expect.objectContaining({ path: ['items'], message: expect.stringContaining(tooMany) })]);
    await expect(main('logic.loop_over_items', { code: 'return item' }, { up: list(1001) })).rejects.toMatchObject({ type: 'invalid_params', message: expect.stringContaining(tooMany) });
    await expect(main('logic.loop_over_items', { code: 'return item' }, { up: { items: list(100_000) } })).rejects.toMatchObject({ type: 'invalid_params', message: expect.stringContaining('the list has 100,000 items') });
  });

  it('logic.loop_over_items on a stored list: read when it has at most 1,000 items, refused from its reference otherwise', async () => {
    const { blobs } = tempBlobs();
    const h = harness({ capabilities: { blobs } });
    h.ctx.items = itemStreams(blobs, { accountId: 'acct_test', runId: 'run_test', nodeId: 'up', generation: 0, attempt: 1 }, 256);
    const out = h.ctx.items.writer('main');
    for (let i = 0; i < 600; i++) await out.write({ i });
    const stored = (await out.finish()) as ListRef;
    expect(stored[RESULT_REF_KEY].items).toBe(600);
    expect(await main('logic.loop_over_items', { code: 'return item.i' }, { up: stored }, h)).toMatchObject({ count: 600, results: expect.arrayContaining([0, 599]) });
    // A reference claiming 5,000 items whose blob does not exist: refused by count, never read.
    const long = { ...stored, [RESULT_REF_KEY]: { ...stored[RESULT_REF_KEY], key: 'acct_test/run-results/run_test/none/0-1-main.ndjson', items: 5000 } };
    await expect(main('logic.loop_over_items', { code: 'return item' }, { up: long }, h)).rejects.toMatchObject({ type: 'invalid_params', message: expect.stringContaining('the list has 5,000 items') });
    expect(logicLoopOverItems.params.safeParse({ items: long, code: 'return item' }).error?.issues).toEqual([expect.objectContaining({ path: ['items'], message: expect.stringContaining('the list has 5,000 items') })]);
  });

  it('logic.compare_datasets sorts records for a sync', async () => {
    const a = [{ id: 1, name: 'A', updated: 1 }, { id: 2, name: 'B' }, { id: 3, name: 'C' }];
    const b = [{ id: 2, name: 'B' }, { id: 1, name: 'A2', updated: 2 }, { id: 4, name: 'D' }, { id: 3, name: 'C', updated: 9 }];
    const r = await run('logic.compare_datasets', { a, b, key: ['id'], ignore_fields: ['updated'] });
    expect(r.output).toEqual({
      main: { in_a_only: 0, in_b_only: 1, same: 2, different: 1 },
      in_a_only: [], in_b_only: [{ id: 4, name: 'D' }], same: [{ id: 2, name: 'B' }, { id: 3, name: 'C', updated: 9 }],
      different: [{ key: [1], a: a[0], b: b[1] }],
    });
  });

  it('logic.is_empty and logic.coalesce', async () => {
    for (const [v, port] of [[[], 'empty'], [{}, 'empty'], ['', 'empty'], [null, 'empty'], [[0], 'not_empty'], [0, 'not_empty']] as const) {
      expect((await run('logic.is_empty', { value: v }, { up: 'in' })).output, JSON.stringify(v)).toEqual({ [port]: 'in' });
    }
    expect((await run('logic.is_empty', {}, { up: [] })).output).toEqual({ empty: [] });
    expect(await main('logic.coalesce', { values: [null, '', 'x'] })).toEqual({ value: '', index: 1 });
    expect(await main('logic.coalesce', { values: [null, '', [], 'x'], skip_empty: true })).toEqual({ value: 'x', index: 3 });
    expect(await main('logic.coalesce', { fallback: 'none' }, { a: null })).toEqual({ value: 'none', index: -1 });
    expect(await main('logic.coalesce', {}, { a: null, b: { ok: 1 } })).toEqual({ value: { ok: 1 }, index: 1 });
  });

  it('describes every param', () => {
    for (const t of ['logic.if_all', 'logic.if_any', 'logic.noop', 'logic.batch', 'logic.loop_over_items', 'logic.compare_datasets', 'logic.is_empty', 'logic.coalesce']) expect(undescribedParams(t), t).toEqual([]);
  });
});
