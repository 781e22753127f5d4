import { activityInfo } from '@temporalio/activity';
import type { Deps } from '../src/deps';
import type { ExecuteNodeInput } from '../src/engine/contract/run-contract';
import { resetEpoch } from '../src/engine/events/epochs';
import { keptOutput, observeExecution } from '../src/engine/events/executions';
import { appendNodeEventsBatch } from '../src/engine/events/store';
import { carried, markWritten } from '../src/engine/run/projections';

type Activity = (input: never) => Promise<unknown>;

/**
 * The engine activities, each first noticing the Temporal execution it runs in
 * (src/engine/events/executions.ts): the first activity of an execution an operator's reset
 * started records the reset, and from then on a node whose success was recorded before the reset
 * answers that result again instead of running (no second charge, call or message).
 */
export function observingExecutions<A extends Record<string, Activity>>(deps: Deps, activities: A): A {
  const wrapped: Record<string, Activity> = {};
  for (const [name, activity] of Object.entries(activities)) {
    wrapped[name] = async (input: never) => {
      const { runId, generation } = (input ?? {}) as { runId?: unknown; generation?: unknown };
      if (typeof runId === 'string' && typeof generation === 'number') {
        await observeExecution(deps, runId, generation, activityInfo().workflowExecution?.runId);
        if (name === 'executeNode') {
          const node = (input as ExecuteNodeInput).node.id;
          const kept = resetEpoch(runId, generation)?.kept.has(node) ? await keptOutput(deps.db, runId, node) : undefined;
          if (kept) {
            // Earlier nodes' unconfirmed commits it carries still go in, as its own write would take them.
            const carry = (input as ExecuteNodeInput).carry;
            if (carry?.length) await appendNodeEventsBatch(deps.db, runId, carried(runId, carry));
            markWritten(runId, carry);
            return kept;
          }
        }
      }
      return activity(input);
    };
  }
  return wrapped as A;
}
