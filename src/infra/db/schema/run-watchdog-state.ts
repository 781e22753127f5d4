import type { Generated } from 'kysely';

export interface RunWatchdogStateTable {
  id: string;
  total_scans: Generated<number>;
  total_recovered: Generated<number>;
  total_stalled_detected: Generated<number>;
  total_reaped: Generated<number>;
  last_scan_at: Date | null;
  started_at: Generated<Date>;
}
