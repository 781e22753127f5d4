// Where stored node results live in the blob store, and how a reference to one is refused: shared
// by the claim check (result-refs.ts) and item lists read and written as they come (item-streams.ts).
import { NodeError } from '../contract/node-error';

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
 * bytes an earlier report may already point to. Lists stored one item per line end in `.ndjson`.
 */
export function resultKey(accountId: string, runId: string, nodeId: string, generation: number, attempt: number, port: string, ext: 'json' | 'ndjson' = 'json'): string {
  return `${runResultsPrefix(accountId, runId)}${safe(nodeId)}/${generation}-${attempt}-${safe(port)}.${ext}`;
}

/** A reference that cannot be read as it claims: the node fails, not retried. */
export function refError(message: string): NodeError {
  return new NodeError(message, { type: 'result_ref_invalid', retryable: false });
}

const SEGMENT = '[A-Za-z0-9._-]+';
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `key` is, character for character, a result key the executor writes under `prefix`
 * (`<node>/<generation>-<attempt>-<port>.json|ndjson`, no segment `.` or `..`). Nothing is
 * normalised first: a key that only resolves into the folder (`…/../…`, `//`, encoded forms) is not one.
 */
function isResultKeyUnder(prefix: string, key: string): boolean {
  const shape = new RegExp(`^${escapeRe(prefix)}(${SEGMENT})/\\d+-\\d+-(${SEGMENT})\\.(json|ndjson)$`);
  const m = shape.exec(key);
  return m !== null && m[1] !== '.' && m[1] !== '..';
}

/** Whether `key` is a result key of this run (of any of its nodes: a node may pass an upstream list on). */
export function isRunResultKey(accountId: string, runId: string, key: string): boolean {
  return isResultKeyUnder(runResultsPrefix(accountId, runId), key);
}

/** Refuses a reference whose key is not a result key of one of the account's runs. */
export function assertOwnRef(accountId: string, key: string): void {
  const root = `${safe(accountId)}/run-results/`;
  const run = key.startsWith(root) ? key.slice(root.length).split('/')[0] ?? '' : '';
  if (!run || !/^[A-Za-z0-9._-]+$/.test(run) || run === '.' || run === '..' || !isResultKeyUnder(`${root}${run}/`, key)) {
    throw refError(`result reference ${key} does not belong to this run's account`);
  }
}
