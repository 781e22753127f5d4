import type { Deps } from '../src/deps';
import { createPingActivities } from './ping';
import { createEngineActivities } from './engine';
import { createStoryActivities } from './story';
import { createEngineMaintenanceActivities } from './engine-maintenance';

/**
 * Every activity the worker registers, built over explicit dependencies so tests can pass their
 * own. Capabilities add their factories here.
 */
export function createActivities(deps: Deps) {
  return {
    ...createPingActivities(deps),
    ...createEngineActivities(deps),
    ...createStoryActivities(deps),
    ...createEngineMaintenanceActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
