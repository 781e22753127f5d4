import type { ColumnType, Selectable } from 'kysely';

export interface StoryVideosTable {
  story_id: string;
  scene_index: number;
  account_id: string;
  operation_id: string;
  /** pending → rendered | failed; refused scenes are never submitted. */
  status: 'pending' | 'rendered' | 'failed' | 'refused';
  video_key: string | null;
  duration: number;
  model_requested: string;
  model_used: string;
  frame_version: number;
  error: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date | undefined>;
}

export type StoryVideo = Selectable<StoryVideosTable>;
