import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { EngineKnowledgeActivities } from '../activities/engine-knowledge';
import type { KnowledgeIngestInput } from '../src/engine/knowledge/ingest';

// A page that is slow or briefly down gets two more tries; refusals (blocked address, 4xx,
// unsupported content) are non-retryable and fail the document at once.
const { ingestKnowledgeDocument } = proxyActivities<EngineKnowledgeActivities>({
  startToCloseTimeout: '3 minutes',
  retry: { maximumAttempts: 3, initialInterval: '2 seconds', backoffCoefficient: 2 },
});
const { failKnowledgeDocument } = proxyActivities<EngineKnowledgeActivities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 10, initialInterval: '1 second' },
});

/** A long text or URL knowledge document: (fetched, cleaned to text and) indexed (workflow id knowledge-ingest-<doc_id>). */
export async function knowledgeIngest(input: KnowledgeIngestInput): Promise<{ status: string; error?: string }> {
  try {
    return await ingestKnowledgeDocument(input);
  } catch (err) {
    const cause = err instanceof ActivityFailure ? err.cause : err;
    const error = cause instanceof ApplicationFailure || cause instanceof Error ? cause.message : String(cause);
    await failKnowledgeDocument({ ...input, error });
    return { status: 'failed', error };
  }
}
