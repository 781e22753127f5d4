// The executor's side of the claim check (src/engine/contract/result-ref.ts): large result ports are
// written to the blob store before the node reports, and references in a node's params and inputs
// are loaded (and checked) before it runs. Only activities touch the bytes; the workflow carries
// references.
import { createHash } from 'node:crypto';
import type { BlobStore } from '../../storage/blob-store';
import { NodeError } from '../contract/node-error';
import { isResultRef, RESULT_REF_KEY, withTemplatesAt, type ResultRef } from '../contract/result-ref';
import { resolveTemplates } from '../contract/templates';
import type { ExecuteNodeInput } from '../contract/run-contract';

/** Characters of a stored value's JSON kept in its reference, for viewers and events. */
export const PREVIEW_CHARS = 240;

const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_');

/** Where a run's stored results live (also what deleting a run removes). */
export function runResultsPrefix(accountId: string, runId: string): string {
  return `${safe(accountId)}/run-results/${safe(runId)}/`;
}

/**
 * The blob key of one port of one attempt: the same on every retry of that attempt number, so a
 * retried write overwrites instead of leaving an orphan, and a later attempt never overwrites
 * bytes an earlier report may already point to.
 */
export function resultKey(accountId: string, runId: string, nodeId: string, generation: number, attempt: number, port: string): string {
  return `${runResultsPrefix(accountId, runId)}${safe(nodeId)}/${generation}-${attempt}-${safe(port)}.json`;
}

function refError(message: string): NodeError {
  return new NodeError(message, { type: 'result_ref_invalid', retryable: false });
}

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
  if (!key.startsWith(`${safe(accountId)}/run-results/`) || key.includes('..')) {
    throw refError(`result reference ${key} does not belong to this run's account`);
  }
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

/** `value` with every reference in it replaced by the value it stands for (loaded once per key). */
export async function loadRefs(blobs: BlobStore, accountId: string, value: unknown, cache = new Map<string, unknown>()): Promise<unknown> {
  if (isResultRef(value)) {
    const key = value[RESULT_REF_KEY].key;
    if (!cache.has(key)) cache.set(key, JSON.parse((await readResultRef(blobs, accountId, value)).toString('utf8')) as unknown);
    return cache.get(key);
  }
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) out.push(await loadRefs(blobs, accountId, item, cache));
    return out;
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, item] of Object.entries(value)) out[k] = await loadRefs(blobs, accountId, item, cache);
    return out;
  }
  return value;
}

/** A node's params and inputs with references loaded and the workflow's deferred templates resolved. */
export async function materialize(blobs: BlobStore, input: ExecuteNodeInput): Promise<{ params: Record<string, unknown>; inputs: Record<string, unknown> }> {
  const cache = new Map<string, unknown>();
  let params = input.params;
  if (input.deferred && input.deferred.templates.length > 0) {
    const outputs = (await loadRefs(blobs, input.accountId, input.deferred.outputs, cache)) as Record<string, Record<string, unknown>>;
    const scope = { outputs, variables: input.deferred.variables };
    params = withTemplatesAt(params, input.deferred.templates, (d) => resolveTemplates(d.template, scope));
  }
  params = (await loadRefs(blobs, input.accountId, params, cache)) as Record<string, unknown>;
  const inputs = (await loadRefs(blobs, input.accountId, input.inputs, cache)) as Record<string, unknown>;
  return { params, inputs };
}
