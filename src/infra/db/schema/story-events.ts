import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Json<T extends object | null> = JSONColumnType<T, string, string>;

export interface StoryEventsTable {
  id: Generated<number>;
  story_id: string;
  account_id: string;
  /** Idempotency key: a retried activity never emits the same event twice. */
  key: string;
  event: string;
  data: Json<Record<string, unknown>>;
  created_at: ColumnType<Date, Date | undefined, never>;
}
