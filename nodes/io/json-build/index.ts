import { z } from 'zod';
import { isItemListRef, type ListRef, type NodeContext, type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { eachItem, isRecord, valueFrom } from '../../_lib/items';
import { withWorkspace } from '../../_lib/media';

const params = z.object({
  value: z.unknown().optional().describe('The value to serialise; defaults to the upstream value (a long list an upstream node stored is written to a file as it is read).'),
  indent: z.number().int().min(0).max(8).default(0).describe('Spaces of indentation (0 = compact).'),
  sort_keys: z.boolean().default(false).describe('Write object keys in sorted order (canonical JSON).'),
  ndjson: z.boolean().default(false).describe('Write a list as NDJSON (one compact JSON value per line) instead of one JSON array; a value that is not a list is its one line.'),
  to_file: z.boolean().default(false).describe('Store the JSON as a file: `main` = {url, mime, size, expires_at, bytes} instead of {text, bytes}. A long stored list is always written to a file, as it is read: {url, mime, size, expires_at, items}.'),
});

type Params = z.output<typeof params>;

const sorted = (v: unknown): unknown => (Array.isArray(v) ? v.map(sorted) : isRecord(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])])) : v);

/** Bytes gathered before they go to the upload. */
const CHUNK_CHARS = 256 * 1024;

/** One element as it stands inside the written array or NDJSON (what JSON.stringify of the whole list would write). */
function elementText(item: unknown, p: Params): string {
  const value = p.sort_keys ? sorted(item) : item;
  if (p.ndjson || !p.indent) return JSON.stringify(value ?? null);
  const pad = ' '.repeat(p.indent);
  return `${pad}${JSON.stringify(value ?? null, null, p.indent).replaceAll('\n', `\n${pad}`)}`;
}

/** A stored list written as a JSON array (or NDJSON) file while it is read. */
async function buildFile(ctx: NodeContext, source: ListRef, p: Params) {
  if (!ctx.items) throw new NodeError('this run cannot write a file from a stored list', { type: 'invalid_input' });
  let items = 0;
  async function* body(): AsyncGenerator<Buffer> {
    const open = p.ndjson ? '' : p.indent ? '[\n' : '[';
    const between = p.ndjson ? '\n' : p.indent ? ',\n' : ',';
    let pending = '';
    for await (const item of eachItem(ctx, source)) {
      pending += `${items === 0 ? open : between}${elementText(item, p)}`;
      items += 1;
      if (pending.length >= CHUNK_CHARS) {
        yield Buffer.from(pending, 'utf8');
        pending = '';
      }
    }
    pending += p.ndjson ? (items > 0 ? '\n' : '') : items === 0 ? '[]' : p.indent ? '\n]' : ']';
    yield Buffer.from(pending, 'utf8');
  }
  const stored = await ctx.items.file(`${ctx.nodeId}.${p.ndjson ? 'ndjson' : 'json'}`, body());
  return { ...stored, items };
}

export const ioJsonBuild: NodeDefinition<typeof params> = {
  type: 'io.json_build',
  version: 1,
  category: 'io',
  subcategory: 'formats',
  name: 'Build JSON',
  description: 'Serialises a value to JSON text, compact or indented, optionally with sorted keys; `main` = {text, bytes}, or with `to_file` a JSON file {url, mime, size, expires_at, bytes}; `ndjson` writes a list one value per line. A long list an upstream node stored is written to a file as it is read (bounded memory): {url, mime, size, expires_at, items}.',
  tags: ['json', 'serialize', 'format', 'ndjson'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text, bytes}, or a file' }],
  execution: 'local',
  streams: true,
  async execute(ctx, { params: p, inputs }) {
    let value = valueFrom(p.value, inputs);
    if (isItemListRef(value)) return { output: { main: await buildFile(ctx, value as ListRef, p) } };
    let text: string;
    if (p.ndjson) {
      text = (Array.isArray(value) ? value : [value]).map((v) => `${elementText(v, p)}\n`).join('');
    } else {
      if (p.sort_keys) value = sorted(value);
      text = JSON.stringify(value ?? null, null, p.indent || undefined);
    }
    if (p.to_file) {
      const file = await withWorkspace(ctx, (ws) => ws.store(Buffer.from(text, 'utf8'), p.ndjson ? 'ndjson' : 'json'));
      return { output: { main: { ...file, bytes: Buffer.byteLength(text) } } };
    }
    return { output: { main: { text, bytes: Buffer.byteLength(text) } } };
  },
};
