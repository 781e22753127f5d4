import type { ColumnType, Generated } from 'kysely';

export interface StoryRendersTable {
  id: Generated<number>;
  story_id: string;
  account_id: string;
  operation_id: string;
  scene_index: number;
  attempt: number;
  worker_pid: number;
  started_at: ColumnType<Date, Date | undefined, never>;
  finished_at: Date | null;
}
