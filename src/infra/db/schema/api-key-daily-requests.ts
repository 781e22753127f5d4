import type { ColumnType } from 'kysely';

/** Requests per API key per UTC day; feeds `requests_30d` in the key list. */
export interface ApiKeyDailyRequestsTable {
  key_id: string;
  day: ColumnType<string, string, string>;
  requests: number;
}
