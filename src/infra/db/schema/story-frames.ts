import type { Generated, Selectable } from 'kysely';

export interface StoryFramesTable {
  story_id: string;
  scene_index: number;
  account_id: string;
  description: string;
  image_key: string;
  composition_notes: string;
  camera_direction: string;
  version: Generated<number>;
}

export type StoryFrame = Selectable<StoryFramesTable>;
