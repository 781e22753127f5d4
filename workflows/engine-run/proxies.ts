// The run's activity proxies: projections into Postgres, and each node's executeNode with its own
// retry policy and timeout (local activities for pure, quick nodes; real ones for side effects).
import { ActivityCancellationType, proxyActivities, proxyLocalActivities, type ActivityOptions, type LocalActivityOptions, type RetryPolicy } from '@temporalio/workflow';
import type { Activities } from '../../activities/index';
import type { PlannedNode } from '../../src/engine/contract/types';

// Per-node retry and timeout_s override `retry` and `startToCloseTimeout` (see nodeExecutor).

/** Nodes with side effects (http, ai, image, code): real activities, cancelled through heartbeats. */
const defaultNodeActivity: ActivityOptions = {
  startToCloseTimeout: '5 minutes',
  // executeNode heartbeats every second on its own; a dead worker is noticed within this.
  heartbeatTimeout: '6 seconds',
  retry: { maximumAttempts: 3, initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
  cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
};

/** Pure, quick nodes (set, if, switch, merge, trigger): local activities, no server round trip. */
const localNodeActivity: LocalActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { maximumAttempts: 3, initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '5 seconds' },
  cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
};

/** Projections into Postgres (events, node rows, run status): retried until the database answers. */
const projectionActivity: LocalActivityOptions = {
  startToCloseTimeout: '30 seconds',
  scheduleToCloseTimeout: '30 minutes',
  retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds' },
};

export const projection = proxyLocalActivities<Activities>(projectionActivity);

/**
 * Reads the stored results a workflow-run node's params reach into (the workflow cannot read
 * blobs): a real activity, since the bytes may be large; retried a few times for a lost worker.
 */
export const paramsResolver = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { maximumAttempts: 3, initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds' },
});

/** Extra activity attempts for a node whose worker died mid-call (not spent on the node's own failures). */
const WORKER_LOSS_ATTEMPTS = 3;

function retryPolicy(node: PlannedNode, base: RetryPolicy | undefined): RetryPolicy {
  return {
    ...base,
    maximumAttempts: node.retry.maxAttempts,
    initialInterval: node.retry.initialIntervalMs,
    backoffCoefficient: node.retry.backoff === 'fixed' ? 1 : 2,
  };
}

/**
 * The activity proxy for one node: its retry policy and timeout, named `<node_id>:<node_type>` in the
 * UI. `timeLeftMs` (the run's time left before its deadline) bounds the call, retries included.
 */
export function nodeExecutor(node: PlannedNode, round: number, timeLeftMs?: number) {
  const label = `${node.id}:${node.type}${round > 0 ? `#${round + 1}` : ''}`;
  const bound = timeLeftMs === undefined ? {} : { scheduleToCloseTimeout: timeLeftMs };
  if (node.execution === 'local') {
    return proxyLocalActivities<Activities>({
      ...localNodeActivity,
      ...bound,
      startToCloseTimeout: `${Math.min(node.timeoutS, 600)} seconds`,
      retry: retryPolicy(node, localNodeActivity.retry),
      summary: label,
    }).executeNode;
  }
  const policy = retryPolicy(node, defaultNodeActivity.retry);
  return proxyActivities<Activities>({
    ...defaultNodeActivity,
    ...bound,
    startToCloseTimeout: `${node.timeoutS} seconds`,
    // A lost worker (heartbeat timeout) costs an attempt too: allow a few more than the node's
    // own budget, which executeNode enforces for the node's failures (nonRetryable at the last one).
    retry: { ...policy, maximumAttempts: (policy.maximumAttempts ?? 1) + WORKER_LOSS_ATTEMPTS },
    activityId: label,
    summary: label,
  }).executeNode;
}
