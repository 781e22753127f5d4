import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';

let stack: TestStack;
/** Story caps tighter than the platform's per-endpoint caps, under ATELIER_RATE_LIMIT_SCALE=0.5. */
let halved: TestStack;
beforeAll(async () => {
  // The clock is injected: stories live 4 seconds here instead of 24 hours. Caps are the documented ones
  // (scale 1; tests default to 1000).
  [stack, halved] = await Promise.all([startStack({ ATELIER_STORY_TTL_S: '4', ATELIER_RATE_LIMIT_SCALE: '1' }), startStack({ ATELIER_RATE_LIMIT_SCALE: '0.5', ATELIER_STORY_STEP_PER_MIN: '6', ATELIER_STORY_GENERATE_PER_MIN: '2', ATELIER_ROLE: 'api' })]);
});
afterAll(async () => {
  await Promise.all([stack?.close(), halved?.close()]);
});

describe('Story lifetime and limits', () => {
  it('expires a story after its TTL: 404 invalid_story_id everywhere, files purged, workflow ended', async () => {
    const { key, accountId } = await stack.newAccount();
    const c = await stack.api('POST', '/v1/story/step/concept', { body: { prompt: 'A snowman waits for spring', num_scenes: 2, duration: 15 }, key });
    expect(c.status).toBe(200);
    const id = c.body.story_id;
    const chars = await stack.api('POST', '/v1/story/step/characters', { body: { story_id: id }, key });
    expect(chars.status).toBe(200);
    const { blobs, db } = stack.atelier.deps;
    const files = (await db.selectFrom('story_characters').select('image_key').where('story_id', '=', id).execute()).map((r) => r.image_key);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(f.startsWith(`${accountId}/`) && (await blobs.exists(f))).toBe(true);
    const portrait = chars.body.characters[0].reference_url;
    expect((await fetch(portrait)).status).toBe(200);

    const result = await stack.atelier.deps.temporal.workflow.getHandle(id).result();
    expect(result).toEqual({ expired: true });
    for (const [method, path, body] of [
      ['GET', `/v1/story/${id}`, undefined],
      ['POST', '/v1/story/step/frames', { story_id: id }],
      ['POST', '/v1/story/step/poll-videos', { story_id: id }],
      ['POST', '/v1/story/regenerate/character', { story_id: id, character_id: chars.body.characters[0].id }],
    ] as const) {
      const r = await stack.api(method, path, { body, key });
      expect(r.status, path).toBe(404);
      expect(r.body.error.code).toBe('invalid_story_id');
    }
    for (const f of files) expect(await blobs.exists(f)).toBe(false);
    expect((await fetch(portrait)).status).toBe(404);
  });

  it('caps /v1/story/step* at 10 and /v1/story/generate at 3 per minute (the per-endpoint 429, Retry-After)', async () => {
    const { key } = await stack.newAccount();
    for (let i = 0; i < 10; i++) {
      const r = await stack.api('POST', '/v1/story/step/characters', { body: { story_id: 'story_missing' }, key });
      expect(r.status).toBe(404);
    }
    const capped = await stack.api('POST', '/v1/story/step/frames', { body: { story_id: 'story_missing' }, key });
    expect(capped.status).toBe(429);
    // At the documented limits the platform's per-endpoint cap (checked first) is the one that answers.
    expect(capped.body).toEqual({ error: 'Rate limit exceeded: 10 per 1 minute' });
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(0);
    // Polling is a poll route with its own, larger window.
    expect((await stack.api('POST', '/v1/story/step/poll-videos', { body: { story_id: 'story_missing' }, key })).status).toBe(404);

    for (let i = 0; i < 3; i++) {
      const r = await stack.api('POST', '/v1/story/generate', { body: { prompt: '' }, key });
      expect(r.status).toBe(400);
    }
    const gen = await stack.api('POST', '/v1/story/generate', { body: { prompt: 'x' }, key });
    expect(gen.status).toBe(429);
    expect(gen.body).toEqual({ error: 'Rate limit exceeded: 3 per 1 minute' });
    // Caps are per account.
    const other = await stack.newAccount();
    expect((await stack.api('POST', '/v1/story/step/frames', { body: { story_id: 'story_missing' }, key: other.key })).status).toBe(404);
  });

  it('scales its own caps by ATELIER_RATE_LIMIT_SCALE like every other limiter (story caps 6 and 2 at 0.5: 3 and 1)', async () => {
    const { key } = await halved.newAccount();
    // Unscaled, the story caps would be 6 and 2, and the 4th step would pass (the platform's own cap is 5 here).
    for (let i = 0; i < 3; i++) expect((await halved.api('POST', '/v1/story/step/characters', { body: { story_id: 'story_missing' }, key })).status).toBe(404);
    const capped = await halved.api('POST', '/v1/story/step/frames', { body: { story_id: 'story_missing' }, key });
    expect(capped.status).toBe(429);
    expect(capped.body.error).toMatchObject({ code: 'rate_limited', limit: 3 });
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await halved.api('POST', '/v1/story/generate', { body: { prompt: '' }, key })).status).toBe(400);
    const gen = await halved.api('POST', '/v1/story/generate', { body: { prompt: 'x' }, key });
    expect(gen.status).toBe(429);
    expect(gen.body.error).toMatchObject({ code: 'rate_limited', limit: 1 });
  });
});
