// io.sort and io.item_lists reverse on a stored list larger than the heap allows to hold whole.
//
//   node --max-old-space-size=128 --import tsx bench/sort.ts
//
// Stores BENCH_SORT_ITEMS (1,000,000) small items ({id, key, name}: ~50 bytes of NDJSON each, keys
// repeating) in a local blob store as an upstream node would, sorts them by key descending then
// name through the node (runs spilled to temp files, merged into a stored list), reads the result
// back checking count, order and stability (ids ascending within equal keys), then reverses the
// sorted list through io.item_lists and checks it is the sorted list backwards. Prints wall time and
// the peak heap and RSS, sampled every 50 ms. With V8's old space capped at 128 MB the input alone
// (~50 MB of text, several times that as objects) would not fit whole.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isItemListRef } from '../src/engine/contract/result-ref';
import { itemStreams, type ListRef } from '../src/engine/execution/item-streams';
import type { NodeContext } from '../src/engine/contract/types';
import { LocalBlobStore } from '../src/storage/blob-store';
import { ioItemLists } from '../nodes/io/item-lists';
import { ioSort } from '../nodes/io/sort';

const count = Number(process.env.BENCH_SORT_ITEMS ?? 1_000_000);
const dir = mkdtempSync(join(tmpdir(), 'atelier-bench-sort-'));
const blobs = new LocalBlobStore(join(dir, 'blobs'), 'bench-secret', 'http://files.bench');
const tmp = join(dir, 'tmp');
process.env.TMPDIR = tmp;
mkdirSync(tmp);
let node = 0;
const streams = () => itemStreams(blobs, { accountId: 'acct_bench', runId: 'run_bench', nodeId: `n${node++}`, generation: 0, attempt: 1 }, 128 * 1024);
const ctx = () => ({ items: streams(), signal: new AbortController().signal }) as unknown as NodeContext;

let peakHeap = 0;
let peakRss = 0;
const sample = () => {
  const m = process.memoryUsage();
  peakHeap = Math.max(peakHeap, m.heapUsed);
  peakRss = Math.max(peakRss, m.rss);
};
const sampler = setInterval(sample, 50);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  peakHeap = 0;
  peakRss = 0;
  const started = performance.now();
  const out = await fn();
  sample();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s, peak heap ${mb(peakHeap)}, peak RSS ${mb(peakRss)}`);
  return out;
}

const input = await timed(`store ${count.toLocaleString('en-US')} items`, async () => {
  const out = streams().writer('main');
  for (let i = 0; i < count; i++) await out.write({ id: i, key: (i * 7919) % 5003, name: `item-${(i * 31) % 1000}` });
  return (await out.finish()) as ListRef;
});

const sorted = await timed('io.sort (key desc, name asc)', async () => {
  const result = await ioSort.execute!(ctx(), { params: ioSort.params.parse({ by: [{ field: 'key', order: 'desc' }, { field: 'name' }] }), inputs: { up: input } });
  return result.output.main as ListRef;
});
if (!isItemListRef(sorted)) throw new Error('the sorted list was not stored');

await timed('check the order', async () => {
  let n = 0;
  let prev: { id: number; key: number; name: string } | undefined;
  for await (const item of streams().read(sorted) as AsyncIterable<{ id: number; key: number; name: string }>) {
    if (prev) {
      const order = prev.key !== item.key ? prev.key > item.key : prev.name !== item.name ? prev.name.localeCompare(item.name) < 0 : prev.id < item.id;
      if (!order) throw new Error(`out of order at ${n}: ${JSON.stringify(prev)} then ${JSON.stringify(item)}`);
    }
    prev = item;
    n += 1;
  }
  if (n !== count) throw new Error(`${n} items, ${count} expected`);
});

const reversed = await timed('io.item_lists reverse', async () => {
  const result = await ioItemLists.execute!(ctx(), { params: ioItemLists.params.parse({ operation: 'reverse' }), inputs: { up: sorted } });
  return result.output.main as ListRef;
});

await timed('check the reverse', async () => {
  // The sorted list read backwards: its ids, one run of 200,000 at a time, compared from the end.
  const ids: number[] = [];
  for await (const item of streams().read(sorted) as AsyncIterable<{ id: number }>) ids.push(item.id);
  let i = ids.length;
  for await (const item of streams().read(reversed) as AsyncIterable<{ id: number }>) {
    if (item.id !== ids[--i]) throw new Error(`reverse differs at ${ids.length - 1 - i}`);
  }
  if (i !== 0) throw new Error('reverse is short');
});

clearInterval(sampler);
const left = readdirSync(tmp);
rmSync(dir, { recursive: true, force: true });
if (left.length > 0) throw new Error(`temp files left: ${left.join(', ')}`);
console.log('ok: sorted and reversed, no temp file left');
