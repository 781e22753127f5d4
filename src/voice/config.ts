import { z } from 'zod';

/**
 * Realtime voice settings (README configuration table), read from the same environment as
 * `loadConfig`, so a test stack can point the OpenAI-compatible provider at a loopback server.
 */
const voiceEnv = z.object({
  /** Which realtime engine mints session secrets: Atelier's own (`local`), an OpenAI-compatible one, or none (503). */
  ATELIER_REALTIME_PROVIDER: z.enum(['local', 'openai', 'none']).default('local'),
  /** Client secret lifetime (about 600 s). */
  ATELIER_REALTIME_SECRET_TTL_S: z.coerce.number().int().min(10).max(7200).default(600),
  /** Local engine: the largest conversation item (text, tool arguments or output), in bytes. */
  ATELIER_REALTIME_MAX_ITEM_BYTES: z.coerce.number().int().min(1024).max(16 * 1024 * 1024).default(64 * 1024),
  /** Local engine: what one conversation keeps of its items; the oldest are forgotten beyond it. */
  ATELIER_REALTIME_MAX_CONVERSATION_BYTES: z.coerce.number().int().min(1024).max(256 * 1024 * 1024).default(1024 * 1024),
  /** Local engine: conversations one account may hold open at once, across the API processes. */
  ATELIER_REALTIME_MAX_CONVERSATIONS: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Local engine: the longest utterance one commit may hold (the input audio buffer), in seconds. */
  ATELIER_REALTIME_MAX_INPUT_AUDIO_S: z.coerce.number().int().min(1).max(300).default(30),
  /** Local engine: how long the speech recogniser may take for one utterance. */
  ATELIER_REALTIME_TRANSCRIBE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  ATELIER_OPENAI_BASE_URL: z.string().optional(),
  ATELIER_OPENAI_API_KEY: z.string().optional(),
  ATELIER_OPENAI_REALTIME_BASE_URL: z.string().optional(),
  ATELIER_OPENAI_REALTIME_API_KEY: z.string().optional(),
  ATELIER_OPENAI_REALTIME_MODEL: z.string().default('gpt-realtime'),
  /** WebSocket URL handed to browsers; default: the base URL with ws(s):// and `/realtime?model=<model>`. */
  ATELIER_OPENAI_REALTIME_WS_URL: z.string().optional(),
  ATELIER_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  /** The demo page at /voice-demo (default: on unless NODE_ENV=production). */
  ATELIER_VOICE_DEMO: z.enum(['1', '0', 'true', 'false']).optional(),
  NODE_ENV: z.string().optional(),
});

/** The environment names this part of the configuration reads. */
export const VOICE_SETTINGS: readonly string[] = Object.keys(voiceEnv.shape);

export const LOCAL_REALTIME_MODEL = 'atelier-realtime-local';

/** The local engine's bounds on one conversation's memory and work (see docs/voice.md). */
export interface RealtimeLimits {
  maxItemBytes: number;
  maxConversationBytes: number;
  maxConversationsPerAccount: number;
  maxInputAudioSeconds: number;
  transcribeTimeoutMs: number;
}

export interface VoiceConfig {
  provider: 'local' | 'openai' | 'none';
  secretTtlSeconds: number;
  limits: RealtimeLimits;
  /** The opaque engine id agents and sessions report. */
  model: string;
  openai: { baseUrl?: string; apiKey?: string; model: string; websocketUrl?: string; timeoutMs: number };
  demoPage: boolean;
}

export function loadVoiceConfig(source: NodeJS.ProcessEnv = process.env): VoiceConfig {
  const e = voiceEnv.parse(
    Object.fromEntries(Object.entries(source).filter(([k, v]) => (k.startsWith('ATELIER_') || k === 'NODE_ENV') && v !== undefined && v !== '')),
  );
  const model = e.ATELIER_REALTIME_PROVIDER === 'openai' ? e.ATELIER_OPENAI_REALTIME_MODEL : LOCAL_REALTIME_MODEL;
  return {
    provider: e.ATELIER_REALTIME_PROVIDER,
    secretTtlSeconds: e.ATELIER_REALTIME_SECRET_TTL_S,
    limits: {
      maxItemBytes: e.ATELIER_REALTIME_MAX_ITEM_BYTES,
      // One item always fits in its conversation.
      maxConversationBytes: Math.max(e.ATELIER_REALTIME_MAX_CONVERSATION_BYTES, e.ATELIER_REALTIME_MAX_ITEM_BYTES),
      maxConversationsPerAccount: e.ATELIER_REALTIME_MAX_CONVERSATIONS,
      maxInputAudioSeconds: e.ATELIER_REALTIME_MAX_INPUT_AUDIO_S,
      transcribeTimeoutMs: e.ATELIER_REALTIME_TRANSCRIBE_TIMEOUT_MS,
    },
    model,
    openai: {
      baseUrl: (e.ATELIER_OPENAI_REALTIME_BASE_URL ?? e.ATELIER_OPENAI_BASE_URL)?.replace(/\/+$/, ''),
      apiKey: e.ATELIER_OPENAI_REALTIME_API_KEY ?? e.ATELIER_OPENAI_API_KEY,
      model: e.ATELIER_OPENAI_REALTIME_MODEL,
      websocketUrl: e.ATELIER_OPENAI_REALTIME_WS_URL,
      timeoutMs: e.ATELIER_PROVIDER_TIMEOUT_MS,
    },
    demoPage: e.ATELIER_VOICE_DEMO ? e.ATELIER_VOICE_DEMO === '1' || e.ATELIER_VOICE_DEMO === 'true' : e.NODE_ENV !== 'production',
  };
}
