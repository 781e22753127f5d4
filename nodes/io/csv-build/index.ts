import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { getPath, isRecord, itemsFrom, itemsParam } from '../../_lib/items';

const params = z.object({
  items: itemsParam(),
  columns: z.array(z.string().min(1)).max(1000).optional().describe('Columns (field paths) in order; defaults to the keys of the objects, in first-seen order.'),
  delimiter: z.string().min(1).max(5).default(',').describe('Field delimiter.'),
  header: z.boolean().default(true).describe('Write a header row.'),
  quote_all: z.boolean().default(false).describe('Quote every field (otherwise only where needed).'),
});

export const ioCsvBuild: NodeDefinition<typeof params> = {
  type: 'io.csv_build',
  version: 1,
  category: 'io',
  subcategory: 'formats',
  name: 'Build CSV',
  description: 'Writes a list of objects (or lists) as CSV text with proper quoting (csv-stringify); nested values are written as JSON. `main` = {text, rows}.',
  tags: ['csv', 'serialize', 'spreadsheet', 'format'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text, rows}' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const items = itemsFrom(p.items, inputs);
    const cell = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : v);
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
    return { output: { main: { text, rows: records.length } } };
  },
};
