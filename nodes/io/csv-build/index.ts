import { once } from 'node:events';
import { stringify as stringifier } from 'csv-stringify';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { type NodeContext, type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { eachItem, getPath, isRecord, itemSource, streamedItemsParam, type ItemSource } from '../../_lib/items';
import { withWorkspace } from '../../_lib/media';

const params = z.object({
  items: streamedItemsParam(),
  columns: z.array(z.string().min(1)).max(1000).optional().describe('Columns (field paths) in order; defaults to the keys of the objects, in first-seen order.'),
  delimiter: z.string().min(1).max(5).default(',').describe('Field delimiter.'),
  header: z.boolean().default(true).describe('Write a header row.'),
  quote_all: z.boolean().default(false).describe('Quote every field (otherwise only where needed).'),
  to_file: z.boolean().default(false).describe('Store the CSV as a file: `main` = {url, mime, size, expires_at, rows} instead of {text, rows}. A long stored list is always written to a file, as it is read.'),
});

type Params = z.output<typeof params>;
const cell = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : v);

/** A stored list written as a CSV file while it is read (twice when the columns must be found first). */
async function buildFile(ctx: NodeContext, source: Exclude<ItemSource, unknown[]>, p: Params) {
  if (!ctx.items) throw new NodeError('this run cannot write a file from a stored list', { type: 'invalid_input' });
  let columns = p.columns;
  let lists = true;
  if (!columns) {
    const seen = new Set<string>();
    for await (const i of eachItem(ctx, source)) {
      if (!Array.isArray(i)) lists = false;
      if (isRecord(i)) for (const k of Object.keys(i)) seen.add(k);
    }
    if (!lists) columns = [...seen];
  }
  const csv = stringifier({ delimiter: p.delimiter === '\\t' ? '\t' : p.delimiter, header: p.header && columns !== undefined, columns, quoted: p.quote_all });
  const stored = ctx.items.file(`${ctx.nodeId}.csv`, csv);
  // The upload fails only if it stops reading: writing then waits no more.
  const failed = stored.then(() => undefined, () => undefined);
  let rows = 0;
  try {
    for await (const i of eachItem(ctx, source)) {
      const record = Array.isArray(i) ? i.map(cell) : (columns ?? []).map((c) => cell(getPath(i, c)));
      rows += 1;
      if (!csv.write(record)) await Promise.race([once(csv, 'drain'), failed]);
    }
    csv.end();
  } catch (err) {
    csv.destroy(err as Error);
    await stored.catch(() => undefined);
    throw err;
  }
  return { ...(await stored), rows };
}

export const ioCsvBuild: NodeDefinition<typeof params> = {
  type: 'io.csv_build',
  version: 1,
  category: 'io',
  subcategory: 'formats',
  name: 'Build CSV',
  description: 'Writes a list of objects (or lists) as CSV text with proper quoting (csv-stringify); nested values are written as JSON. `main` = {text, rows}, or with `to_file` a CSV file {url, mime, size, expires_at, rows}. A long list an upstream node stored is written to a file as it is read (bounded memory).',
  tags: ['csv', 'serialize', 'spreadsheet', 'format'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text, rows}' }],
  execution: 'local',
  streams: true,
  async execute(ctx, { params: p, inputs }) {
    const source = itemSource(p.items, inputs);
    if (!Array.isArray(source)) return { output: { main: await buildFile(ctx, source, p) } };
    const items = source;
    let records: unknown[][];
    let columns: string[] | undefined = p.columns;
    if (items.every((i) => Array.isArray(i))) {
      records = (items as unknown[][]).map((r) => r.map(cell));
    } else {
      if (!columns) {
        const seen = new Set<string>();
        for (const i of items) if (isRecord(i)) for (const k of Object.keys(i)) seen.add(k);
        columns = [...seen];
      }
      const cols = columns;
      records = items.map((i) => cols.map((c) => cell(getPath(i, c))));
    }
    const text = stringify(records, {
      delimiter: p.delimiter === '\\t' ? '\t' : p.delimiter,
      header: p.header && columns !== undefined,
      columns: columns,
      quoted: p.quote_all,
    });
    if (p.to_file) {
      const file = await withWorkspace(ctx, (ws) => ws.store(Buffer.from(text, 'utf8'), 'csv'));
      return { output: { main: { ...file, rows: records.length } } };
    }
    return { output: { main: { text, rows: records.length } } };
  },
};
