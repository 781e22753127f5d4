import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
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
  | { ok: false; reason: 'unknown' | 'expired' | 'used' }
  | { ok: false; reason: 'too_many'; limit: number };

/**
 * Claims a secret for one conversation: it opens exactly one connection, before it expires, and
 * only while its account holds fewer than `maxOpen` conversations (counted in the database, so
 * the cap holds across API processes; a refused claim leaves the secret unspent).
 */
export async function claimSecret(db: Database, secret: string, maxOpen: number): Promise<SecretClaim> {
  const secretHash = hash(secret);
  const row = await db.selectFrom('voice_realtime_secrets').select(['account_id', 'expires_at', 'connected_at']).where('secret_hash', '=', secretHash).executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.connected_at) return { ok: false, reason: 'used' };
  if (row.expires_at.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
  return db.transaction().execute(async (trx): Promise<SecretClaim> => {
    // Two claims of one account at once must not both see room for one more.
    await sql`select pg_advisory_xact_lock(hashtext(${'voice-realtime:' + row.account_id}))`.execute(trx);
    const open = await trx
      .selectFrom('voice_realtime_secrets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', row.account_id)
      .where('connected_at', 'is not', null)
      .where('closed_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirstOrThrow();
    if (Number(open.n) >= maxOpen) return { ok: false, reason: 'too_many', limit: maxOpen };
    const claimed = await trx
      .updateTable('voice_realtime_secrets')
      .set({ connected_at: new Date() })
      .where('secret_hash', '=', secretHash)
      .where('connected_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returningAll()
      .executeTakeFirst();
    // Lost a race with another claim of the same secret, or it expired meanwhile.
    if (!claimed) return { ok: false, reason: row.expires_at.getTime() <= Date.now() ? 'expired' : 'used' };
    return { ok: true, secret: claimed };
  });
}

/** The conversation a secret opened has ended: it no longer counts against its account. */
export async function releaseSecret(db: Database, id: string): Promise<void> {
  await db.updateTable('voice_realtime_secrets').set({ closed_at: new Date() }).where('id', '=', id).where('closed_at', 'is', null).execute();
}
