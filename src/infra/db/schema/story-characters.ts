import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

type Json<T extends object | null> = JSONColumnType<T, string, string>;

export interface StoryCharactersTable {
  id: string;
  story_id: string;
  account_id: string;
  position: number;
  role: string;
  name: string;
  description: string;
  age: string | null;
  gender: string | null;
  image_key: string;
  consistency_embedding: Json<number[]>;
  version: Generated<number>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type StoryCharacter = Selectable<StoryCharactersTable>;
