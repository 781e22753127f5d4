import type { Deps } from '../src/deps';
import { failKnowledgeDocument, ingestKnowledgeDocument, type KnowledgeIngestInput } from '../src/engine/knowledge/ingest';
import { analyzeRun, failRunAnalysis, type RunAnalysisInput } from '../src/engine/analytics/analyze';

/** Knowledge ingestion (workflows/knowledge-ingest.ts) and run analytics (workflows/run-analysis.ts). */
export function createEngineKnowledgeActivities(deps: Deps) {
  return {
    ingestKnowledgeDocument: (input: KnowledgeIngestInput) => ingestKnowledgeDocument(deps, input),
    failKnowledgeDocument: (input: KnowledgeIngestInput & { error: string }) => failKnowledgeDocument(deps, input),
    analyzeRun: (input: RunAnalysisInput) => analyzeRun(deps, input),
    failRunAnalysis: (input: RunAnalysisInput & { error: string }) => failRunAnalysis(deps, input),
  };
}

export type EngineKnowledgeActivities = ReturnType<typeof createEngineKnowledgeActivities>;
