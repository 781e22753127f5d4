import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { FaceAsset } from '../../infra/db/schema/index';
import { ApiError } from '../../infra/http/errors';
import { isoTime, listOf } from '../../infra/http/views';
import { fetchImageInput } from '../../generation/inputs';
import { orNotFound } from '../../infra/db/or-not-found';

/** Sandbox assets are deleted after 24 hours. */
export const SANDBOX_RETENTION_HOURS = 24;

export const AssetView = z.object({
  id: z.string(),
  object: z.literal('face_asset'),
  name: z.string().nullable(),
  status: z.enum(['stored', 'purged', 'deleted']),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  url: z.string().nullable().describe('A signed download URL valid for an hour, while the image is stored'),
  retention_hours: z.number().int().nullable(),
  expires_at: isoTime.nullable(),
  purged_at: isoTime.nullable(),
  deleted_at: isoTime.nullable(),
  sandbox: z.boolean(),
  created_at: isoTime,
});
export const AssetListView = listOf(AssetView, { total: z.number().int(), has_more: z.boolean() });
export const AssetDeletedView = z.object({
  id: z.string(),
  object: z.literal('face_asset'),
  deleted: z.literal(true),
  already_deleted: z.boolean().describe('True when an earlier request (or the retention sweep) had already erased it'),
  deleted_at: isoTime,
});

export function assetView(a: FaceAsset, deps: Deps): z.output<typeof AssetView> {
  const status = a.deleted_at ? 'deleted' : a.purged_at ? 'purged' : 'stored';
  return {
    id: a.id,
    object: 'face_asset',
    name: a.name,
    status,
    width: a.width,
    height: a.height,
    url: status === 'stored' ? deps.blobs.signedUrl(a.blob_key, 3600).url : null,
    retention_hours: a.retention_hours,
    expires_at: a.expires_at?.toISOString() ?? null,
    purged_at: a.purged_at?.toISOString() ?? null,
    deleted_at: a.deleted_at?.toISOString() ?? null,
    sandbox: a.sandbox,
    created_at: a.created_at.toISOString(),
  };
}

export async function registerAsset(
  deps: Deps,
  who: { accountId: string; keyId: string | null; sandbox: boolean },
  input: { image_url: string; retention_hours?: number; name?: string },
): Promise<FaceAsset> {
  const image = await fetchImageInput(deps, input.image_url);
  const id = `asset_${randomBytes(12).toString('hex')}`;
  const blobKey = deps.blobs.newKey(who.accountId, 'face-assets', `${id}.${image.format === 'jpeg' ? 'jpg' : image.format}`);
  await deps.blobs.put(blobKey, image.data);
  const createdAt = new Date();
  const expiresAt = input.retention_hours !== undefined ? new Date(createdAt.getTime() + input.retention_hours * 3600_000) : null;
  try {
    return await deps.db
      .insertInto('face_assets')
      .values({
        id,
        account_id: who.accountId,
        key_id: who.keyId,
        name: input.name ?? null,
        sandbox: who.sandbox,
        source_url: input.image_url,
        blob_key: blobKey,
        width: image.width,
        height: image.height,
        retention_hours: input.retention_hours ?? null,
        expires_at: expiresAt,
        created_at: createdAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    await deps.blobs.delete(blobKey);
    throw err;
  }
}

export async function getAsset(deps: Deps, accountId: string, id: string): Promise<FaceAsset> {
  return orNotFound(deps.db.selectFrom('face_assets').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst());
}

/**
 * Deletes at the provider (the stored image), then records the erasure. Repeat →
 * already_deleted true; provider failure → 502 with nothing recorded (safe to retry).
 */
export async function deleteAsset(deps: Deps, accountId: string, id: string): Promise<z.output<typeof AssetDeletedView>> {
  const asset = await getAsset(deps, accountId, id);
  if (asset.deleted_at || asset.purged_at) {
    return { id, object: 'face_asset', deleted: true, already_deleted: true, deleted_at: (asset.deleted_at ?? asset.purged_at)!.toISOString() };
  }
  try {
    await deps.blobs.delete(asset.blob_key);
  } catch (err) {
    deps.logger.warn({ err, asset: id }, 'face asset delete failed at the provider');
    throw new ApiError(502, { detail: 'The provider could not delete the asset; nothing was changed. Retry the request.' });
  }
  const row = await deps.db
    .updateTable('face_assets')
    .set({ deleted_at: sql`coalesce(deleted_at, now())` })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .returning(['deleted_at'])
    .executeTakeFirstOrThrow();
  return { id, object: 'face_asset', deleted: true, already_deleted: false, deleted_at: row.deleted_at!.toISOString() };
}

/**
 * The 15-minute sweep: purges assets whose retention elapsed and sandbox assets older than 24 h,
 * and deletes sandbox generation outputs older than 24 h. Returns what it purged.
 */
export async function purgeExpired(deps: Deps, now = new Date()): Promise<{ assets: number; sandboxOutputs: number }> {
  const sandboxCutoff = new Date(now.getTime() - SANDBOX_RETENTION_HOURS * 3600_000);
  const due = await deps.db
    .selectFrom('face_assets')
    .select(['id', 'blob_key'])
    .where('deleted_at', 'is', null)
    .where('purged_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb.and([eb('sandbox', '=', true), eb('created_at', '<=', sandboxCutoff)])]))
    .limit(1000)
    .execute();
  let assets = 0;
  for (const a of due) {
    try {
      await deps.blobs.delete(a.blob_key);
    } catch (err) {
      deps.logger.warn({ err, asset: a.id }, 'purge: provider delete failed; will retry next sweep');
      continue;
    }
    await deps.db.updateTable('face_assets').set({ purged_at: now }).where('id', '=', a.id).where('purged_at', 'is', null).execute();
    assets++;
  }
  const outputs = await deps.db
    .selectFrom('generation_jobs')
    .select(['id', 'blob_key'])
    .where('sandbox', '=', true)
    .where('purged_at', 'is', null)
    .where('created_at', '<=', sandboxCutoff)
    .limit(1000)
    .execute();
  for (const j of outputs) {
    if (j.blob_key) await deps.blobs.delete(j.blob_key);
    await deps.db.updateTable('generation_jobs').set({ purged_at: now }).where('id', '=', j.id).execute();
  }
  return { assets, sandboxOutputs: outputs.length };
}
