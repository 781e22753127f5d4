import type { Migration } from 'kysely';
import * as foundation from './2026-11-21T0000-accounts-keys-ledger';
import * as engineWorkflows from './2026-11-21T0100-workflows-and-versions';
import * as engineRuns from './2026-11-21T0110-runs-events-watchdog';
import * as platformAccess from './2026-11-21T0400-key-usage-idempotency-enterprise';
import * as story from './2026-11-21T0400-stories-and-credit-ledger';
import * as platformBilling from './2026-11-21T0410-webhooks-jobs-routing-assets';
import * as engineFeatures from './2026-11-23T1130-engine-features';
import * as storageBuckets from './2026-11-23T1215-storage-buckets';
import * as voiceAgents from './2026-11-23T1230-voice-agents';
import * as engineIncidentTrigger from './2026-11-23T1300-engine-incident-trigger';
import * as accessCacheNotify from './2026-11-24T0900-access-cache-notify';
import * as knowledgeAndAnalytics from './2026-11-24T0900-knowledge-and-analytics';
import * as agentTools from './2026-11-24T1000-agent-tools';
import * as realtimeConversationClose from './2026-11-26T2040-realtime-conversation-close';
import * as includedCreditsGrant from './2026-11-26T2100-included-credits-grant';
import * as finishedAtIndexes from './2026-11-26T2115-finished-at-indexes';
import * as engineApprovals from './2026-11-27T0100-engine-approvals';
import * as blobDeletions from './2026-11-27T0110-blob-deletions-and-result-sweeps';
import * as runTemporalExecution from './2026-11-27T0140-run-temporal-execution';
import * as s3Deletions from './2026-11-27T0210-s3-deletions';
import * as runCompleteIfDone from './2026-11-27T0800-run-complete-if-done';
import * as runEventsAppendMany from './2026-11-27T1300-run-events-append-many';
import * as stripePayments from './2026-12-01T2200-stripe-payments';
import * as approvalLinkMinters from './2026-12-01T2300-approval-link-minters';
import * as hookSignatures from './2026-12-01T2310-hook-signatures';
import * as approvalReminderRetries from './2026-12-01T2320-approval-reminder-retries';

/**
 * Every migration, in order. The keys are frozen ids already recorded in deployed databases
 * (kysely_migration), so they never change; the file names say what each migration does.
 * Add new ones at the end: `src/infra/db/migrations/<ISO8601>-<what-it-does>.ts`, keyed by
 * the same name.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21T0000-foundation': foundation,
  '2026-11-21T0100-engine-workflows': engineWorkflows,
  '2026-11-21T0110-engine-runs': engineRuns,
  '2026-11-21T0400-platform-access': platformAccess,
  '2026-11-21T0400-story': story,
  '2026-11-21T0410-platform-billing': platformBilling,
  '2026-11-23T1130-engine-features': engineFeatures,
  '2026-11-23T1215-storage-buckets': storageBuckets,
  '2026-11-23T1230-voice-agents': voiceAgents,
  '2026-11-23T1300-engine-incident-trigger': engineIncidentTrigger,
  '2026-11-24T0900-access-cache-notify': accessCacheNotify,
  '2026-11-24T0900-knowledge-and-analytics': knowledgeAndAnalytics,
  '2026-11-24T1000-agent-tools': agentTools,
  '2026-11-26T2040-realtime-conversation-close': realtimeConversationClose,
  '2026-11-26T2100-included-credits-grant': includedCreditsGrant,
  '2026-11-26T2115-finished-at-indexes': finishedAtIndexes,
  '2026-11-27T0100-engine-approvals': engineApprovals,
  '2026-11-27T0110-blob-deletions-and-result-sweeps': blobDeletions,
  '2026-11-27T0140-run-temporal-execution': runTemporalExecution,
  '2026-11-27T0210-s3-deletions': s3Deletions,
  '2026-11-27T0800-run-complete-if-done': runCompleteIfDone,
  '2026-11-27T1300-run-events-append-many': runEventsAppendMany,
  '2026-12-01T2200-stripe-payments': stripePayments,
  '2026-12-01T2300-approval-link-minters': approvalLinkMinters,
  '2026-12-01T2310-hook-signatures': hookSignatures,
  '2026-12-01T2320-approval-reminder-retries': approvalReminderRetries,
};
