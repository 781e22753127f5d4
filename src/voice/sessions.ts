import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Deps } from '../deps';
import { usd } from '../infra/http/views';
import type { VoiceSessionConfig } from '../infra/db/schema/voice-realtime-secrets';
import type { AuthContext } from '../platform/auth/context';
import { creditBillingBlock, creditsAsUsd, InsufficientCredits, refundCredits, spendCredits, type CreditSpend } from '../platform/billing/credits';
import { voiceError } from './errors';
import { AgentView } from './agents';
import { REALTIME_SUBPROTOCOL, RealtimeEngineError, SECRET_SUBPROTOCOL_PREFIX, type RealtimeProvider } from './realtime/provider';

/** Pricing: a realtime voice session is 5 credits (5 × the wallet's USD per credit when the wallet pays). */
export const SESSION_CREDITS = 5;
const LEDGER_LABEL = 'voice.session';

/** What minting a realtime session answers: the secret and how to connect with it. */
export const SessionView = z.object({
  client_secret: z.string().describe('Short-lived; opens one realtime connection'),
  expires_at: z.number().nullable().describe('Unix seconds'),
  model: z.string(),
  websocket_url: z.string(),
  subprotocols: z.array(z.string()).describe('WebSocket subprotocols that carry the secret (for browsers, which cannot set headers)'),
  session: AgentView.pick({ voice: true, instructions: true, greeting: true, language: true, tools: true, temperature: true }),
  agent_id: z.string().nullable(),
  credits_used: z.number(),
  billing: z.object({ method: z.enum(['credits', 'wallet']), usd_charged: usd, pln_charged: z.number().describe('Legacy mirror of usd_charged') }),
});

/**
 * Mints session credentials: 5 credits charged first (included allowance, then the wallet), then
 * the engine asked for a secret; when it gives none (502) or is not configured (503) the charge is
 * refunded with a ledger entry that references it.
 */
export class SessionsService {
  constructor(
    private readonly deps: Pick<Deps, 'db' | 'config' | 'logger'>,
    private readonly engine: RealtimeProvider | null,
    /** What sandbox keys always get, whatever the deployment runs: the local engine, never charged. */
    private readonly sandboxEngine: RealtimeProvider | null = engine,
  ) {}

  async mint(auth: AuthContext, agentId: string | null, session: VoiceSessionConfig): Promise<z.output<typeof SessionView>> {
    const chargeOperationId = `voice:session:${randomUUID()}`;
    let spend: CreditSpend | null = null;
    // Sandbox keys are never charged.
    if (!auth.sandbox) {
      try {
        spend = await spendCredits(this.deps.db, {
          accountId: auth.accountId, credits: SESSION_CREDITS, operationId: chargeOperationId, operation: LEDGER_LABEL,
          allowance: this.deps.config.story.includedCredits, metadata: { agent_id: agentId },
        });
      } catch (err) {
        if (err instanceof InsufficientCredits) {
          throw voiceError(
            402,
            `Not enough credits: a voice session needs ${SESSION_CREDITS} credits (${creditsAsUsd(SESSION_CREDITS)} from the wallet); ${err.balance.available} are available. Nothing was charged.`,
          );
        }
        throw err;
      }
    }

    const refund = async () => {
      if (!spend) return;
      await refundCredits(this.deps.db, {
        accountId: auth.accountId, chargeOperationId, operationId: `${chargeOperationId}:refund`, label: `refund:${LEDGER_LABEL}`,
      });
    };

    const engine = auth.sandbox ? this.sandboxEngine : this.engine;
    if (!engine) {
      await refund();
      throw voiceError(503, 'Realtime voice is not configured on this server; retry later. The session charge was refunded.');
    }
    let credential;
    try {
      credential = await engine.mint({ accountId: auth.accountId, agentId, session });
    } catch (err) {
      await refund();
      if (err instanceof RealtimeEngineError) {
        this.deps.logger.warn({ err: err.message }, 'realtime engine gave no secret');
        throw voiceError(502, 'The realtime engine is unreachable or returned no client secret; the session charge was refunded.');
      }
      throw err;
    }

    return {
      client_secret: credential.clientSecret,
      expires_at: credential.expiresAt,
      model: credential.model,
      websocket_url: credential.websocketUrl,
      subprotocols: [REALTIME_SUBPROTOCOL, `${SECRET_SUBPROTOCOL_PREFIX}${credential.clientSecret}`],
      session: { ...session },
      agent_id: agentId,
      credits_used: spend ? SESSION_CREDITS : 0,
      billing: creditBillingBlock(spend),
    };
  }
}
