/**
 * Task-queue names, in one place. The base name comes from config (TEMPORAL_TASK_QUEUE) so that
 * independent deployments or test suites on one Temporal server never take each other's tasks.
 */
export const taskQueues = (base: string) => ({
  /** Workflows and general activities. */
  main: base,
});
