import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { z } from 'zod';
import { type NodeContext, type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { listWriter } from '../../_lib/items';
import { fileInput, isFileRef, withWorkspace, type FileParam } from '../../_lib/media';
import { arrayElements, ndjsonValues } from './json-items';

/** A document whose top level is not an array is parsed whole: it may be this long. */
const MAX_WHOLE_BYTES = 10_000_000;

const params = z.object({
  text: z.string().max(MAX_WHOLE_BYTES).optional().describe('JSON text to parse; or set `file`. When both are omitted, the upstream value is used (text, or a file reference).'),
  file: fileInput('A JSON (or NDJSON) file: a top-level array is read element by element as it comes (no size limit; a long list is stored one element per line); any other top level is parsed whole, up to 10 MB'),
  ndjson: z.boolean().default(false).describe('The input is NDJSON (one JSON value per line, blank lines skipped): `main` = the list of values, read line by line.'),
  on_error: z.enum(['fail', 'null']).default('fail').describe('Fail the node on invalid JSON, or emit null. A file read element by element always fails on a bad element.'),
  max_items: z.number().int().min(1).max(100_000_000).default(1_000_000).describe('Fail when a file\'s top-level array (or NDJSON) holds more elements.'),
});

type Params = z.output<typeof params>;

/** Whether a file's first significant character (after a BOM and white space) opens an array. */
async function startsWithArray(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    for (let at = 0; ; ) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, at);
      if (bytesRead === 0) return false;
      const text = buffer.subarray(0, bytesRead).toString('latin1').replace(/^\u00ef\u00bb\u00bf/, '');
      const first = text.search(/[^ \t\r\n]/);
      if (first !== -1) return text[first] === '[';
      at += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

/**
 * A JSON file: a top-level array (or NDJSON) written element by element as it is read, a long
 * list stored rather than held; any other top level parsed whole, within MAX_WHOLE_BYTES.
 */
async function parseFile(ctx: NodeContext, file: NonNullable<FileParam>, p: Params): Promise<unknown> {
  return withWorkspace(ctx, async (ws) => {
    const path = await ws.input(file, 'file');
    if (!p.ndjson && !(await startsWithArray(path))) {
      const { size } = await stat(path);
      if (size > MAX_WHOLE_BYTES) throw new NodeError(`a JSON document whose top level is not an array is parsed whole: this one is ${size} bytes, more than ${MAX_WHOLE_BYTES}`, { type: 'invalid_input' });
      return parseWhole((await readFile(path, 'utf8')).replace(/^\uFEFF/, ''), p);
    }
    const items = listWriter(ctx, 'main');
    const values = p.ndjson ? ndjsonValues(createReadStream(path)) : arrayElements(createReadStream(path));
    for await (const value of values) {
      if (items.count >= p.max_items) throw new NodeError(`the JSON holds more than ${p.max_items} elements`, { type: 'invalid_input' });
      await items.write(value);
    }
    return items.finish();
  });
}

function parseWhole(text: string, p: Params): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    if (p.on_error === 'null') return null;
    throw new NodeError(`invalid JSON: ${(err as Error).message}`, { type: 'invalid_input' });
  }
}

async function parseNdjsonText(text: string, p: Params): Promise<unknown> {
  const values: unknown[] = [];
  try {
    for await (const value of ndjsonValues([text])) values.push(value);
  } catch (err) {
    if (p.on_error === 'null') return null;
    throw err;
  }
  return values;
}

export const ioJsonParse: NodeDefinition<typeof params> = {
  type: 'io.json_parse',
  version: 1,
  category: 'io',
  subcategory: 'formats',
  name: 'Parse JSON',
  description: 'Parses JSON text into a value; `main` = the value. Invalid JSON fails the node with the parser\'s message (or yields null with on_error = null). The JSON may also be a file (a file reference, an Atelier file URL or an https URL): a top-level array, or NDJSON with `ndjson`, is read element by element as it comes and a long list is stored one element per line and passed on by reference, so a file of any size parses in bounded memory; a bad element fails the node naming its index and where it starts. A file whose top level is not an array is parsed whole (up to 10 MB).',
  tags: ['json', 'parse', 'format', 'ndjson'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The parsed value; for a file\'s top-level array, its elements (stored when long)' }],
  execution: 'local',
  streams: true,
  async execute(ctx, { params: p, inputs }) {
    const upstream = Object.values(inputs).length === 1 ? Object.values(inputs)[0] : undefined;
    const text = p.text ?? (p.file === undefined && typeof upstream === 'string' && !isFileRef(upstream) ? upstream : undefined);
    if (text === undefined) {
      const file = p.file ?? (isFileRef(upstream) ? (upstream as FileParam) : undefined);
      if (file === undefined) throw new NodeError('no JSON: set `text` or `file`, or connect a node that emits text or a file', { type: 'missing_input' });
      return { output: { main: await parseFile(ctx, file, p) } };
    }
    return { output: { main: p.ndjson ? await parseNdjsonText(text, p) : parseWhole(text, p) } };
  },
};
