import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';
import { waitForVideos } from './helpers';
import { STEP_OWN_ATTEMPTS, STEP_WORKER_LOSS_ATTEMPTS } from '../../src/story/contract/steps';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack({ ATELIER_STORY_STEP_PER_MIN: '1000' });
});
afterAll(async () => {
  await stack?.close();
});

const post = (path: string, body: unknown, key?: string) => stack.api('POST', `/v1/story/${path}`, { body, key });

describe('Story Studio failures (generation_failed)', () => {
  it('refunds a scene that cannot be rendered, and answers 500 generation_failed with a refund when a step keeps failing', async () => {
    const { key, accountId } = await stack.newAccount({ balanceUsd: 20 });
    const db = stack.atelier.deps.db;
    const blobs = stack.atelier.deps.blobs;
    const c = await post('step/concept', { prompt: 'A kite over the dunes', num_scenes: 2, duration: 15 }, key);
    const id = c.body.story_id;
    await post('step/characters', { story_id: id }, key);
    await post('step/frames', { story_id: id, resolution: '720p' }, key);
    // Scene 1's keyframe disappears from storage: its render fails on every attempt.
    const frame1 = await db.selectFrom('story_frames').select('image_key').where('story_id', '=', id).where('scene_index', '=', 1).executeTakeFirstOrThrow();
    await blobs.delete(frame1.image_key);
    const v = await post('step/videos', { story_id: id }, key);
    expect(v.body.cost_usd).toBe(0.3); // 2 × 5 s at $0.03/s, charged up front
    const polled = await waitForVideos(stack, id, key, 120_000);
    expect(polled).toMatchObject({ completed: 1, failed: 1, pending: 0 });
    const refunds = await db.selectFrom('credit_ledger').select(['credits', 'kind']).where('account_id', '=', accountId).where('operation_id', 'like', `story:${id}:videos:%:failed`).execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.credits).toBeCloseTo(0.15 / 0.0536, 6);

    expect((await post('step/voiceover', { story_id: id }, key)).status).toBe(200);
    // The rendered clip disappears too: the final cut fails after its retries and is refunded.
    const clip = await db.selectFrom('story_videos').select('video_key').where('story_id', '=', id).where('status', '=', 'rendered').executeTakeFirstOrThrow();
    await blobs.delete(clip.video_key!);
    const used = (await stack.api('GET', '/v1/story/credits', { key })).body.used_credits;
    const fin = await post('step/final', { story_id: id, output_quality: '720p' }, key);
    expect(fin.status).toBe(500);
    expect(fin.body.error).toMatchObject({ code: 'generation_failed', story_id: id });
    expect((await stack.api('GET', '/v1/story/credits', { key })).body.used_credits).toBe(used);
    // The final cut failed on its own at its third attempt, the last of its own budget; the retry
    // policy's further attempts are kept for workers lost mid-step.
    const events = (await stack.atelier.deps.temporal.workflow.getHandle(id).fetchHistory()).events ?? [];
    const steps = events.filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'storyStep');
    expect(steps.at(-1)!.activityTaskScheduledEventAttributes!.retryPolicy!.maximumAttempts).toBe(STEP_OWN_ATTEMPTS + STEP_WORKER_LOSS_ATTEMPTS);
    const started = events.filter((e) => e.activityTaskStartedEventAttributes);
    expect(started.at(-1)!.activityTaskStartedEventAttributes!.attempt).toBe(STEP_OWN_ATTEMPTS);
  });
});
