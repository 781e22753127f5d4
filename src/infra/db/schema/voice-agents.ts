import type { ColumnType, JSONColumnType, Selectable } from 'kysely';

/** A normalised function tool (seed 001 §2.2). */
export interface VoiceTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** seed 001 §2.1: a voice agent persona, scoped to its account. */
export interface VoiceAgentsTable {
  id: string;
  account_id: string;
  name: string;
  instructions: string;
  voice: string;
  greeting: string | null;
  language: string;
  tools: JSONColumnType<VoiceTool[]>;
  model: string;
  temperature: number | null;
  metadata: JSONColumnType<Record<string, unknown>>;
  is_active: boolean;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type VoiceAgent = Selectable<VoiceAgentsTable>;
