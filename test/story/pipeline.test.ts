import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';
import { download, ffprobe, postSse, type SseEvent } from './helpers';

let stack: TestStack;
let streamedStoryId: string | undefined;
beforeAll(async () => {
  stack = await startStack({ ATELIER_STORY_GENERATE_PER_MIN: '1000', ATELIER_STORY_STEP_PER_MIN: '1000' });
});
afterAll(async () => {
  await stack?.close();
});

const FIELDS: Record<string, string[]> = {
  step_start: ['message', 'name', 'step'],
  step_progress: ['message', 'progress', 'step'],
  step_complete: ['name', 'result', 'step'],
  billing: ['refunded_usd', 'scenes_rendered', 'scenes_requested'],
  complete: ['characters', 'credits_used', 'duration', 'metadata', 'scenes', 'story_id', 'thumbnail_url', 'video_url'],
};
const NAMES = ['concept', 'characters', 'frames', 'videos', 'voiceover', 'final'];

/** The stream's shape: per step start, progress…, complete; billing after step 4; complete last. */
function checkOrder(events: SseEvent[]) {
  let step = 0;
  let phase: 'between' | 'inside' = 'between';
  for (const e of events) {
    expect(Object.keys(e.data).sort(), e.event).toEqual(FIELDS[e.event]);
    if (e.event === 'step_start') {
      expect(phase).toBe('between');
      expect(e.data.step).toBe(step + 1);
      expect(e.data.name).toBe(NAMES[step]);
      step = e.data.step;
      phase = 'inside';
    } else if (e.event === 'step_progress') {
      expect(phase).toBe('inside');
      expect(e.data.step).toBe(step);
      expect(e.data.progress).toBeGreaterThanOrEqual(0);
      expect(e.data.progress).toBeLessThanOrEqual(100);
    } else if (e.event === 'step_complete') {
      expect(e.data.step).toBe(step);
      expect(e.data.name).toBe(NAMES[step - 1]);
      phase = 'between';
    } else if (e.event === 'billing') {
      expect(step).toBe(4);
      expect(phase).toBe('between');
    }
  }
  expect(step).toBe(6);
  expect(events.at(-1)!.event).toBe('complete');
  expect(events.filter((e) => e.event === 'billing')).toHaveLength(1);
}

describe('POST /v1/story/generate', () => {
  it('streams the six steps in order and produces a real video', async () => {
    const { key, accountId } = await stack.newAccount({ balanceUsd: 10 });
    const started = Date.now();
    const r = await postSse(stack, '/v1/story/generate', {
      prompt: 'A paper boat sails across a rainy city to find the sea',
      num_scenes: 2, duration: 15, resolution: '720p', style: 'cartoon', seed: 1234, add_subtitles: true, subtitle_style: 'karaoke',
    }, { key });
    expect(r.status).toBe(200);
    expect(r.contentType).toMatch(/^text\/event-stream/);
    checkOrder(r.events);
    const billing = r.events.find((e) => e.event === 'billing')!.data;
    expect(billing).toEqual({ refunded_usd: 0, scenes_rendered: 2, scenes_requested: 2 });
    const done = r.events.at(-1)!.data;
    expect(done.story_id).toBe(r.storyId);
    streamedStoryId = done.story_id;
    expect(done.credits_used).toBe(30);
    expect(done.scenes).toHaveLength(2);
    expect(done.characters.length).toBeGreaterThan(0);
    expect(Object.keys(done.metadata).sort()).toEqual(['aspect_ratio', 'generation_time_ms', 'seed', 'style', 'video_model']);
    expect(done.metadata).toMatchObject({ style: 'cartoon', seed: 1234, aspect_ratio: '16:9', video_model: 'seedance-1-pro' });
    expect(done.metadata.generation_time_ms).toBeLessThanOrEqual(Date.now() - started);

    // The file: h264 + aac at 1280x720, as long as the scenes minus the crossfades.
    const probe = await ffprobe(await download(done.video_url, 'mp4'));
    const video = probe.streams.find((s) => s.codec_type === 'video')!;
    const audio = probe.streams.find((s) => s.codec_type === 'audio')!;
    expect(video).toMatchObject({ codec_name: 'h264', width: 1280, height: 720 });
    expect(audio.codec_name).toBe('aac');
    expect(probe.duration).toBeCloseTo(done.duration, 0);
    const story = (await stack.api('GET', `/v1/story/${done.story_id}`, { key })).body;
    const td = 0.5;
    const lengths = story.videos.map((v: any, i: number) => {
      const seg = story.voiceover.segments.find((s: any) => s.scene_index === v.scene_index);
      const overlap = i < story.videos.length - 1 ? td : 0;
      return Math.max(v.duration, seg ? 0.3 + seg.duration + 0.4 + overlap : 0);
    });
    const expected = lengths.reduce((a: number, b: number) => a + b, 0) - td * (lengths.length - 1);
    expect(done.duration).toBeCloseTo(expected, 1);
    expect(story.final.metadata).toMatchObject({ scenes_count: 2, transition: 'crossfade', has_subtitles: true });
    // The thumbnail: a real JPEG served (a 404's body would be an ArrayBuffer too).
    const thumb = await fetch(done.thumbnail_url);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = Buffer.from(await thumb.arrayBuffer());
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(jpeg.length).toBeGreaterThan(1000);

    // 30 credits from the included allowance, nothing from the wallet.
    const credits = (await stack.api('GET', '/v1/story/credits', { key })).body;
    expect(credits).toMatchObject({ included_credits: 100, used_credits: 30, remaining_credits: 70, wallet_balance_usd: 10 });
    const spends = await stack.atelier.deps.db.selectFrom('credit_ledger').selectAll().where('account_id', '=', accountId).execute();
    expect(spends.map((s) => [s.kind, s.credits, s.label])).toEqual([['spend', 30, 'story_generate']]);
  });

  it('replays the story workflow history deterministically', async () => {
    expect(streamedStoryId).toBeDefined();
    const history = await stack.atelier.deps.temporal.workflow.getHandle(streamedStoryId!).fetchHistory();
    expect(history.events?.length).toBeGreaterThan(10);
    await Worker.runReplayHistory({ workflowBundle: { codePath: inject('workflowBundlePath') } }, history, streamedStoryId);
  });

  it('keeps running when the client disconnects; the story can be read and re-attached', async () => {
    const { key } = await stack.newAccount();
    const r = await postSse(stack, '/v1/story/generate', { prompt: 'Two foxes race the first snow', num_scenes: 2, duration: 15, resolution: '720p', transition: 'wipe', music_style: 'upbeat' }, {
      key, stopAfter: (e) => e.event === 'step_complete' && e.data.step === 1,
    });
    expect(r.events.at(-1)!.data.name).toBe('concept');
    const id = r.storyId!;
    const deadline = Date.now() + 90_000;
    let story: any;
    for (;;) {
      story = (await stack.api('GET', `/v1/story/${id}`, { key })).body;
      if (story.final || Date.now() > deadline) break;
      await new Promise((res) => setTimeout(res, 500));
    }
    expect(story.final.metadata.transition).toBe('wipe');
    expect(story.final.metadata.music_style).toBe('upbeat');
    expect(story.frames).toHaveLength(2);
    // Re-attaching replays what was missed, through `complete`.
    const res = await fetch(`${stack.url}/v1/story/${id}/events`, { headers: { authorization: `Bearer ${key}` } });
    const text = await res.text();
    expect(text).toContain('event: complete');
    expect(text.indexOf('event: step_start')).toBeLessThan(text.indexOf('event: complete'));
  });

  it('caps stories in progress at three per account (429 rate_limited)', async () => {
    const { key } = await stack.newAccount({ balanceUsd: 20 });
    const body = { prompt: 'A lantern festival on the river', num_scenes: 2, duration: 15, resolution: '720p' };
    const streams = [0, 1, 2].map(() => postSse(stack, '/v1/story/generate', body, { key }));
    // Give the three a moment to claim their slots, then a fourth story is refused.
    await new Promise((res) => setTimeout(res, 1500));
    const fourth = await stack.api('POST', '/v1/story/step/concept', { body: { prompt: 'One more', num_scenes: 2, duration: 15 }, key });
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toMatchObject({ code: 'rate_limited', limit: 3 });
    expect(fourth.headers.get('retry-after')).toBeTruthy();
    const fifth = await postSse(stack, '/v1/story/generate', body, { key });
    expect(fifth.status).toBe(429);
    expect(fifth.json.error.code).toBe('rate_limited');
    const results = await Promise.all(streams);
    for (const s of results) expect(s.events.at(-1)!.event).toBe('complete');
    // Slots are released when the pipelines end.
    const after = await stack.api('POST', '/v1/story/step/concept', { body: { prompt: 'Now there is room', num_scenes: 2, duration: 15 }, key });
    expect(after.status).toBe(200);
  });
});
