// Helpers shared by the automation and integration nodes (not a node folder: no subfolders here).
import { z } from 'zod';
import { isItemListRef, type ItemWriter, type ListRef, type NodeContext, NodeError, passThrough } from '../../src/engine/node-sdk';

/** The `items` param most list nodes take; when absent the list comes from the node's input. */
export const itemsParam = () =>
  z.array(z.unknown()).max(100_000).optional()
    .describe('The list to work on, usually a template like `{{fetch.output.main.body}}`; when omitted, the single upstream value is used (an array, or an object\'s `items` array).');

/** The list a node works on: `items` when given, else the upstream value (an array or `{items: []}`). */
export function itemsFrom(items: unknown[] | undefined, inputs: Record<string, unknown>): unknown[] {
  if (items) return items;
  const value = passThrough(inputs);
  if (Array.isArray(value)) return value;
  if (isRecord(value) && Array.isArray(value.items)) return value.items;
  if (value === undefined || (isRecord(value) && Object.keys(value).length === 0)) return [];
  return [value];
}

/** A stored list's reference, as a streaming node's `items` param may hold it. */
export const listRef = z.object({
  $atelier_ref: z.object({
    v: z.literal(1), key: z.string(), bytes: z.number().int().min(0), sha256: z.string(), format: z.literal('ndjson'), items: z.number().int().min(0),
  }).describe('Where the list is stored, its size, SHA-256 and item count.'),
  preview: z.string().describe('The start of the list, for people.'),
}).describe('A long list stored one item per line, as an upstream node emitted it (`{{node.output.main}}`): read as it comes.');

/** The `items` param of a node that streams: an inline list, or a stored list's reference (no length limit). */
export const streamedItemsParam = () =>
  z.union([z.array(z.unknown()).max(100_000), listRef]).optional()
    .describe('The list to work on, usually a template like `{{fetch.output.main.body}}`; when omitted, the single upstream value is used (an array, an object\'s `items` array, or a long list an upstream node stored, which is read as it comes).');

/** The list a streaming node works on: an array in memory, or a stored list read through `ctx.items`. */
export type ItemSource = unknown[] | ListRef;

/** Like itemsFrom, but a stored list (the param, the upstream value or its `items`) stays a reference. */
export function itemSource(items: unknown[] | ListRef | undefined, inputs: Record<string, unknown>): ItemSource {
  if (items) return items as ItemSource;
  const value = passThrough(inputs);
  if (isItemListRef(value)) return value;
  if (isRecord(value) && isItemListRef(value.items)) return value.items;
  return itemsFrom(undefined, inputs);
}

/** The items of a source, in order: the array itself, or the stored list read as it comes. */
export function eachItem(ctx: Pick<NodeContext, 'items'>, source: ItemSource): Iterable<unknown> | AsyncIterable<unknown> {
  if (Array.isArray(source)) return source;
  if (!ctx.items) throw new NodeError('this run cannot read a stored list (it started before lists were stored)', { type: 'invalid_input' });
  return ctx.items.read(source);
}

/** Every item of a source in one array (for operations that need them all at once). */
export async function allItems(ctx: Pick<NodeContext, 'items'>, source: ItemSource): Promise<unknown[]> {
  if (Array.isArray(source)) return source;
  const out: unknown[] = [];
  for await (const item of eachItem(ctx, source)) out.push(item);
  return out;
}

/** An ItemWriter holding its list in memory (when the run offers no `ctx.items`). */
class ArrayWriter implements ItemWriter {
  readonly list: unknown[] = [];
  get count() {
    return this.list.length;
  }
  write(item: unknown) {
    this.list.push(item === undefined ? null : item);
    return undefined;
  }
  finish() {
    return Promise.resolve(this.list);
  }
}

/** Where a streaming node writes output `port`: to the blob store as it goes (long lists), or to memory. */
export function listWriter(ctx: Pick<NodeContext, 'items'>, port: string): ItemWriter {
  return ctx.items?.writer(port) ?? new ArrayWriter();
}

/** The value a node works on: `value` when given, else the upstream value. */
export function valueFrom(value: unknown, inputs: Record<string, unknown>): unknown {
  return value !== undefined ? value : passThrough(inputs);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads `a.b.0.c` from a value (own properties only); undefined when the path leads nowhere. */
export function getPath(value: unknown, path: string): unknown {
  if (path === '' || path === '.') return value;
  let current: unknown = value;
  for (const key of path.split('.')) {
    if (Array.isArray(current)) current = /^\d+$/.test(key) ? current[Number(key)] : undefined;
    else if (isRecord(current)) current = Object.prototype.hasOwnProperty.call(current, key) ? current[key] : undefined;
    else return undefined;
  }
  return current;
}

const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/** Writes `a.b.c` into a plain object, creating objects on the way (never touches prototypes). */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  if (keys.some((k) => UNSAFE_KEYS.has(k) || k === '')) throw new NodeError(`invalid field path "${path}"`, { type: 'invalid_params' });
  let current: Record<string, unknown> = target;
  for (const key of keys.slice(0, -1)) {
    const next = current[key];
    if (!isRecord(next)) current[key] = {};
    current = current[key] as Record<string, unknown>;
  }
  current[keys.at(-1)!] = value;
}

/** Removes `a.b.c` from a plain object; no-op when absent. */
export function deletePath(target: Record<string, unknown>, path: string): void {
  const keys = path.split('.');
  let current: unknown = target;
  for (const key of keys.slice(0, -1)) {
    if (!isRecord(current)) return;
    current = current[key];
  }
  if (isRecord(current)) delete current[keys.at(-1)!];
}

/** A deep copy of a JSON value. */
export function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** Orders values: numbers numerically, strings by locale, then by type name; null/undefined last. */
export function compareValues(a: unknown, b: unknown): number {
  const an = a === undefined || a === null;
  const bn = b === undefined || b === null;
  if (an || bn) return an && bn ? 0 : an ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a.localeCompare(b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const as = typeof a === 'object' ? JSON.stringify(a) : String(a);
  const bs = typeof b === 'object' ? JSON.stringify(b) : String(b);
  return as.localeCompare(bs);
}

/** A string that is equal for structurally equal values (object keys in sorted order), strings lower-cased on request. */
export function canonicalKey(value: unknown, caseInsensitive = false): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical)
      : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]))
        : caseInsensitive && typeof v === 'string' ? v.toLowerCase() : v;
  return JSON.stringify(canonical(value)) ?? 'undefined';
}

/** Text of a value: strings as they are, others as JSON. */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** `new RegExp` that turns a bad pattern into a clear, non-retryable node error. */
export function regex(pattern: string, flags: string): RegExp {
  try {
    return new RegExp(pattern, flags);
  } catch (err) {
    throw new NodeError(`invalid regular expression: ${(err as Error).message}`, { type: 'invalid_params' });
  }
}
