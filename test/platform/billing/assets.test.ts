import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../../helpers/stack';
import { assetPurgeScheduleId } from '../../../src/platform/assets/schedule';
import { download, squareOnWhite, startImageHost, type ImageHost } from './helpers';

let stack: TestStack;
let images: ImageHost;

beforeAll(async () => {
  stack = await startStack();
  images = await startImageHost({ 'face.png': await squareOnWhite() });
});
afterAll(async () => {
  await images?.close();
  await stack?.close();
});

describe('registered face assets', () => {
  it('registers with and without retention, lists and gets with retention fields', async () => {
    const kept = await stack.api('POST', '/v1/ai/assets/register', { body: { image_url: images.url('face.png') } });
    expect(kept.status).toBe(201);
    expect(kept.body).toMatchObject({ id: expect.stringMatching(/^asset_/), status: 'stored', retention_hours: null, expires_at: null, purged_at: null, width: 120, height: 80 });
    expect((await download(kept.body.url)).status).toBe(200);
    const timed = await stack.api('POST', '/v1/ai/assets/register', { body: { image_url: images.url('face.png'), retention_hours: 48 } });
    const expires = new Date(timed.body.expires_at).getTime() - new Date(timed.body.created_at).getTime();
    expect(expires).toBe(48 * 3600_000);
    for (const retention_hours of [0, 8761, 2.5]) {
      expect((await stack.api('POST', '/v1/ai/assets/register', { body: { image_url: images.url('face.png'), retention_hours } })).status).toBe(422);
    }
    const list = await stack.api('GET', '/v1/ai/assets');
    expect(list.body.data.map((a: any) => a.id)).toEqual([timed.body.id, kept.body.id]);
    expect(list.body.data[0]).toHaveProperty('retention_hours', 48);
    const one = await stack.api('GET', `/v1/ai/assets/${kept.body.id}`);
    expect(one.body).toMatchObject({ id: kept.body.id, retention_hours: null, expires_at: null, purged_at: null });
  });

  it('deletes idempotently, 404 for other accounts, 502 with nothing recorded when the provider delete fails', async () => {
    const a = await stack.api('POST', '/v1/ai/assets/register', { body: { image_url: images.url('face.png') } });
    const other = await stack.newAccount();
    expect((await stack.api('GET', `/v1/ai/assets/${a.body.id}`, { key: other.key })).status).toBe(404);
    expect((await stack.api('DELETE', `/v1/ai/assets/${a.body.id}`, { key: other.key })).status).toBe(404);
    expect((await stack.api('GET', '/v1/ai/assets', { key: other.key })).body.data).toEqual([]);

    const blobs = stack.atelier.deps.blobs as { delete: (key: string) => Promise<void> };
    const original = blobs.delete.bind(blobs);
    blobs.delete = () => Promise.reject(new Error('provider unavailable'));
    try {
      const failed = await stack.api('DELETE', `/v1/ai/assets/${a.body.id}`);
      expect(failed.status).toBe(502);
    } finally {
      blobs.delete = original;
    }
    expect((await stack.api('GET', `/v1/ai/assets/${a.body.id}`)).body).toMatchObject({ status: 'stored', deleted_at: null });

    const first = await stack.api('DELETE', `/v1/ai/assets/${a.body.id}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: a.body.id, deleted: true, already_deleted: false });
    const again = await stack.api('DELETE', `/v1/ai/assets/${a.body.id}`);
    expect(again.body).toMatchObject({ id: a.body.id, deleted: true, already_deleted: true });
    expect((await download(a.body.url)).status).toBe(404);
  });

  it('purges expired and old sandbox assets through the scheduled workflow', async () => {
    const db = stack.atelier.deps.db;
    const due = await stack.api('POST', '/v1/ai/assets/register', { body: { image_url: images.url('face.png'), retention_hours: 1 } });
    const fresh = await stack.api('POST', '/v1/ai/assets/register', { body: { image_url: images.url('face.png'), retention_hours: 1 } });
    const sandbox = await stack.newAccount({ environment: 'sandbox' });
    const sb = await stack.api('POST', '/v1/ai/assets/register', { key: sandbox.key, body: { image_url: images.url('face.png') } });
    const sbImage = await stack.api('POST', '/v1/ai/generate/image', { key: sandbox.key, body: { prompt: 'temp', width: 64, height: 64 } });
    // Age them instead of waiting: retention elapsed, sandbox rows older than 24 h.
    await db.updateTable('face_assets').set({ expires_at: new Date(Date.now() - 60_000) }).where('id', '=', due.body.id).execute();
    await sql`UPDATE face_assets SET created_at = now() - interval '25 hours' WHERE id = ${sb.body.id}`.execute(db);
    await sql`UPDATE generation_jobs SET created_at = now() - interval '25 hours' WHERE id = ${sbImage.body.job_id}`.execute(db);

    // The schedule exists (created at worker start-up); trigger it now rather than waiting 15 minutes.
    const handle = stack.atelier.deps.temporal.schedule.getHandle(assetPurgeScheduleId(stack.atelier.deps.taskQueue));
    const described = await handle.describe();
    expect(described.action).toMatchObject({ type: 'startWorkflow', workflowType: 'assetPurge' });
    expect(JSON.stringify(described.spec)).toContain('900000');
    await handle.trigger();
    const deadline = Date.now() + 20_000;
    let row;
    do {
      await new Promise((r) => setTimeout(r, 250));
      row = await db.selectFrom('face_assets').select('purged_at').where('id', '=', due.body.id).executeTakeFirstOrThrow();
    } while (!row.purged_at && Date.now() < deadline);

    expect((await stack.api('GET', `/v1/ai/assets/${due.body.id}`)).body).toMatchObject({ status: 'purged', purged_at: expect.any(String) });
    expect((await stack.api('GET', `/v1/ai/assets/${fresh.body.id}`)).body).toMatchObject({ status: 'stored', purged_at: null });
    expect((await stack.api('GET', `/v1/ai/assets/${sb.body.id}`, { key: sandbox.key })).body.status).toBe('purged');
    expect((await download(due.body.url)).status).toBe(404);
    expect((await download(sbImage.body.url)).status).toBe(404);
    const purgedAgain = await stack.api('DELETE', `/v1/ai/assets/${due.body.id}`);
    expect(purgedAgain.body.already_deleted).toBe(true);
  });
});
