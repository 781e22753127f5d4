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

export interface StorySlotsTable {
  operation_id: string;
  account_id: string;
  story_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface CreditLedgerTable {
  id: Generated<number>;
  account_id: string;
  kind: 'spend' | 'refund';
  operation_id: string;
  reference_operation_id: string | null;
  label: string;
  /** Credits this entry is worth (positive for spends, negative for refunds). */
  credits: number;
  /** Part of `credits` taken from (or returned to) the included allowance. */
  included_credits: number;
  /** Part paid by (or returned to) the wallet, micro-USD. */
  wallet_micros: number;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type Story = Selectable<StoriesTable>;
export type StoryCharacter = Selectable<StoryCharactersTable>;
export type StoryFrame = Selectable<StoryFramesTable>;
export type StoryVideo = Selectable<StoryVideosTable>;
export type CreditLedgerEntry = Selectable<CreditLedgerTable>;
