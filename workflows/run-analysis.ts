import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { EngineKnowledgeActivities } from '../activities/engine-knowledge';
import type { RunAnalysisInput } from '../src/engine/analytics/analyze';

// A provider hiccup gets two more tries (the charge is keyed by the run, so a retry never pays twice).
const { analyzeRun } = proxyActivities<EngineKnowledgeActivities>({
  startToCloseTimeout: '3 minutes',
  retry: { maximumAttempts: 3, initialInterval: '2 seconds', backoffCoefficient: 2 },
});
const { failRunAnalysis } = proxyActivities<EngineKnowledgeActivities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 10, initialInterval: '1 second' },
});

/** The analysis of one finished run (workflow id run-analysis-<run_id>: at most one per run). */
export async function runAnalysis(input: RunAnalysisInput): Promise<{ status: string; error?: string }> {
  try {
    return await analyzeRun(input);
  } catch (err) {
    const cause = err instanceof ActivityFailure ? err.cause : err;
    const error = cause instanceof ApplicationFailure || cause instanceof Error ? cause.message : String(cause);
    await failRunAnalysis({ ...input, error });
    return { status: 'failed', error };
  }
}
