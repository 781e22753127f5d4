import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { route } from '../../infra/http/route';
import { AssetDeletedView, AssetListView, AssetView, assetView, deleteAsset, getAsset, registerAsset } from './service';

const registerBody = z.object({
  image_url: z.string().min(1).max(4096),
  retention_hours: z.number().int().min(1).max(8760).optional(),
  name: z.string().trim().min(1).max(100).optional(),
});
const params = z.object({ asset_id: z.string().min(1) });
const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});

/** Registered face assets; paths relative to /v1. */
export function assetRoutes(deps: Deps): Router {
  const router = Router();
  router.post(
    '/ai/assets/register',
    route({ body: registerBody, status: 201, response: AssetView, summary: 'Register a face image (fetched from image_url and stored) for later generations' }, async ({ auth, body }) =>
      assetView(await registerAsset(deps, { accountId: auth.accountId, keyId: auth.key?.id ?? null, sandbox: auth.sandbox }, body), deps),
    ),
  );
  router.get(
    '/ai/assets',
    route({ query: listQuery, response: AssetListView, summary: 'List registered face assets, newest first' }, async ({ auth, query }) => {
      const base = deps.db.selectFrom('face_assets').where('account_id', '=', auth.accountId);
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const total = Number(count.n);
      return { object: 'list' as const, data: rows.map((r) => assetView(r, deps)), total, has_more: query.offset + rows.length < total };
    }),
  );
  router.get('/ai/assets/:asset_id', route({ params, response: AssetView, summary: 'One face asset' }, async ({ auth, params: p }) => assetView(await getAsset(deps, auth.accountId, p.asset_id), deps)));
  router.delete('/ai/assets/:asset_id', route({ params, response: AssetDeletedView, summary: 'Erase a face asset (its stored image is deleted)' }, async ({ auth, params: p }) => deleteAsset(deps, auth.accountId, p.asset_id)));
  return router;
}
