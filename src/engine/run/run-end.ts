// What a run's end tells the features that follow finished runs, handed in at the composition root
// (Deps.runEnd, wired in src/runtime.ts): today the run analysis (src/engine/analytics/analyze.ts).
// The statement that finishes a run (./projections.ts) selects `alongside` in the same round trip,
// so the listener learns whether it has anything to do without a read of its own; the caller that
// ended the run (the engine's activities) then calls `ended` with what it found.
// `D` is the process's Deps (src/deps.ts carries this, so this file cannot import Deps itself).
import type { RawBuilder } from 'kysely';

export interface RunEndListener<D, Found = unknown> {
  /** A column for the run's finishing statement to select: what `ended` needs of the run, or null when it has nothing to do. */
  alongside(runId: string): RawBuilder<Found | null>;
  /** The run ended with `status`; `found` is what `alongside` read (undefined: not read, look it up). */
  ended(deps: D, run: { runId: string; status: string }, found?: Found | null): Promise<unknown>;
}
