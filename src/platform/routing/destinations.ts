import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps';
import { isForeignKeyViolation, type Database } from '../../infra/db/index';
import type { OutputDestination } from '../../infra/db/schema/index';
import { coded } from '../../infra/http/errors';
import { sealSecret } from '../webhooks/secret-box';
import { orNotFound } from '../../infra/db/or-not-found';
import { z } from 'zod';
import { isoTime } from '../../infra/http/views';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The destination row when it exists and belongs to the account; otherwise undefined. */
export async function findDestination(db: Database, accountId: string, id: string): Promise<OutputDestination | undefined> {
  if (!UUID.test(id)) return undefined;
  return db.selectFrom('output_destinations').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
}

/** For request bodies that name a destination (rules, key PATCH, `output`): 400 unless it is the caller's. */
export async function assertDestinationOwned(db: Database, accountId: string, id: string): Promise<OutputDestination> {
  const dest = await findDestination(db, accountId, id);
  if (!dest) throw coded(400, 'invalid_destination', `Output destination ${id} does not exist or does not belong to this account.`, { destination_id: id });
  return dest;
}

/** API view; secrets never leave. */
export const DestinationView = z.object({
  id: z.string(),
  object: z.literal('output_destination'),
  name: z.string(),
  kind: z.enum(['internal', 's3']),
  config: z.record(z.string(), z.unknown()).describe('prefix, and for s3 the bucket, region, endpoint and access key id (never the secret)'),
  created_at: isoTime,
});

export function destinationView(d: OutputDestination): z.output<typeof DestinationView> {
  const { secret_enc: _secret, ...config } = d.config as Record<string, unknown>;
  return { id: d.id, object: 'output_destination', name: d.name, kind: d.kind, config, created_at: d.created_at.toISOString() };
}

export async function createDestination(
  deps: Deps,
  accountId: string,
  input: { name: string; kind: 'internal' | 's3'; prefix?: string; bucket?: string; region?: string; endpoint?: string; access_key_id?: string; secret_access_key?: string },
) {
  const prefix = (input.prefix ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix.split('/').some((s) => s === '..' || s === '.')) throw coded(409, 'destination_create_failed', 'prefix must not contain . or .. segments');
  let config: Record<string, unknown> = { prefix };
  if (input.kind === 's3') {
    const missing = (['bucket', 'region', 'endpoint', 'access_key_id', 'secret_access_key'] as const).filter((f) => !input[f]);
    if (missing.length) throw coded(400, 'missing_fields', `An s3 destination needs ${missing.join(', ')}`, { fields: missing });
    let endpoint: URL;
    try {
      endpoint = new URL(input.endpoint!);
    } catch {
      throw coded(409, 'destination_create_failed', 'endpoint must be an absolute http(s) URL');
    }
    if (endpoint.protocol !== 'https:' && endpoint.protocol !== 'http:') throw coded(409, 'destination_create_failed', 'endpoint must be an http(s) URL');
    config = {
      prefix,
      bucket: input.bucket,
      region: input.region,
      endpoint: endpoint.toString().replace(/\/+$/, ''),
      access_key_id: input.access_key_id,
      secret_enc: sealSecret(deps.config.encryptionKey, input.secret_access_key!),
    };
  }
  return deps.db
    .insertInto('output_destinations')
    .values({ id: randomUUID(), account_id: accountId, name: input.name, kind: input.kind, config: JSON.stringify(config) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * 409 `destination_in_use` (context: keys, rules) while a live key or a live key's routing rule
 * points at it. A revoked key routes nothing: its rules go with the destination.
 */
export async function deleteDestination(deps: Deps, accountId: string, id: string): Promise<void> {
  await orNotFound(findDestination(deps.db, accountId, id));
  const liveRules = (db: Database) =>
    db
      .selectFrom('output_rules')
      .innerJoin('api_keys', 'api_keys.id', 'output_rules.key_id')
      .select(['output_rules.id', 'output_rules.key_id'])
      .where('output_rules.account_id', '=', accountId)
      .where('output_rules.destination_id', '=', id)
      .where('api_keys.revoked_at', 'is', null);
  const [keys, rules] = await Promise.all([
    deps.db.selectFrom('api_keys').select('id').where('account_id', '=', accountId).where('destination_id', '=', id).where('revoked_at', 'is', null).execute(),
    liveRules(deps.db).execute(),
  ]);
  const inUse = (keyIds: string[], ruleIds: string[]) =>
    coded(409, 'destination_in_use', 'The destination is used by keys or routing rules; point them elsewhere first.', { keys: [...new Set(keyIds)], rules: ruleIds });
  if (keys.length || rules.length) throw inUse([...keys.map((k) => k.id), ...rules.map((r) => r.key_id)], rules.map((r) => r.id));
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('output_rules')
        .where('account_id', '=', accountId)
        .where('destination_id', '=', id)
        .where('key_id', 'in', (eb) => eb.selectFrom('api_keys').select('id').where('revoked_at', 'is not', null))
        .execute();
      await trx.deleteFrom('output_destinations').where('id', '=', id).where('account_id', '=', accountId).execute();
    });
  } catch (err) {
    // A rule written for a live key in the meantime still holds the destination.
    if (isForeignKeyViolation(err)) {
      const late = await liveRules(deps.db).execute();
      throw inUse(late.map((r) => r.key_id), late.map((r) => r.id));
    }
    throw err;
  }
}
