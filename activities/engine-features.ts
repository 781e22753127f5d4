import type { Deps } from '../src/deps';
import { fireSchedule } from '../src/engine/schedules/fire';
import type { ScheduleFireInput } from '../src/engine/schedules/temporal-schedule';

/** Activities of the engine's triggers (schedules). */
export function createEngineFeatureActivities(deps: Deps) {
  return {
    async fireEngineSchedule(input: ScheduleFireInput) {
      return fireSchedule(deps, input);
    },
  };
}
