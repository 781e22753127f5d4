import type { ColumnType, JSONColumnType, Selectable } from 'kysely';

type Created = ColumnType<Date, Date | undefined, never>;

/** One row per delivery attempt. */
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
