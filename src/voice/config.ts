import { z } from 'zod';

/**
 * Realtime voice settings (README configuration table), read from the same environment as
 * `loadConfig`, so a test stack can point the OpenAI-compatible provider at a loopback server.
 */
const voiceEnv = z.object({
  /** Which realtime engine mints session secrets: Atelier's own (`local`), an OpenAI-compatible one, or none (503). */
  ATELIER_REALTIME_PROVIDER: z.enum(['local', 'openai', 'none']).default('local'),
  /** Client secret lifetime (seed 001 §8: about 600 s). */
  ATELIER_REALTIME_SECRET_TTL_S: z.coerce.number().int().min(10).max(7200).default(600),
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

export const LOCAL_REALTIME_MODEL = 'atelier-realtime-local';

export interface VoiceConfig {
  provider: 'local' | 'openai' | 'none';
  secretTtlSeconds: number;
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
