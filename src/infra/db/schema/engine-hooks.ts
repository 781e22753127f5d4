import type { ColumnType, Selectable } from 'kysely';

/** The public hook of a workflow whose trigger is `webhook`: a stable id and an optional sealed secret. */
export interface EngineHooksTable {
  workflow_id: string;
  account_id: string;
  webhook_id: string;
  /** AES-256-GCM under the deployment key (secret-box); null = the spec's trigger secret, if any. */
  secret_sealed: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type EngineHook = Selectable<EngineHooksTable>;

/** A public hook call's signature already accepted, kept until its timestamp leaves the window. */
export interface EngineHookSignaturesTable {
  webhook_id: string;
  signature: string;
  expires_at: Date;
  created_at: ColumnType<Date, Date | undefined, never>;
}
