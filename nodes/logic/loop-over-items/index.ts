import { z } from 'zod';
import { isItemListRef, type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { allItems, itemSource, listRef, type ItemSource } from '../../_lib/items';
import { runSandboxed } from '../../_lib/sandbox';

/** A loop runs 1 to 1,000 iterations, one per item (an empty list runs none). */
export const MAX_LOOP_ITEMS = 1000;

const tooMany = (n: number) => `logic.loop_over_items runs at most ${MAX_LOOP_ITEMS.toLocaleString('en-US')} iterations (one per item); the list has ${n.toLocaleString('en-US')} items: split it first (logic.batch) or loop over a slice`;

const params = z.object({
  items: z.union([z.array(z.unknown()), listRef]).optional().superRefine((list, check) => {
    const n = isItemListRef(list) ? list.$atelier_ref.items : list?.length ?? 0;
    if (n > MAX_LOOP_ITEMS) check.addIssue({ code: 'custom', message: tooMany(n) });
  })
    .describe(`The list to loop over (at most ${MAX_LOOP_ITEMS.toLocaleString('en-US')} items), usually a template like \`{{fetch.output.main.body}}\`; when omitted, the single upstream value is used (an array, or an object's \`items\` array). A long list an upstream node stored is counted from its reference before it is read.`),
  code: z.string().min(1).max(100_000).describe('Body of `function (item, index, items, variables)`, run once per item in an isolated V8 sandbox; its JSON return value is the item\'s result. Returning `undefined` drops the item (map + filter in one).'),
  timeout_s: z.number().positive().max(30).default(5).describe('Wall-clock limit for the whole loop (max 30 s).'),
});

export const logicLoopOverItems: NodeDefinition<typeof params> = {
  type: 'logic.loop_over_items',
  version: 1,
  category: 'logic',
  subcategory: 'loop',
  name: 'Loop over items',
  description: 'Runs a piece of JavaScript once per item of a list (up to 1,000 items; an empty list runs none) in one isolated-vm sandbox (64 MB, no require/process/network) and collects the results; `main` = {results, count}. A throw fails the node with the item\'s index; a longer list fails it with `invalid_params`.',
  tags: ['loop', 'map', 'each', 'code'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{results, count}' }],
  execution: 'activity',
  reads: ['variables'],
  defaults: { maxAttempts: 1, timeoutS: 60 },
  streams: true,
  async execute(ctx, { params: p, inputs }) {
    const source = itemSource(p.items as ItemSource | undefined, inputs);
    // A list from the upstream value is only known now; `items` was checked with the params. A
    // stored list's length is in its reference: a long one is refused before it is read.
    const count = Array.isArray(source) ? source.length : source.$atelier_ref.items;
    if (count > MAX_LOOP_ITEMS) throw new NodeError(tooMany(count), { retryable: false, type: 'invalid_params' });
    const items = await allItems(ctx, source);
    const body = `const __items = inputs.items; const __fn = function (item, index, items, variables) {\n${p.code}\n};
      const results = [];
      for (let i = 0; i < __items.length; i++) {
        let r;
        try { r = await __fn(__items[i], i, __items, variables); } catch (e) { throw new Error('item ' + i + ': ' + (e && e.message ? e.message : String(e))); }
        if (r !== undefined) results.push(r);
      }
      return results;`;
    const results = (await runSandboxed(body, { inputs: { items }, variables: ctx.variables }, {
      timeoutMs: Math.round(p.timeout_s * 1000), signal: ctx.signal, log: (level, message) => ctx.log(level, message), accountId: ctx.accountId,
    })) as unknown[];
    return { output: { main: { results, count: results.length } } };
  },
};
