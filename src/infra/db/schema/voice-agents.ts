import type { ColumnType, JSONColumnType, Selectable } from 'kysely';

/** A normalised function tool. */
export interface VoiceTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** A voice agent persona, scoped to its account. */
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
