import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';

const params = z.object({
  text: z.string().max(20_000_000).describe('CSV text.'),
  delimiter: z.string().min(1).max(5).default(',').describe('Field delimiter (`;`, `\\t`…).'),
  header: z.boolean().default(true).describe('The first row names the columns: rows become objects. False: rows are lists.'),
  columns: z.array(z.string().min(1)).max(1000).optional().describe('Column names to use instead of a header row.'),
  cast: z.boolean().default(false).describe('Turn numeric fields into numbers (and `true`/`false` into booleans).'),
  skip_empty_lines: z.boolean().default(true).describe('Ignore blank lines.'),
  trim: z.boolean().default(true).describe('Trim white space around unquoted fields.'),
  max_rows: z.number().int().min(1).max(1_000_000).default(100_000).describe('Fail when the text holds more rows.'),
});

const castValue = (value: string) => {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value !== '' && /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(value)) return Number(value);
  return value;
};

export const ioCsvParse: NodeDefinition<typeof params> = {
  type: 'io.csv_parse',
  version: 1,
  category: 'io',
  subcategory: 'formats',
  name: 'Parse CSV',
  description: 'Parses CSV (RFC 4180: quotes, escaped quotes, embedded new lines) into rows, objects keyed by the header by default (csv-parse); `main` = the rows.',
  tags: ['csv', 'parse', 'spreadsheet', 'format'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The rows: objects (header/columns) or lists.' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    let rows: unknown[];
    try {
      rows = parse(p.text, {
        delimiter: p.delimiter === '\\t' ? '\t' : p.delimiter,
        columns: p.columns ?? p.header,
        skip_empty_lines: p.skip_empty_lines,
        trim: p.trim,
        bom: true,
        relax_column_count: false,
        to: p.max_rows + 1,
        cast: p.cast ? (value: string, context: { quoting: boolean }) => (context.quoting ? value : castValue(value)) : false,
      }) as unknown[];
    } catch (err) {
      throw new NodeError(`invalid CSV: ${(err as Error).message}`, { type: 'invalid_input' });
    }
    if (rows.length > p.max_rows) throw new NodeError(`CSV has more than ${p.max_rows} rows`, { type: 'invalid_input' });
    return { output: { main: rows } };
  },
};
