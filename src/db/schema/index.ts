// The database as kysely sees it: one interface per table in its own file, gathered here.
import type { AccountsTable } from './accounts';
import type { ApiKeysTable } from './api-keys';
import type { LedgerEntriesTable } from './ledger-entries';

export interface DB {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  ledger_entries: LedgerEntriesTable;
}

export type * from './accounts';
export type * from './api-keys';
export type * from './ledger-entries';
