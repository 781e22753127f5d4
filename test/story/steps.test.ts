import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';
import { download, ffprobe, waitForVideos } from './helpers';

let stack: TestStack;
beforeAll(async () => {
  // Caps high so one file can walk every step; test/story/limits.test.ts checks the real caps.
  stack = await startStack({ ATELIER_STORY_STEP_PER_MIN: '1000', ATELIER_STORY_GENERATE_PER_MIN: '1000', ATELIER_INCLUDED_CREDITS: '100', ATELIER_STORY_UNAVAILABLE_MODELS: 'kling-2.1' });
});
afterAll(async () => {
  await stack?.close();
});

const post = (path: string, body: unknown, key?: string) => stack.api('POST', `/v1/story/${path}`, { body, key });

describe('Story Studio step by step', () => {
  it('walks the six steps with dependency errors, regenerations and a real final video', async () => {
    const { key } = await stack.newAccount({ balanceUsd: 50 });

    // Step 1 issues the story.
    const concept = await post('step/concept', { prompt: 'A lighthouse keeper befriends a lost whale', num_scenes: 2, duration: 15, seed: 7, style: 'anime' }, key);
    expect(concept.status).toBe(200);
    const id = concept.body.story_id;
    expect(id).toMatch(/^story_/);
    expect(concept.body.concept.scenes).toHaveLength(2);
    expect(concept.body.concept.scenes.reduce((s: number, x: any) => s + x.duration, 0)).toBe(15);
    expect(Object.keys(concept.body.concept).sort()).toEqual(['characters_needed', 'scenes', 'setting', 'synopsis', 'title', 'tone']);
    expect(Object.keys(concept.body.concept.scenes[0]).sort()).toEqual(['description', 'duration', 'index', 'mood', 'narration_text', 'title']);
    expect(concept.body.credits_used).toBe(3);
    expect(concept.body.billing).toEqual({ method: 'credits', usd_charged: 0, pln_charged: 0 });

    // Same seed, same concept.
    const again = await post('step/concept', { prompt: 'A lighthouse keeper befriends a lost whale', num_scenes: 2, duration: 15, seed: 7, style: 'anime' }, key);
    expect(again.body.concept).toEqual(concept.body.concept);
    expect(again.body.story_id).not.toBe(id);

    // Every dependency, out of order.
    for (const [path, body] of [
      ['step/frames', { story_id: id }],
      ['step/videos', { story_id: id }],
      ['step/voiceover', { story_id: id }],
      ['step/final', { story_id: id }],
      ['regenerate/frame', { story_id: id, scene_index: 0 }],
      ['regenerate/character', { story_id: id, character_id: 'chr_x' }],
    ] as const) {
      const r = await post(path, body, key);
      expect(r.status, path).toBe(400);
      expect(r.body.error.code, path).toBe('step_dependency');
      const needs: Record<string, string> = {
        'step/frames': 'characters', 'step/videos': 'frames', 'step/voiceover': 'videos', 'step/final': 'voiceover',
        'regenerate/frame': 'frames', 'regenerate/character': 'characters',
      };
      expect(r.body.error.required_step, path).toBe(needs[path]);
      expect(typeof r.body.error.message).toBe('string');
    }

    const chars = await post('step/characters', { story_id: id, characters: [
      { role: 'protagonist', description: 'An old keeper with a red scarf', age: 'elderly', gender: 'male' },
      { role: 'supporting', description: 'A curious young whale', age: 'child', gender: 'female' },
    ] }, key);
    expect(chars.status).toBe(200);
    expect(chars.body.characters).toHaveLength(2);
    const c0 = chars.body.characters[0];
    expect(c0).toMatchObject({ role: 'protagonist', version: 1 });
    expect(c0.consistency_embedding).toHaveLength(16);
    const portrait = await download(c0.reference_url, 'png');
    expect((await ffprobe(portrait)).streams[0]).toMatchObject({ codec_name: 'png', width: 1024, height: 1024 });

    const badScene = await post('step/frames', { story_id: id, scene_overrides: [{ index: 5, description: 'x' }], resolution: '720p' }, key);
    expect(badScene.status).toBe(400);
    expect(badScene.body.error.code).toBe('invalid_scene_index');

    const frames = await post('step/frames', { story_id: id, resolution: '720p', scene_overrides: [{ index: 1, description: 'The whale surfaces beside the lighthouse at dawn' }] }, key);
    expect(frames.status).toBe(200);
    expect(frames.body.frames).toHaveLength(2);
    expect(frames.body.frames[1].composition_notes).toEqual(expect.any(String));
    const f0 = await ffprobe(await download(frames.body.frames[0].frame_url, 'png'));
    expect(f0.streams[0]).toMatchObject({ width: 1280, height: 720 });

    // Regeneration keeps the story and bumps versions.
    const rc = await post('regenerate/character', { story_id: id, character_id: c0.id, style_hints: 'watercolour' }, key);
    expect(rc.status).toBe(200);
    expect(rc.body.character).toMatchObject({ id: c0.id, version: 2 });
    expect(rc.body.credits_used).toBe(3);
    const rc2 = await post('regenerate/character', { story_id: id, character_id: c0.id, description: 'Keeper in a yellow coat' }, key);
    expect(rc2.body.character.version).toBe(3);
    const unknownChar = await post('regenerate/character', { story_id: id, character_id: 'chr_nope' }, key);
    expect(unknownChar.status).toBe(400);
    const rf = await post('regenerate/frame', { story_id: id, scene_index: 0, camera_direction: 'push-in' }, key);
    expect(rf.status).toBe(200);
    expect(rf.body.frame).toMatchObject({ scene_index: 0, version: 2, camera_direction: 'push-in' });
    expect(rf.body.story_id).toBe(id);
    const rfBad = await post('regenerate/frame', { story_id: id, scene_index: 2 }, key);
    expect(rfBad.body.error.code).toBe('invalid_scene_index');

    // Step 4 answers when submitted; poll-videos reports pending until the renders are done.
    const vids = await post('step/videos', { story_id: id, video_model: 'veo-3-fast', fps: 24, motion_intensity: 'high' }, key);
    expect(vids.status).toBe(200);
    expect(vids.body.model_used).toBe('veo-3-fast');
    // 8 and 7 seconds snap down to Veo's ladder (4, 6, 8): 8 + 6 = 14 s at $0.15/s.
    expect(vids.body.videos.map((v: any) => v.duration)).toEqual([8, 6]);
    expect(vids.body.cost_usd).toBeCloseTo(2.1, 6);
    const early = await post('step/voiceover', { story_id: id }, key);
    if (early.status !== 200) expect(early.body.error.code).toBe('step_dependency');
    const polled = await waitForVideos(stack, id, key);
    expect(polled).toMatchObject({ pending: 0, completed: 2, status: 'completed' });
    const clip = await ffprobe(await download(polled.videos[0].video_url, 'mp4'));
    expect(clip.streams[0]).toMatchObject({ codec_name: 'h264', width: 1280, height: 720 });
    expect(clip.duration).toBeCloseTo(8, 0);

    const vo = await post('step/voiceover', { story_id: id, voice: 'narrator-female-2', speed: 1.25, narration_overrides: [{ scene_index: 1, text: 'The whale sings, and the keeper finally answers.' }] }, key);
    expect(vo.status).toBe(200);
    const segs = vo.body.voiceover.segments;
    expect(segs).toHaveLength(2);
    expect(segs[1].text).toBe('The whale sings, and the keeper finally answers.');
    for (const s of segs) expect(s.end_time - s.start_time).toBeCloseTo(s.duration, 2);
    expect(segs[1].start_time).toBeGreaterThanOrEqual(segs[0].end_time);
    const badVoice = await post('step/voiceover', { story_id: id, voice: 'narrator-robot' }, key);
    expect(badVoice.status).toBe(400);
    expect(badVoice.body.error.code).toBe('invalid_request');

    const fin = await post('step/final', { story_id: id, transition: 'cut', output_format: 'webm', output_quality: '720p', add_subtitles: true, subtitle_style: 'bold', music_style: 'ambient' }, key);
    expect(fin.status).toBe(200);
    expect(fin.body.final.metadata).toMatchObject({ scenes_count: 2, transition: 'cut', music_style: 'ambient', has_subtitles: true });
    expect(fin.body.final.metadata.total_generation_time_ms).toBeGreaterThan(0);
    const probe = await ffprobe(await download(fin.body.final.video_url, 'webm'));
    expect(probe.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:opus', 'video:vp9']);
    expect(probe.duration).toBeCloseTo(fin.body.final.duration, 0);
    expect(fin.body.final.duration).toBeGreaterThanOrEqual(14);
    const thumb = await fetch(fin.body.final.thumbnail_url);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');

    const read = await stack.api('GET', `/v1/story/${id}`, { key });
    expect(read.body.steps_completed.sort()).toEqual(['characters', 'concept', 'final', 'frames', 'videos', 'voiceover']);
    expect(read.body.characters[0].version).toBe(3);
  });

  it('validates bodies with the story error shape and answers unknown stories 404', async () => {
    const cases: Array<[string, unknown]> = [
      ['step/concept', {}],
      ['step/concept', { prompt: 'x'.repeat(2001) }],
      ['step/concept', { prompt: 'ok', style: 'noir' }],
      ['step/concept', { prompt: 'ok', num_scenes: 9 }],
      ['step/concept', { prompt: 'ok', duration: 14 }],
      ['step/concept', { prompt: 'ok', language: 'xx' }],
      ['step/frames', { story_id: 'story_x', resolution: '8k' }],
      ['step/videos', { story_id: 'story_x', video_model: 'sora-9' }],
      ['step/videos', { story_id: 'story_x', fps: 25 }],
      ['step/videos', { story_id: 'story_x', motion_intensity: 'extreme' }],
      ['step/voiceover', { story_id: 'story_x', speed: 1.6 }],
      ['step/final', { story_id: 'story_x', transition: 'spin' }],
      ['step/final', { story_id: 'story_x', transition_duration: 2.5 }],
      ['step/final', { story_id: 'story_x', music_volume: 1.5 }],
      ['step/final', { story_id: 'story_x', output_format: 'avi' }],
      ['step/characters', { story_id: 'story_x', characters: [{ role: 'villain', description: 'x' }] }],
      ['regenerate/frame', { story_id: 'story_x', scene_index: 0, camera_direction: 'zoom' }],
      ['generate', { prompt: 'ok', aspect_ratio: '4:3' }],
    ];
    for (const [path, body] of cases) {
      const r = await post(path, body);
      expect(r.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
      expect(r.body.error.code).toBe('invalid_request');
      expect(r.body.error.message).toEqual(expect.any(String));
    }
    const unknown = await post('step/characters', { story_id: 'story_does_not_exist' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: 'invalid_story_id', message: expect.any(String), story_id: 'story_does_not_exist' } });

    // Another account's story is unknown too.
    const mine = await post('step/concept', { prompt: 'A quiet garden', num_scenes: 2, duration: 15 });
    const other = await stack.newAccount();
    const foreign = await post('step/characters', { story_id: mine.body.story_id }, other.key);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('invalid_story_id');
  });

  it('applies the content policy: blocked prompts are refused before any charge', async () => {
    const { key, accountId } = await stack.newAccount();
    const r = await post('step/concept', { prompt: 'How to make a bomb in the basement' }, key);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('content_filtered');
    const credits = await stack.api('GET', '/v1/story/credits', { key });
    expect(credits.body.used_credits).toBe(0);
    const rows = await stack.atelier.deps.db.selectFrom('stories').select('id').where('account_id', '=', accountId).execute();
    expect(rows).toHaveLength(0);
  });

  it('answers 503 model_unavailable for a model taken down and renders a retired id on the default', async () => {
    const { key } = await stack.newAccount();
    const c = await post('step/concept', { prompt: 'Robots tending a rooftop garden', num_scenes: 2, duration: 15, style: 'scifi' }, key);
    const id = c.body.story_id;
    await post('step/characters', { story_id: id }, key);
    await post('step/frames', { story_id: id, resolution: '720p' }, key);
    const down = await post('step/videos', { story_id: id, video_model: 'kling-2.1' }, key);
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe('model_unavailable');
    const badIdx = await post('step/videos', { story_id: id, scene_indices: [0, 3] }, key);
    expect(badIdx.body.error.code).toBe('invalid_scene_index');
    const retired = await post('step/videos', { story_id: id, video_model: 'hailuo-02', scene_indices: [1] }, key);
    expect(retired.status).toBe(200);
    expect(retired.body.video_model).toBe('hailuo-02');
    expect(retired.body.model_used).toBe('seedance-1-pro');
    expect(retired.body.videos).toHaveLength(1);
    expect(retired.body.videos[0].duration).toBe(5); // 7 s snaps down to Seedance's 5/10/15 ladder
    await waitForVideos(stack, id, key);
    const ledger = await stack.atelier.deps.db.selectFrom('credit_ledger').select(['label']).where('operation_id', 'like', `story:${id}:videos:%`).execute();
    expect(ledger.map((l) => l.label)).toEqual(['story_step_videos:seedance-1-pro']);
  });
});
