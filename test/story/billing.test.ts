import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';
import { postSse, waitForVideos } from './helpers';

let stack: TestStack;
beforeAll(async () => {
  // A small allowance so a few calls reach the wallet.
  stack = await startStack({ ATELIER_INCLUDED_CREDITS: '10', ATELIER_STORY_STEP_PER_MIN: '1000', ATELIER_STORY_GENERATE_PER_MIN: '1000' });
});
afterAll(async () => {
  await stack?.close();
});

const post = (path: string, body: unknown, key: string) => stack.api('POST', `/v1/story/${path}`, { body, key });
const db = () => stack.atelier.deps.db;
const wallet = async (accountId: string) =>
  Number((await db().selectFrom('accounts').select('balance_micros').where('id', '=', accountId).executeTakeFirstOrThrow()).balance_micros) / 1e6;

describe('Story billing: included credits, then the wallet at $0.0536 per credit', () => {
  it('spends included credits first, then the wallet, with billing blocks and ledger labels', async () => {
    const { key, accountId } = await stack.newAccount({ balanceUsd: 1 });
    for (let i = 0; i < 3; i++) {
      const r = await post('step/concept', { prompt: `Garden tale ${i}`, num_scenes: 2, duration: 15 }, key);
      expect(r.body.billing).toEqual({ method: 'credits', usd_charged: 0, pln_charged: 0 });
      expect(r.body.credits_used).toBe(3);
    }
    expect(await wallet(accountId)).toBe(1);
    // One included credit left: it pays one credit, the wallet the other two.
    const split = await post('step/concept', { prompt: 'Garden tale 4', num_scenes: 2, duration: 15 }, key);
    expect(split.body.billing).toEqual({ method: 'wallet', usd_charged: 0.1072, pln_charged: 0.1072 });
    const full = await post('step/concept', { prompt: 'Garden tale 5', num_scenes: 2, duration: 15 }, key);
    expect(full.body.billing.usd_charged).toBe(0.1608); // Step 1 is $0.1608 from the wallet
    expect(await wallet(accountId)).toBeCloseTo(1 - 0.1072 - 0.1608, 6);
    const credits = (await stack.api('GET', '/v1/story/credits', { key })).body;
    expect(credits).toMatchObject({ included_credits: 10, used_credits: 10, remaining_credits: 0, usd_per_credit: 0.0536 });
    const ledger = await db().selectFrom('ledger_entries').select(['label', 'amount_micros']).where('account_id', '=', accountId).where('kind', '=', 'charge').orderBy('id').execute();
    expect(ledger).toEqual([
      { label: 'story_step_concept', amount_micros: -107200 },
      { label: 'story_step_concept', amount_micros: -160800 },
    ]);
  });

  it('refuses with 402 insufficient_credits before anything is generated, moving nothing', async () => {
    const { key, accountId } = await stack.newAccount({ balanceUsd: 0 });
    const r = await postSse(stack, '/v1/story/generate', { prompt: 'A long voyage', num_scenes: 2, duration: 15 }, { key });
    expect(r.status).toBe(402);
    expect(r.json.error).toMatchObject({ code: 'insufficient_credits', required_credits: 30, current_balance: 10 });
    expect(r.json.error.message).toEqual(expect.any(String));
    for (let i = 0; i < 3; i++) expect((await post('step/concept', { prompt: `Tale ${i}`, num_scenes: 2, duration: 15 }, key)).status).toBe(200);
    const refused = await post('step/concept', { prompt: 'One too many', num_scenes: 2, duration: 15 }, key);
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({ code: 'insufficient_credits', required_credits: 3, current_balance: 1 });
    const stories = await db().selectFrom('stories').select('id').where('account_id', '=', accountId).execute();
    expect(stories).toHaveLength(3);
    const spends = await db().selectFrom('credit_ledger').select('credits').where('account_id', '=', accountId).execute();
    expect(spends.map((s) => s.credits)).toEqual([3, 3, 3]);
    expect(await db().selectFrom('ledger_entries').select('id').where('account_id', '=', accountId).where('kind', '=', 'charge').execute()).toHaveLength(0);
    expect(await db().selectFrom('story_slots').select('operation_id').where('account_id', '=', accountId).execute()).toHaveLength(0);
  });

  it('charges step 4 per model, second and scene, and refunds refused scenes on the same operation', async () => {
    const { key, accountId } = await stack.newAccount({ balanceUsd: 5 });
    const c = await post('step/concept', { prompt: 'A harbour at night', num_scenes: 2, duration: 20 }, key);
    const id = c.body.story_id;
    await post('step/characters', { story_id: id }, key);
    await post('step/frames', { story_id: id, resolution: '720p', scene_overrides: [{ index: 1, description: 'A smuggler raises a rifle on the pier' }] }, key);
    const before = await wallet(accountId);
    const v = await post('step/videos', { story_id: id, video_model: 'seedance-1-pro' }, key);
    expect(v.status).toBe(200);
    // 10 s per scene at $0.03/s: two scenes charged, the refused one refunded before the answer.
    expect(v.body.refused).toEqual([{ scene_index: 1, reason: expect.stringContaining('rifle') }]);
    expect(v.body.cost_usd).toBe(0.3);
    expect(v.body.billing).toEqual({ method: 'wallet', usd_charged: 0.3, pln_charged: 0.3 });
    expect(v.body.credits_used).toBeCloseTo(0.3 / 0.0536, 3);
    expect(await wallet(accountId)).toBeCloseTo(before - 0.3, 6);
    const ledger = await db().selectFrom('ledger_entries').select(['kind', 'label', 'amount_micros', 'operation_id', 'reference_operation_id'])
      .where('account_id', '=', accountId).where('label', 'like', '%story_step_videos%').orderBy('id').execute();
    expect(ledger.map((l) => [l.kind, l.label, l.amount_micros])).toEqual([
      ['charge', 'story_step_videos:seedance-1-pro', -600000],
      ['refund', 'refund:story_step_videos:seedance-1-pro', 300000],
    ]);
    expect(ledger[1]!.reference_operation_id).toBe(ledger[0]!.operation_id);
    const polled = await waitForVideos(stack, id, key);
    expect(polled).toMatchObject({ completed: 1, refused: 1, pending: 0 });
    expect(polled.videos.find((x: any) => x.scene_index === 1)).toMatchObject({ status: 'refused', video_url: null });
  });

  it('charges the pipeline estimate up front and reports refunds for refused scenes in the SSE billing event', async () => {
    const { key, accountId } = await stack.newAccount({ balanceUsd: 5 });
    const r = await postSse(stack, '/v1/story/generate', {
      prompt: 'An old lighthouse by the sea. Later a rifle appears.', num_scenes: 3, duration: 15, resolution: '720p', transition: 'cut', music_style: 'none',
    }, { key });
    expect(r.status).toBe(200);
    const billing = r.events.find((e) => e.event === 'billing')!.data;
    expect(billing.scenes_requested).toBe(3);
    expect(billing.scenes_rendered).toBe(2);
    // The videos share (10 of the 30 credits) over three scenes: one third back, from the wallet first.
    expect(billing.refunded_usd).toBeCloseTo((10 / 3) * 0.0536, 4);
    const complete = r.events.at(-1)!;
    expect(complete.event).toBe('complete');
    expect(complete.data.credits_used).toBeCloseTo(30 - 10 / 3, 3);
    // 10 included credits + 20 from the wallet ($1.072), then $0.178667 back.
    expect(await wallet(accountId)).toBeCloseTo(5 - 1.072 + (10 / 3) * 0.0536, 4);
    expect(complete.data.scenes.map((s: any) => s.video_status)).toEqual(['rendered', 'rendered', 'refused']);
  });

  it('never charges sandbox keys', async () => {
    const { key, accountId } = await stack.newAccount({ balanceUsd: 0, environment: 'sandbox' });
    const r = await post('step/concept', { prompt: 'A sandbox castle', num_scenes: 2, duration: 15 }, key);
    expect(r.status).toBe(200);
    expect(r.body.credits_used).toBe(0);
    expect(r.body.billing).toEqual({ method: 'credits', usd_charged: 0, pln_charged: 0 });
    const chars = await post('step/characters', { story_id: r.body.story_id }, key);
    expect(chars.body.credits_used).toBe(0);
    expect(await db().selectFrom('credit_ledger').select('id').where('account_id', '=', accountId).execute()).toHaveLength(0);
  });
});
