// A reset execution's "epoch": what its writes keep and how they are keyed. The event store applies
// it to every append of the run; executions.ts learns it (from the run's recorded run_reset) and sets
// it here. This module imports neither, so the store does not depend on how executions are checked.

/** A run's reset execution: what its writes keep and how they are keyed. */
export interface ResetEpoch {
  generation: number;
  /** The Temporal run id of the reset execution; it suffixes the dedupe keys of what it writes again. */
  temporalRunId: string;
  /** Nodes whose success was recorded before the reset: kept, not run or written again. */
  kept: ReadonlySet<string>;
}

/** Runs whose current execution is a reset one, as this process learnt (kept by executions.ts). */
export const epochs = new Map<string, ResetEpoch>();

/** The reset epoch of a run's current execution in this process, if that execution is a reset one. */
export function resetEpoch(runId: string, generation?: number): ResetEpoch | undefined {
  const epoch = epochs.get(runId);
  return epoch && (generation === undefined || epoch.generation === generation) ? epoch : undefined;
}

const NODE_EVENTS: ReadonlySet<string> = new Set(['node_started', 'node_output', 'node_completed']);

/** What an epoch reads of an event and of an append (the store's NewRunEvent and AppendItem). */
interface EpochEvent { type: string; nodeId: string | null; dedupeKey: string }
interface EpochItem<E extends EpochEvent, O extends { node?: { node_id: string } }> { events: E[]; opts: O }

/**
 * What a write of a reset execution becomes: a kept node's item is dropped, node events of every
 * other node are keyed by the new execution (so they are written again). Other events are untouched.
 */
export function inEpoch<E extends EpochEvent, O extends { node?: { node_id: string } }>(epoch: ResetEpoch | undefined, items: Array<EpochItem<E, O>>): Array<EpochItem<E, O>> {
  if (!epoch) return items;
  const out: Array<EpochItem<E, O>> = [];
  for (const item of items) {
    const nodeId = item.opts.node?.node_id ?? item.events.find((e) => NODE_EVENTS.has(e.type))?.nodeId ?? null;
    if (nodeId !== null && epoch.kept.has(nodeId)) continue;
    out.push({ ...item, events: item.events.map((e) => rekey(epoch, e)) });
  }
  return out;
}

/** A dedupe key as the reset execution writes it (once: a key already of the epoch stays). */
export function epochKey(epoch: ResetEpoch, key: string): string {
  const suffix = `@${epoch.temporalRunId}`;
  return key.endsWith(suffix) ? key : key + suffix;
}

function rekey<E extends EpochEvent>(epoch: ResetEpoch, e: E): E {
  return NODE_EVENTS.has(e.type) ? { ...e, dedupeKey: epochKey(epoch, e.dedupeKey) } : e;
}
