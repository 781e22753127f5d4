import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

export type IdempotencyStatus = 'in_progress' | 'completed' | 'not_replayable';

/** One `X-Idempotency-Key` per account, kept 24 hours. */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  account_id: string;
  key: string;
  /** sha256 of method, path and body: the same key with another request is refused. */
  request_hash: string;
  status: IdempotencyStatus;
  response_status: number | null;
  response_headers: JSONColumnType<Record<string, string>> | null;
  response_body: Buffer | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  completed_at: Date | null;
}

export type IdempotencyKey = Selectable<IdempotencyKeysTable>;
