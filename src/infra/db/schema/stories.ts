import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

type Json<T extends object | null> = JSONColumnType<T, string, string>;

export interface StoriesTable {
  id: string;
  account_id: string;
  status: Generated<'active' | 'expired' | 'failed'>;
  sandbox: Generated<boolean>;
  prompt: string;
  params: Json<Record<string, unknown>>;
  concept: Json<Record<string, unknown>> | null;
  frames_resolution: string | null;
  voiceover: Json<Record<string, unknown>> | null;
  final: Json<Record<string, unknown>> | null;
  /** Step names completed: concept, characters, frames, videos, voiceover, final. */
  steps_done: Json<string[]>;
  generation_ms: Generated<number>;
  expires_at: Date;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date | undefined>;
}

export type Story = Selectable<StoriesTable>;
