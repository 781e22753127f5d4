import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

type Created = ColumnType<Date, Date | undefined, never>;
type Updated = ColumnType<Date, Date | undefined, Date>;

/** The secret is stored AES-256-GCM encrypted (src/webhooks/secret-box.ts). */
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
