import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

export interface EnterpriseApplicationsTable {
  id: string;
  account_id: string;
  status: Generated<string>;
  company_name: string;
  contact_email: string | null;
  use_case: string | null;
  expected_monthly_spend_usd: number | null;
  details: JSONColumnType<Record<string, unknown>>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type EnterpriseApplication = Selectable<EnterpriseApplicationsTable>;
