import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

type Created = ColumnType<Date, Date | undefined, never>;
type Updated = ColumnType<Date, Date | undefined, Date>;

/** seed 000 §2.3. The secret is stored AES-256-GCM encrypted (src/webhooks/secret-box.ts). */
export interface WebhooksTable {
  id: string;
  account_id: string;
  name: string;
  url: string;
  events: JSONColumnType<string[]>;
  secret_enc: string;
  active: Generated<boolean>;
  headers: JSONColumnType<Record<string, string>>;
  created_at: Created;
  updated_at: Updated;
}
export type Webhook = Selectable<WebhooksTable>;

/** seed 000 §2.4: one row per delivery attempt. */
export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  account_id: string;
  event: string;
  payload: JSONColumnType<Record<string, unknown>>;
  /** HTTP status of the receiver's answer; 0 when no answer came (refused, timeout, TLS). */
  response_status: number;
  response_body: string;
  success: boolean;
  attempted_at: Created;
}
export type WebhookDelivery = Selectable<WebhookDeliveriesTable>;

export type JobStatus = 'processing' | 'completed' | 'failed';

/** Every generation operation (seed 000 §2.6); async ones are polled through GET /v1/jobs/{id}. */
export interface GenerationJobsTable {
  id: string;
  account_id: string;
  key_id: string | null;
  type: string;
  model: string;
  status: JobStatus;
  sandbox: Generated<boolean>;
  request: JSONColumnType<Record<string, unknown>>;
  cost_micros: Generated<number>;
  charge_operation_id: string | null;
  blob_key: string | null;
  /** Where the output went (destination, key/path, url). */
  output: JSONColumnType<Record<string, unknown>> | null;
  error: string | null;
  created_at: Created;
  updated_at: Updated;
  completed_at: Date | null;
  purged_at: Date | null;
}
export type GenerationJob = Selectable<GenerationJobsTable>;

export type DestinationKind = 'internal' | 's3';

export interface OutputDestinationsTable {
  id: string;
  account_id: string;
  name: string;
  kind: DestinationKind;
  /** internal: {prefix}; s3: {bucket, region, endpoint, prefix, access_key_id, secret_enc}. */
  config: JSONColumnType<Record<string, unknown>>;
  created_at: Created;
}
export type OutputDestination = Selectable<OutputDestinationsTable>;

/** seed 000 §2.2 routing rule. */
export interface OutputRulesTable {
  id: string;
  account_id: string;
  key_id: string;
  model_pattern: string;
  destination_id: string;
  path_template: string | null;
  priority: Generated<number>;
  created_at: Created;
  updated_at: Updated;
}
export type OutputRule = Selectable<OutputRulesTable>;

/** seed 000 §4.4 registered face asset. */
export interface FaceAssetsTable {
  id: string;
  account_id: string;
  key_id: string | null;
  name: string | null;
  sandbox: Generated<boolean>;
  source_url: string;
  blob_key: string;
  width: number | null;
  height: number | null;
  retention_hours: number | null;
  expires_at: Date | null;
  deleted_at: Date | null;
  purged_at: Date | null;
  created_at: Created;
}
export type FaceAsset = Selectable<FaceAssetsTable>;
