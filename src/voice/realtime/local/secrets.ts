import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../../../infra/db/index';
import type { VoiceRealtimeSecret } from '../../../infra/db/schema/voice-realtime-secrets';
import { LOCAL_REALTIME_MODEL } from '../../config';
import { RealtimeEngineError, type RealtimeCredential, type RealtimeMintRequest, type RealtimeProvider } from '../provider';

/** The path the local engine's WebSocket server answers on (same host and port as the API). */
export const LOCAL_REALTIME_PATH = '/v1/realtime';

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * Atelier's own realtime engine, minting side: a random secret whose SHA-256 is stored with the
 * session it opens, so any API process of the deployment can accept the connection.
 */
export class LocalRealtimeProvider implements RealtimeProvider {
  readonly kind = 'local' as const;

  constructor(
    private readonly db: Database,
    private readonly ttlSeconds: number,
    /** Read at mint time: the public base URL may be known only once the server listens. */
    private readonly publicBaseUrl: () => string,
  ) {}

  async mint(req: RealtimeMintRequest): Promise<RealtimeCredential> {
    const secret = `ek_${randomBytes(32).toString('base64url')}`;
    const expiresAt = new Date(Math.floor(Date.now() / 1000) * 1000 + this.ttlSeconds * 1000);
    try {
      // Expired secrets are of no use to anyone; sweep the ones older than an hour as we go.
      await this.db.deleteFrom('voice_realtime_secrets').where('expires_at', '<', new Date(Date.now() - 3_600_000)).execute();
      await this.db
        .insertInto('voice_realtime_secrets')
        .values({
          id: `rts_${randomUUID().replace(/-/g, '')}`, account_id: req.accountId, agent_id: req.agentId, secret_hash: hash(secret),
          model: LOCAL_REALTIME_MODEL, session: JSON.stringify(req.session), expires_at: expiresAt, connected_at: null,
        })
        .execute();
    } catch (err) {
      throw new RealtimeEngineError(`local realtime engine could not store the secret: ${err instanceof Error ? err.message : String(err)}`);
    }
    const url = new URL(LOCAL_REALTIME_PATH, this.publicBaseUrl());
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return { clientSecret: secret, expiresAt: expiresAt.getTime() / 1000, model: LOCAL_REALTIME_MODEL, websocketUrl: url.toString() };
  }
}

export type SecretClaim =
  | { ok: true; secret: VoiceRealtimeSecret }
  | { ok: false; reason: 'unknown' | 'expired' | 'used' };

/** Claims a secret for one conversation: it opens exactly one connection, before it expires. */
export async function claimSecret(db: Database, secret: string): Promise<SecretClaim> {
  const secretHash = hash(secret);
  const claimed = await db
    .updateTable('voice_realtime_secrets')
    .set({ connected_at: new Date() })
    .where('secret_hash', '=', secretHash)
    .where('connected_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returningAll()
    .executeTakeFirst();
  if (claimed) return { ok: true, secret: claimed };
  const row = await db.selectFrom('voice_realtime_secrets').select(['expires_at', 'connected_at']).where('secret_hash', '=', secretHash).executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  return { ok: false, reason: row.connected_at ? 'used' : 'expired' };
}
