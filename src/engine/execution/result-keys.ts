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

/** Refuses a reference whose key lies outside the account's run results. */
export function assertOwnRef(accountId: string, key: string): void {
  if (!key.startsWith(`${safe(accountId)}/run-results/`) || key.includes('..')) {
    throw refError(`result reference ${key} does not belong to this run's account`);
  }
}
