import { z } from 'zod';
import { isItemListRef, jsonEqual, type NodeContext, type NodeDefinition } from '../../../src/engine/node-sdk';
import { allItems, canonicalKey, eachItem, itemSource, listWriter, streamedItemsParam, type ItemSource } from '../../_lib/items';
import { reversedItems } from '../../_lib/item-runs';

/** A filter keeping the first of structurally equal items (remembers one canonical key per distinct item). */
function firstOfEach(): (item: unknown) => boolean {
  const seen = new Set<string>();
  return (item) => {
    const key = canonicalKey(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
}

/** Writes items to output `main` as they come; its value is the list, inline or stored. */
async function written(ctx: NodeContext, items: Iterable<unknown> | AsyncIterable<unknown>, keep: (item: unknown) => boolean = () => true): Promise<{ main: unknown }> {
  const out = listWriter(ctx, 'main');
  for await (const item of items) if (keep(item)) await out.write(item);
  return { main: await out.finish() };
}

/** Operations on one stored list that stream it (zip needs every list at once and loads them). */
async function streamed(ctx: NodeContext, source: Exclude<ItemSource, unknown[]>, p: { operation: string; depth: number; size: number; value?: unknown }): Promise<{ main: unknown } | undefined> {
  switch (p.operation) {
    case 'length': return { main: source.$atelier_ref.items };
    case 'first': {
      for await (const item of eachItem(ctx, source)) return { main: item ?? null };
      return { main: null };
    }
    case 'last': {
      let last: unknown = null;
      for await (const item of eachItem(ctx, source)) last = item;
      return { main: last ?? null };
    }
    case 'flatten': case 'chunk': {
      const out = listWriter(ctx, 'main');
      let chunk: unknown[] = [];
      for await (const item of eachItem(ctx, source)) {
        if (p.operation === 'flatten') {
          for (const el of Array.isArray(item) ? item.flat(p.depth - 1) : [item]) await out.write(el);
          continue;
        }
        chunk.push(item);
        if (chunk.length === p.size) {
          await out.write(chunk);
          chunk = [];
        }
      }
      if (chunk.length) await out.write(chunk);
      return { main: await out.finish() };
    }
    case 'index_of': {
      let i = 0;
      for await (const item of eachItem(ctx, source)) {
        if (jsonEqual(item, p.value)) return { main: i };
        i += 1;
      }
      return { main: -1 };
    }
    case 'unique': return written(ctx, eachItem(ctx, source), firstOfEach());
    case 'reverse': return written(ctx, reversedItems(eachItem(ctx, source), { signal: ctx.signal }));
    default: return undefined;
  }
}

const params = z.object({
  operation: z.enum(['concat', 'zip', 'flatten', 'chunk', 'reverse', 'unique', 'first', 'last', 'length', 'index_of']).describe('concat/zip `lists`; flatten (by `depth`), chunk (into `size`), reverse, unique, first, last, length or index_of (`value`) of `items`.'),
  items: streamedItemsParam(),
  lists: z.array(z.array(z.unknown())).max(100).default([]).describe('The lists to concat or zip; when empty, the upstream inputs that are lists, in edge order.'),
  depth: z.number().int().min(1).max(100).default(1).describe('Levels flattened by `flatten`.'),
  size: z.number().int().min(1).max(100_000).default(10).describe('Chunk size for `chunk`.'),
  value: z.unknown().optional().describe('The value `index_of` looks for (structural equality).'),
});

export const ioItemLists: NodeDefinition<typeof params> = {
  type: 'io.item_lists',
  version: 1,
  category: 'io',
  subcategory: 'lists',
  name: 'Item lists',
  description: 'List utilities: concat or zip several lists, flatten, chunk, reverse, unique, first, last, length, index_of. Long lists upstream nodes stored stream through every operation but zip (which loads its lists): concat writes them one after the other, index_of stops at the first match, unique keeps one key per distinct item (memory grows with their number), reverse goes through temp files of up to 16 MB read back last to first.',
  tags: ['data', 'list', 'array'],
  params,
  inputs: [{ name: 'main', description: 'One or more lists (concat/zip take them all).' }],
  outputs: [{ name: 'main', description: 'The resulting list (or value for first, last, length, index_of).' }],
  execution: 'local',
  streams: true,
  async execute(ctx, { params: p, inputs: input }) {
    if (p.operation === 'concat' && p.lists.length === 0 && Object.values(input).some(isItemListRef)) {
      // The upstream lists one after the other, each read as it comes.
      const lists = Object.values(input).filter((v) => Array.isArray(v) || isItemListRef(v)) as ItemSource[];
      return { output: await written(ctx, (async function* () {
        for (const list of lists) yield* eachItem(ctx, list);
      })()) };
    }
    const source = itemSource(p.items, input);
    if (!Array.isArray(source)) {
      const done = await streamed(ctx, source, p);
      if (done) return { output: done };
    }
    // Inline lists, and zip: stored lists are read into memory first.
    const inputs: Record<string, unknown> = {};
    for (const [port, value] of Object.entries(input)) inputs[port] = isItemListRef(value) ? await allItems(ctx, value) : value;
    const items = await allItems(ctx, source);
    const itemsFrom = () => items;
    const lists = () => (p.lists.length ? p.lists : Object.values(inputs).filter(Array.isArray));
    let main: unknown;
    switch (p.operation) {
      case 'concat': main = lists().flat(); break;
      case 'zip': {
        const ls = lists();
        const n = Math.max(0, ...ls.map((l) => l.length));
        main = Array.from({ length: n }, (_, i) => ls.map((l) => l[i] ?? null));
        break;
      }
      case 'flatten': main = itemsFrom().flat(p.depth); break;
      case 'chunk': {
        const items = itemsFrom();
        const out: unknown[][] = [];
        for (let i = 0; i < items.length; i += p.size) out.push(items.slice(i, i + p.size));
        main = out;
        break;
      }
      case 'reverse': main = [...itemsFrom()].reverse(); break;
      case 'unique': main = itemsFrom().filter(firstOfEach()); break;
      case 'first': main = itemsFrom()[0] ?? null; break;
      case 'last': main = itemsFrom().at(-1) ?? null; break;
      case 'length': main = itemsFrom().length; break;
      case 'index_of': main = itemsFrom().findIndex((i) => jsonEqual(i, p.value)); break;
    }
    return { output: { main } };
  },
};
