import type { VoiceSessionConfig } from '../../infra/db/schema/voice-realtime-secrets';

/**
 * The second subprotocol is this literal prefix followed by the client secret. It is
 * the prefix OpenAI Realtime uses, so a client written for it connects to either engine unchanged.
 */
export const SECRET_SUBPROTOCOL_PREFIX = 'openai-insecure-api-key.';
export const REALTIME_SUBPROTOCOL = 'realtime';

export interface RealtimeMintRequest {
  accountId: string;
  agentId: string | null;
  session: VoiceSessionConfig;
}

/** What an engine hands back: an ephemeral secret and where to use it. */
export interface RealtimeCredential {
  clientSecret: string;
  /** Unix seconds, passed through from the engine; may be null. */
  expiresAt: number | null;
  model: string;
  websocketUrl: string;
}

/** A realtime engine that mints short-lived client secrets for browsers. */
export interface RealtimeProvider {
  readonly kind: 'local' | 'openai';
  mint(req: RealtimeMintRequest): Promise<RealtimeCredential>;
}

/** The engine could not be reached or gave no secret (502; the charge is refunded). */
export class RealtimeEngineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RealtimeEngineError';
  }
}
