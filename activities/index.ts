import type { Deps } from '../src/deps';
import { createPingActivities } from './ping';

/**
 * Every activity the worker registers, built over explicit dependencies so tests can pass their
 * own. Capabilities add their factories here.
 */
export function createActivities(deps: Deps) {
  return {
    ...createPingActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
