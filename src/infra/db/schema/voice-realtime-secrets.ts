import type { ColumnType, JSONColumnType, Selectable } from 'kysely';
import type { VoiceTool } from './voice-agents';

/** The session a client secret opens (`session`). */
export interface VoiceSessionConfig {
  voice: string;
  instructions: string;
  greeting: string | null;
  language: string;
  tools: VoiceTool[];
  temperature: number | null;
}

/**
 * The local realtime engine's client secrets: only a SHA-256 of the secret is kept. A secret opens
 * one conversation (`connected_at` is set once) before `expires_at`, which lasts until `closed_at`
 * (or `expires_at`, if its process died); rows are engine state, not customer records, and are
 * swept after they expire.
 */
export interface VoiceRealtimeSecretsTable {
  id: string;
  account_id: string;
  agent_id: string | null;
  secret_hash: string;
  model: string;
  session: JSONColumnType<VoiceSessionConfig>;
  expires_at: Date;
  connected_at: Date | null;
  closed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type VoiceRealtimeSecret = Selectable<VoiceRealtimeSecretsTable>;
