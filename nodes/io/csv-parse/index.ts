import { createReadStream } from 'node:fs';
import { parse as parseStream, type Options } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { listWriter } from '../../_lib/items';
import { fileInput, isFileRef, withWorkspace, type FileParam } from '../../_lib/media';

const params = z.object({
  text: z.string().max(20_000_000).optional().describe('CSV text; or set `file`. When both are omitted, the upstream value is used (text, or a file reference).'),
  file: fileInput('A CSV file, read as it comes (no size limit; the rows are stored one per line when long)'),
  delimiter: z.string().min(1).max(5).default(',').describe('Field delimiter (`;`, `\\t`…).'),
  header: z.boolean().default(true).describe('The first row names the columns: rows become objects. False: rows are lists.'),
  columns: z.array(z.string().min(1)).max(1000).optional().describe('Column names to use instead of a header row.'),
  cast: z.boolean().default(false).describe('Turn numeric fields into numbers (and `true`/`false` into booleans).'),
  skip_empty_lines: z.boolean().default(true).describe('Ignore blank lines.'),
  trim: z.boolean().default(true).describe('Trim white space around unquoted fields.'),
  max_rows: z.number().int().min(1).max(100_000_000).default(100_000).describe('Fail when the CSV holds more rows.'),
});

const castValue = (value: string) => {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value !== '' && /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(value)) return Number(value);
  return value;
};

/** A CSV file parsed as it is read (csv-parse's stream), each row written as it comes: long lists are stored, not held. */
async function parseFile(ctx: Parameters<typeof listWriter>[0] & Parameters<typeof withWorkspace>[0], file: NonNullable<FileParam>, options: Options, maxRows: number): Promise<unknown> {
  return withWorkspace(ctx, async (ws) => {
    const path = await ws.input(file, 'file');
    const rows = listWriter(ctx, 'main');
    try {
      for await (const row of createReadStream(path).pipe(parseStream(options)) as AsyncIterable<unknown>) {
        if (rows.count >= maxRows) throw new NodeError(`CSV has more than ${maxRows} rows`, { type: 'invalid_input' });
        await rows.write(row);
      }
    } catch (err) {
      // csv-parse's own errors (CSV_…) are the file's fault; anything else (the store) is not.
      if (!String((err as { code?: unknown }).code ?? '').startsWith('CSV_')) throw err;
      throw new NodeError(`invalid CSV: ${(err as Error).message}`, { type: 'invalid_input' });
    }
    return rows.finish();
  });
}

export const ioCsvParse: NodeDefinition<typeof params> = {
  type: 'io.csv_parse',
  version: 1,
  category: 'io',
  subcategory: 'formats',
  name: 'Parse CSV',
  description: 'Parses CSV (RFC 4180: quotes, escaped quotes, embedded new lines) into rows, objects keyed by the header by default (csv-parse); `main` = the rows. The CSV is text, or a file (a file reference, an Atelier file URL or an https URL) read as it comes: a long list of rows is stored one row per line and passed on by reference, so a file of any size parses in bounded memory.',
  tags: ['csv', 'parse', 'spreadsheet', 'format'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The rows: objects (header/columns) or lists.' }],
  execution: 'local',
  streams: true,
  async execute(ctx, { params: p, inputs }) {
    const options: Options = {
      delimiter: p.delimiter === '\\t' ? '\t' : p.delimiter,
      columns: p.columns ?? p.header,
      skip_empty_lines: p.skip_empty_lines,
      trim: p.trim,
      bom: true,
      relax_column_count: false,
      to: p.max_rows + 1,
      cast: p.cast ? (value: string, context: { quoting: boolean }) => (context.quoting ? value : castValue(value)) : false,
    };
    const upstream = Object.values(inputs).length === 1 ? Object.values(inputs)[0] : undefined;
    const text = p.text ?? (p.file === undefined && typeof upstream === 'string' ? upstream : undefined);
    if (text === undefined) {
      const file = p.file ?? (isFileRef(upstream) ? (upstream as FileParam) : undefined);
      if (file === undefined) throw new NodeError('no CSV: set `text` or `file`, or connect a node that emits text or a file', { type: 'missing_input' });
      return { output: { main: await parseFile(ctx, file, options, p.max_rows) } };
    }
    let rows: unknown[];
    try {
      rows = parse(text, options) as unknown[];
    } catch (err) {
      throw new NodeError(`invalid CSV: ${(err as Error).message}`, { type: 'invalid_input' });
    }
    if (rows.length > p.max_rows) throw new NodeError(`CSV has more than ${p.max_rows} rows`, { type: 'invalid_input' });
    return { output: { main: rows } };
  },
};
