// Sorting and reversing lists larger than memory: the items go to temp NDJSON files in runs of
// bounded size (sorted, for a sort), then come back in order — a k-way merge of the sorted runs
// through a small binary heap, or the runs read last to first. Only one run (at most `runBytes` of
// JSON text or `runItems` items) is held at a time, plus a read buffer per open run. The temp folder
// lives under the OS temp directory (`TMPDIR`) and is removed when the reading ends: done, failed,
// cancelled or stopped early.
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';

export interface RunOptions {
  /** JSON text (UTF-16 code units, about bytes) held before a run is written out. */
  runBytes?: number;
  /** Items held before a run is written out (many tiny items cost more than their text). */
  runItems?: number;
  /** Runs merged at once; more runs are first merged in groups of this many. */
  fanIn?: number;
  /** Where the temp folder is made (default: the OS temp directory). */
  dir?: string;
  /** Stops the work between runs and while merging. */
  signal?: AbortSignal;
}

export const RUN_BYTES = 16 * 1024 * 1024;
export const RUN_ITEMS = 100_000;
export const FAN_IN = 64;

/** The sort keys of an item and how two items' keys compare (ties resolved by input order). */
export interface SortKeys {
  keysOf(item: unknown): unknown[];
  compare(a: unknown[], b: unknown[]): number;
}

/** A run file being written: lines (without their `\n`) go in batches. */
interface RunWriter {
  path: string;
  add(lines: string[]): Promise<void>;
  end(): Promise<void>;
}

/** A temp folder of run files, made on the first run, removed by `close`. */
class RunFiles {
  private dir?: string;
  private count = 0;

  constructor(private readonly parent: string) {}

  async create(): Promise<RunWriter> {
    this.dir ??= await mkdtemp(join(this.parent, 'atelier-runs-'));
    const path = join(this.dir, `run-${this.count++}.ndjson`);
    const file = await open(path, 'w');
    return {
      path,
      async add(lines) {
        for (let i = 0; i < lines.length; i += 4096) await file.write(`${lines.slice(i, i + 4096).join('\n')}\n`);
      },
      end: () => file.close(),
    };
  }

  /** Writes one whole run and returns its path. */
  async write(lines: string[]): Promise<string> {
    const run = await this.create();
    try {
      await run.add(lines);
    } finally {
      await run.end();
    }
    return run.path;
  }

  async close(): Promise<void> {
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }
}

/** The lines of a run file, as they are read. */
async function* readLines(path: string): AsyncGenerator<string> {
  const stream = createReadStream(path, { highWaterMark: 64 * 1024 });
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const text = rest + decoder.write(chunk);
      let start = 0;
      for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
        yield text.slice(start, nl);
        start = nl + 1;
      }
      rest = text.slice(start);
    }
  } finally {
    stream.destroy();
  }
}

/** One run as it is held: each item's JSON line and, for a sort, its keys. */
interface Run {
  lines: string[];
  keys: unknown[][];
}

/** Cuts a list into runs: `flush` gets each full run, then the last one (maybe empty). */
async function inRuns(items: Iterable<unknown> | AsyncIterable<unknown>, opts: RunOptions, keysOf: ((item: unknown) => unknown[]) | undefined, flush: (run: Run, last: boolean) => Promise<void>): Promise<void> {
  const maxBytes = opts.runBytes ?? RUN_BYTES;
  const maxItems = opts.runItems ?? RUN_ITEMS;
  let run: Run = { lines: [], keys: [] };
  let bytes = 0;
  for await (const item of items) {
    const line = JSON.stringify(item) ?? 'null';
    run.lines.push(line);
    if (keysOf) run.keys.push(keysOf(item));
    bytes += line.length + 1;
    if (bytes >= maxBytes || run.lines.length >= maxItems) {
      opts.signal?.throwIfAborted();
      await flush(run, false);
      run = { lines: [], keys: [] };
      bytes = 0;
    }
  }
  await flush(run, true);
}

interface HeapEntry {
  keys: unknown[];
  item: unknown;
  line: string;
  /** The run it came from: equal keys come out in run order, which is input order. */
  run: number;
  next: AsyncGenerator<string>;
}

/** A binary min-heap of the runs' current items. */
class RunHeap {
  readonly entries: HeapEntry[] = [];

  constructor(private readonly less: (a: HeapEntry, b: HeapEntry) => boolean) {}

  push(entry: HeapEntry) {
    const h = this.entries;
    h.push(entry);
    for (let i = h.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (!this.less(h[i]!, h[parent]!)) break;
      [h[i], h[parent]] = [h[parent]!, h[i]!];
      i = parent;
    }
  }

  pop(): HeapEntry | undefined {
    const h = this.entries;
    const top = h[0];
    const last = h.pop();
    if (h.length === 0 || !last) return top;
    h[0] = last;
    for (let i = 0; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let min = i;
      if (l < h.length && this.less(h[l]!, h[min]!)) min = l;
      if (r < h.length && this.less(h[r]!, h[min]!)) min = r;
      if (min === i) break;
      [h[i], h[min]] = [h[min]!, h[i]!];
      i = min;
    }
    return top;
  }
}

/** Merges sorted run files into one sorted sequence of {item, line}; stable across runs. */
async function* mergeRuns(paths: string[], sort: SortKeys, signal?: AbortSignal): AsyncGenerator<{ item: unknown; line: string }> {
  const heap = new RunHeap((a, b) => {
    const c = sort.compare(a.keys, b.keys);
    return c < 0 || (c === 0 && a.run < b.run);
  });
  const readers = paths.map((path) => readLines(path));
  const advance = async (run: number, next: AsyncGenerator<string>) => {
    const read = await next.next();
    if (read.done) return;
    const item = JSON.parse(read.value) as unknown;
    heap.push({ keys: sort.keysOf(item), item, line: read.value, run, next });
  };
  try {
    for (const [run, next] of readers.entries()) await advance(run, next);
    let n = 0;
    for (let top = heap.pop(); top; top = heap.pop()) {
      if (++n % 10_000 === 0) signal?.throwIfAborted();
      yield top;
      await advance(top.run, top.next);
    }
  } finally {
    await Promise.all(readers.map((r) => r.return(undefined)));
  }
}

/**
 * The items in the order of `sort` (stable: equal keys keep their input order). A list that fits
 * in one run is sorted in memory; a longer one is sorted run by run into temp files and merged.
 */
export async function* sortedItems(items: Iterable<unknown> | AsyncIterable<unknown>, sort: SortKeys, opts: RunOptions = {}): AsyncGenerator<unknown> {
  const files = new RunFiles(opts.dir ?? tmpdir());
  const fanIn = Math.max(2, opts.fanIn ?? FAN_IN);
  let runs: string[] = [];
  try {
    let whole: string[] | undefined;
    await inRuns(items, opts, sort.keysOf, async (run, last) => {
      // Array.prototype.sort is stable, so equal keys keep their order within a run.
      const order = run.keys.map((keys, i) => ({ keys, i })).sort((a, b) => sort.compare(a.keys, b.keys));
      const lines = order.map((o) => run.lines[o.i]!);
      if (last && runs.length === 0) whole = lines;
      else if (lines.length > 0) runs.push(await files.write(lines));
    });
    if (whole) {
      for (const line of whole) yield JSON.parse(line) as unknown;
      return;
    }
    // Too many runs to read at once: neighbouring groups merge into longer runs (order kept).
    while (runs.length > fanIn) {
      const merged: string[] = [];
      for (let i = 0; i < runs.length; i += fanIn) {
        const group = runs.slice(i, i + fanIn);
        if (group.length === 1) {
          merged.push(group[0]!);
          continue;
        }
        const out = await files.create();
        try {
          let lines: string[] = [];
          for await (const { line } of mergeRuns(group, sort, opts.signal)) {
            lines.push(line);
            if (lines.length === 4096) {
              await out.add(lines);
              lines = [];
            }
          }
          await out.add(lines);
        } finally {
          await out.end();
        }
        await Promise.all(group.map((p) => rm(p, { force: true })));
        merged.push(out.path);
      }
      runs = merged;
    }
    for await (const { item } of mergeRuns(runs, sort, opts.signal)) yield item;
  } finally {
    await files.close();
  }
}

/** The items last to first: runs written out in input order, read back from the last one. */
export async function* reversedItems(items: Iterable<unknown> | AsyncIterable<unknown>, opts: RunOptions = {}): AsyncGenerator<unknown> {
  const files = new RunFiles(opts.dir ?? tmpdir());
  const runs: string[] = [];
  let tail: string[] = [];
  try {
    await inRuns(items, opts, undefined, async (run, last) => {
      if (last) tail = run.lines;
      else runs.push(await files.write(run.lines));
    });
    const backwards = function* (lines: string[]) {
      for (let i = lines.length - 1; i >= 0; i--) yield JSON.parse(lines[i]!) as unknown;
    };
    yield* backwards(tail);
    for (let r = runs.length - 1; r >= 0; r--) {
      opts.signal?.throwIfAborted();
      const lines: string[] = [];
      for await (const line of readLines(runs[r]!)) lines.push(line);
      yield* backwards(lines);
    }
  } finally {
    await files.close();
  }
}
