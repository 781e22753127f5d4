// The database as kysely sees it: one interface per table in its own file, gathered here.
import type { AccountsTable } from './accounts';
import type { ApiKeysTable } from './api-keys';
import type { LedgerEntriesTable } from './ledger-entries';
import type { ApiKeyDailyRequestsTable, EnterpriseApplicationsTable, IdempotencyKeysTable } from './platform-access';
import type { CreditLedgerTable, StoriesTable, StoryCharactersTable, StoryEventsTable, StoryFramesTable, StoryRendersTable, StorySlotsTable, StoryVideosTable } from './story';
import type { WorkflowsTable, WorkflowVersionsTable } from './workflows';
import type { RunEventsTable, RunNodeOutputsTable, RunsTable, RunWatchdogActionsTable, RunWatchdogStateTable } from './runs';
import type { FaceAssetsTable, GenerationJobsTable, OutputDestinationsTable, OutputRulesTable, WebhookDeliveriesTable, WebhooksTable } from './platform-billing';

export interface DB {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  ledger_entries: LedgerEntriesTable;
  api_key_daily_requests: ApiKeyDailyRequestsTable;
  idempotency_keys: IdempotencyKeysTable;
  enterprise_applications: EnterpriseApplicationsTable;
  workflows: WorkflowsTable;
  workflow_versions: WorkflowVersionsTable;
  runs: RunsTable;
  run_node_outputs: RunNodeOutputsTable;
  run_events: RunEventsTable;
  run_watchdog_state: RunWatchdogStateTable;
  run_watchdog_actions: RunWatchdogActionsTable;
  stories: StoriesTable;
  story_characters: StoryCharactersTable;
  story_frames: StoryFramesTable;
  story_videos: StoryVideosTable;
  story_renders: StoryRendersTable;
  story_events: StoryEventsTable;
  story_slots: StorySlotsTable;
  credit_ledger: CreditLedgerTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  generation_jobs: GenerationJobsTable;
  output_destinations: OutputDestinationsTable;
  output_rules: OutputRulesTable;
  face_assets: FaceAssetsTable;
}

export type * from './accounts';
export type * from './api-keys';
export type * from './ledger-entries';
export type * from './platform-access';
export type * from './runs';
export type * from './story';
export type * from './workflows';
export type * from './platform-billing';
