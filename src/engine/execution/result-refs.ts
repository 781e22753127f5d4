// The executor's side of the claim check (src/engine/contract/result-ref.ts): large result ports are
// written to the blob store before the node reports, and references in a node's params and inputs
// are loaded (and checked) before it runs. Only activities touch the bytes; the workflow carries
// references.
import { createHash } from 'node:crypto';
import type { BlobStore } from '../../storage/blob-store';
import { isItemListRef, isResultRef, RESULT_REF_KEY, withTemplatesAt, type ResultRef } from '../contract/result-ref';
import { lookupRef, parseTemplateRef, resolveTemplates } from '../contract/templates';
import { readItems } from './item-streams';
import { assertOwnRef, PREVIEW_CHARS, refError, resultKey } from './result-keys';
import type { ExecuteNodeInput } from '../contract/run-contract';

export { assertOwnRef, isRunResultKey, PREVIEW_CHARS, refError, resultKey, runResultsPrefix } from './result-keys';

/**
 * The node's output with its largest ports stored as blobs (largest first) until what stays inline
 * is at most `maxInlineBytes`. Returns the output unchanged when it already fits.
 */
export async function storeLargePorts(
  blobs: BlobStore,
  input: Pick<ExecuteNodeInput, 'accountId' | 'runId' | 'generation'> & { nodeId: string; attempt: number },
  output: Record<string, unknown>,
  totalBytes: number,
  maxInlineBytes: number,
): Promise<Record<string, unknown>> {
  if (totalBytes <= maxInlineBytes) return output;
  const ports = Object.entries(output)
    .map(([port, value]) => ({ port, json: JSON.stringify(value) ?? 'null' }))
    .sort((a, b) => b.json.length - a.json.length);
  const stored: Record<string, unknown> = { ...output };
  let remaining = totalBytes;
  for (const { port, json } of ports) {
    if (remaining <= maxInlineBytes) break;
    const bytes = Buffer.from(json, 'utf8');
    const key = resultKey(input.accountId, input.runId, input.nodeId, input.generation, input.attempt, port);
    await blobs.put(key, bytes);
    const ref: ResultRef = {
      [RESULT_REF_KEY]: { v: 1, key, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') },
      preview: json.length > PREVIEW_CHARS ? `${json.slice(0, PREVIEW_CHARS)}…` : json,
    };
    stored[port] = ref;
    remaining -= bytes.length - Buffer.byteLength(JSON.stringify(ref), 'utf8');
  }
  return stored;
}

/** Reads a reference's bytes, refusing one outside the account or whose bytes do not match. */
export async function readResultRef(blobs: BlobStore, accountId: string, ref: ResultRef): Promise<Buffer> {
  const { key, bytes, sha256 } = ref[RESULT_REF_KEY];
  assertOwnRef(accountId, key);
  const read = await blobs.open(key);
  if (!read) throw refError(`result reference ${key} points to no stored result (deleted or never written)`);
  const chunks: Buffer[] = [];
  for await (const chunk of read.body) chunks.push(chunk as Buffer);
  const data = Buffer.concat(chunks);
  if (data.length !== bytes || createHash('sha256').update(data).digest('hex') !== sha256) {
    throw refError(`result reference ${key} does not match its stored bytes (sha256 or size differs)`);
  }
  return data;
}

/** The value a reference stands for, whole: a list stored one item per line is read into an array. */
async function loadRef(blobs: BlobStore, accountId: string, ref: ResultRef): Promise<unknown> {
  if (isItemListRef(ref)) {
    const items: unknown[] = [];
    for await (const item of readItems(blobs, accountId, ref)) items.push(item);
    return items;
  }
  return JSON.parse((await readResultRef(blobs, accountId, ref)).toString('utf8')) as unknown;
}

/**
 * `value` with every reference in it replaced by the value it stands for (loaded once per key);
 * with `keepLists`, references to lists stored one item per line stay as they are.
 */
export async function loadRefs(blobs: BlobStore, accountId: string, value: unknown, cache = new Map<string, unknown>(), keepLists = false): Promise<unknown> {
  if (keepLists && isItemListRef(value)) return value;
  if (isResultRef(value)) {
    const key = value[RESULT_REF_KEY].key;
    if (!cache.has(key)) cache.set(key, await loadRef(blobs, accountId, value));
    return cache.get(key);
  }
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) out.push(await loadRefs(blobs, accountId, item, cache, keepLists));
    return out;
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, item] of Object.entries(value)) out[k] = await loadRefs(blobs, accountId, item, cache, keepLists);
    return out;
  }
  return value;
}

/** A param string that is one template and nothing else (it resolves to the value itself). */
const WHOLE_TEMPLATE = /^\{\{([^{}]*)\}\}$/;

/**
 * A node's params and inputs with references loaded and the workflow's deferred templates resolved.
 * With `streams` (a node that reads lists as they come, through `ctx.items`), a list stored one item
 * per line stays a reference: on an input, or as a param that is one whole template naming it; a
 * template reaching inside such a list still loads it.
 */
export async function materialize(blobs: BlobStore, input: ExecuteNodeInput, opts: { streams?: boolean } = {}): Promise<{ params: Record<string, unknown>; inputs: Record<string, unknown> }> {
  const cache = new Map<string, unknown>();
  const keepLists = opts.streams === true;
  let params = input.params;
  const { deferred } = input;
  if (deferred && deferred.templates.length > 0) {
    let outputs: Record<string, Record<string, unknown>> | undefined;
    const filled = new Map<string, unknown>();
    for (const d of deferred.templates) {
      const whole = keepLists ? WHOLE_TEMPLATE.exec(d.template) : null;
      const ref = whole ? parseTemplateRef(whole[1] ?? '') : null;
      const target = ref ? lookupRef(ref, { outputs: deferred.outputs, variables: deferred.variables }) : undefined;
      if (isItemListRef(target)) {
        filled.set(d.template, target);
        continue;
      }
      outputs ??= (await loadRefs(blobs, input.accountId, deferred.outputs, cache)) as Record<string, Record<string, unknown>>;
      filled.set(d.template, resolveTemplates(d.template, { outputs, variables: deferred.variables }));
    }
    params = withTemplatesAt(params, deferred.templates, (d) => filled.get(d.template));
  }
  params = (await loadRefs(blobs, input.accountId, params, cache, keepLists)) as Record<string, unknown>;
  const inputs = (await loadRefs(blobs, input.accountId, input.inputs, cache, keepLists)) as Record<string, unknown>;
  return { params, inputs };
}

/** The keys of every reference anywhere in `value`, added to `into`. */
function collectRefKeys(value: unknown, into: Set<string>): Set<string> {
  if (isResultRef(value)) into.add(value[RESULT_REF_KEY].key);
  else if (Array.isArray(value)) for (const item of value) collectRefKeys(item, into);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) collectRefKeys(item, into);
  return into;
}

/**
 * Refuses a node output that carries a reference the engine did not make: one this attempt wrote
 * (its own result keys) or one the node was handed (an upstream list it passes on). A node that
 * returns a hand-made `$atelier_ref` fails, so no reader is ever asked to follow it.
 */
export function assertCreatedRefs(output: Record<string, unknown>, input: Pick<ExecuteNodeInput, 'accountId' | 'runId' | 'generation' | 'params' | 'inputs' | 'deferred'> & { nodeId: string; attempt: number }): void {
  const found = collectRefKeys(output, new Set());
  if (found.size === 0) return;
  const own = resultKey(input.accountId, input.runId, input.nodeId, input.generation, input.attempt, '').slice(0, -'.json'.length);
  const handed = collectRefKeys([input.params, input.inputs, input.deferred?.outputs], new Set());
  for (const key of found) {
    if (!key.startsWith(own) && !handed.has(key)) throw refError(`the node's output carries a result reference the engine did not create (${key})`);
  }
}

/**
 * `body` passed through while its SHA-256 is taken; the last chunk is held back until the whole
 * digest matches `sha256`, so a reader whose bytes differ never receives all of them (it sees an error).
 */
export async function* verifiedBody(body: AsyncIterable<Buffer>, sha256: string): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  let held: Buffer | undefined;
  for await (const chunk of body) {
    if (held) yield held;
    hash.update(chunk);
    held = chunk;
  }
  if (hash.digest('hex') !== sha256) throw refError('a stored result does not match its reference (sha256 differs)');
  if (held) yield held;
}

/**
 * A stored port's bytes as the JSON of its value: a list stored one item per line becomes a JSON
 * array as it streams (each line's `\n` a comma, brackets around), other ports pass as stored.
 */
export function storedAsJson(ref: ResultRef, body: AsyncIterable<Buffer>, bytes: number): { body: AsyncIterable<Buffer>; bytes: number } {
  if (ref[RESULT_REF_KEY].format !== 'ndjson') return { body, bytes };
  async function* array(): AsyncGenerator<Buffer> {
    yield Buffer.from('[');
    let held = false;
    for await (const chunk of body) {
      const out = Buffer.from(chunk);
      // A line's end is a comma unless it is the last: the last byte waits for the next chunk.
      if (held) yield Buffer.from(',');
      held = out.length > 0 && out[out.length - 1] === 0x0a;
      for (let i = 0; i < out.length - (held ? 1 : 0); i++) if (out[i] === 0x0a) out[i] = 0x2c;
      yield held ? out.subarray(0, out.length - 1) : out;
    }
    yield Buffer.from(']');
  }
  return { body: array(), bytes: bytes === 0 ? 2 : bytes + 1 };
}
