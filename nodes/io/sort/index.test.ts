import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isItemListRef, RESULT_REF_KEY } from '../../../src/engine/node-sdk';
import { itemStreams, type ListRef } from '../../../src/engine/execution/item-streams';
import { harness, main, tempBlobs } from '../../_lib/harness';
import { reversedItems, sortedItems } from '../../_lib/item-runs';
import { sortKeys } from './index';

const { blobs } = tempBlobs();
let nodeCount = 0;

/** A harness whose `ctx.items` stores any list over 256 bytes. */
function withLists() {
  const h = harness({ capabilities: { blobs } });
  h.ctx.items = itemStreams(blobs, { accountId: 'acct_test', runId: 'run_test', nodeId: `n${nodeCount++}`, generation: 0, attempt: 1 }, 256);
  return h;
}

/** `items` stored as an upstream node would store them. */
async function stored(items: unknown[]): Promise<ListRef> {
  const out = withLists().ctx.items!.writer('main');
  for (const item of items) await out.write(item);
  const ref = await out.finish();
  expect(isItemListRef(ref)).toBe(true);
  return ref as ListRef;
}

/** A stored list's items (or an inline list as it is). */
async function read(list: unknown): Promise<unknown[]> {
  if (Array.isArray(list)) return list;
  const out: unknown[] = [];
  for await (const item of withLists().ctx.items!.read(list as ListRef)) out.push(item);
  return out;
}

async function collect(items: AsyncIterable<unknown>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const freshDir = () => mkdtempSync(join(tmpdir(), 'sort-runs-test-'));

describe('io.sort on a stored list (external merge sort)', () => {
  it('sorts 200,000 items with repeated keys in the order of an in-memory stable sort, through several merge passes, leaving no temp file', async () => {
    const items = Array.from({ length: 200_000 }, (_, i) => ({ i, k: (i * 7919) % 1009, s: `w${(i * 31) % 97}` }));
    const sort = sortKeys([{ field: 'k', order: 'desc' }, { field: 's', order: 'asc' }]);
    const expected = items.map((item) => ({ item, keys: sort.keysOf(item) })).sort((a, b) => sort.compare(a.keys, b.keys)).map((e) => e.item.i);
    const dir = freshDir();
    let spilled = 0;
    const got: number[] = [];
    // 20 runs of 10,000 merged 4 at a time: 20 → 5 → 2 → the final merge.
    for await (const item of sortedItems(items, sort, { runItems: 10_000, fanIn: 4, dir })) {
      if (got.length === 0) spilled = readdirSync(join(dir, readdirSync(dir)[0]!)).length;
      got.push((item as { i: number }).i);
    }
    expect(spilled).toBeGreaterThan(1);
    expect(got).toEqual(expected);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('the node reads a stored list and writes a stored list, sorted as the inline path sorts', async () => {
    const items = Array.from({ length: 3000 }, (_, i) => ({ i, k: i % 13 === 0 ? null : (i * 17) % 101 }));
    const by = [{ field: 'k', order: 'desc' }];
    const inline = await main('io.sort', { items, by });
    const ref = await stored(items);
    const sorted = await main('io.sort', { by }, { up: ref }, withLists());
    expect(isItemListRef(sorted)).toBe(true);
    expect((sorted as ListRef)[RESULT_REF_KEY].items).toBe(3000);
    expect(await read(sorted)).toEqual(inline);
    // Missing values last even in descending order; ties in input order.
    const keys = (inline as { k: number | null }[]).map((x) => x.k);
    expect(keys.slice(-Math.ceil(3000 / 13))).toEqual(Array(Math.ceil(3000 / 13)).fill(null));
    expect((inline as { i: number; k: number | null }[]).slice(0, 3)).toEqual([{ i: 95, k: 100 }, { i: 196, k: 100 }, { i: 297, k: 100 }]);
  });

  it('multi-key asc/desc with missing values last, merged from runs of three items', async () => {
    const items = [
      { id: 1, a: 2, b: 'x' }, { id: 2, b: 'a' }, { id: 3, a: 10, b: 'b' }, { id: 4, a: 2, b: 'a' }, { id: 5, a: null, b: 'c' },
      { id: 6, a: 10, b: 'b' }, { id: 7, a: 2 }, { id: 8, a: 'z', b: 'a' }, { id: 9, a: 10, b: 'a' },
    ];
    const by: { field: string; order: 'asc' | 'desc' }[] = [{ field: 'a', order: 'desc' }, { field: 'b', order: 'asc' }];
    const dir = freshDir();
    const ids = (list: unknown[]) => list.map((x) => (x as { id: number }).id);
    const external = ids(await collect(sortedItems(items, sortKeys(by), { runItems: 3, fanIn: 2, dir })));
    // A number and a string compare as text (digits before letters), so desc puts "z" first; missing last, in input order.
    expect(external).toEqual([8, 9, 3, 6, 4, 1, 7, 2, 5]);
    expect(ids(await main('io.sort', { items, by }) as unknown[])).toEqual(external);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('removes its temp files when the list turns out bad, the reader stops, or the run is cancelled', async () => {
    // A stored list whose 50,001st line is not JSON (its hash matches: the bytes are as written).
    const lines = Array.from({ length: 60_000 }, (_, i) => (i === 50_000 ? '{bad' : JSON.stringify({ i })));
    const text = `${lines.join('\n')}\n`;
    const key = 'acct_test/run-results/run_test/bad/0-1-main.ndjson';
    await blobs.put(key, text);
    const bad = { [RESULT_REF_KEY]: { v: 1, key, bytes: Buffer.byteLength(text), sha256: createHash('sha256').update(text).digest('hex'), format: 'ndjson', items: 60_000 }, preview: '' } as unknown as ListRef;
    const dir = freshDir();
    const sort = sortKeys([{ field: 'i', order: 'desc' }]);
    let seen = 0;
    const counting = (async function* () {
      for await (const item of withLists().ctx.items!.read(bad)) {
        seen += 1;
        yield item;
      }
    })();
    await expect(collect(sortedItems(counting, sort, { runItems: 10_000, dir }))).rejects.toMatchObject({ type: 'result_ref_invalid' });
    expect(seen).toBe(50_000);
    expect(readdirSync(dir)).toEqual([]);

    // A consumer that fails on the first item (an upload failing) ends the merge: files removed.
    const items = Array.from({ length: 5000 }, (_, i) => ({ i }));
    let files = 0;
    await expect((async () => {
      for await (const item of sortedItems(items, sort, { runItems: 1000, dir })) {
        files = readdirSync(join(dir, readdirSync(dir)[0]!)).length;
        throw new Error(`upload failed at ${JSON.stringify(item)}`);
      }
    })()).rejects.toThrow('upload failed at {"i":4999}');
    expect(files).toBe(5);
    expect(readdirSync(dir)).toEqual([]);

    // Cancelled while the runs are written.
    const abort = new AbortController();
    const cancelling = (async function* () {
      for (const [n, item] of items.entries()) {
        if (n === 2500) abort.abort(new Error('cancelled'));
        yield item;
      }
    })();
    await expect(collect(sortedItems(cancelling, sort, { runItems: 1000, dir, signal: abort.signal }))).rejects.toThrow('cancelled');
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('io.item_lists and io.text_join on stored lists', () => {
  it('reverse (temp files read back last to first), unique, index_of and concat stream; zip loads', async () => {
    const items = Array.from({ length: 2000 }, (_, i) => ({ n: i % 700, tag: { b: 1, a: i % 2 } }));
    const ref = await stored(items);
    const run = (params: Record<string, unknown>, inputs: Record<string, unknown>) => main('io.item_lists', params, inputs, withLists());

    const dir = freshDir();
    expect(await collect(reversedItems(items, { runItems: 300, dir }))).toEqual([...items].reverse());
    expect(readdirSync(dir)).toEqual([]);
    expect(await read(await run({ operation: 'reverse' }, { up: ref }))).toEqual([...items].reverse());

    // Structural equality: key order does not matter.
    const unique = await run({ operation: 'unique' }, { up: ref });
    expect(await read(unique)).toEqual(await run({ operation: 'unique' }, { up: items }));
    expect((await read(unique)).length).toBe(700);
    expect(await main('io.item_lists', { operation: 'unique', items: [{ a: 1, b: 2 }, { b: 2, a: 1 }, 1, '1', 1] })).toEqual([{ a: 1, b: 2 }, 1, '1']);

    expect(await run({ operation: 'index_of', value: { tag: { a: 1, b: 1 }, n: 699 } }, { up: ref })).toBe(699);
    expect(await run({ operation: 'index_of', value: { n: 699 } }, { up: ref })).toBe(-1);

    const second = await stored(items.slice(0, 500));
    const concat = await run({ operation: 'concat' }, { a: ref, b: [1, 2], c: second });
    expect(isItemListRef(concat)).toBe(true);
    expect(await read(concat)).toEqual([...items, 1, 2, ...items.slice(0, 500)]);

    expect(await run({ operation: 'zip' }, { a: ref, b: [1] })).toEqual(items.map((item, i) => [item, i === 0 ? 1 : null]));

    // io.text_join reads a stored list as it comes, as it joins an inline one.
    const join = { field: 'n', separator: '|', prefix: '<', suffix: '>' };
    const joined = await main('io.text_join', join, { up: ref }, withLists());
    expect(joined).toEqual(await main('io.text_join', join, { up: items }));
    expect((joined as { text: string }).text).toMatch(/^<0\|1\|2\|.*\|699\|0\|.*\|599>$/);
  });
});
