import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';
import { storyPrefix } from '../../src/story/store';

let stack: TestStack;
beforeAll(async () => {
  // The clock is injected: stories live 4 seconds here instead of 24 hours. Caps are the seed's.
  stack = await startStack({ ATELIER_STORY_TTL_S: '4' });
});
afterAll(async () => {
  await stack?.close();
});

describe('Story lifetime and limits (seed 001 §3, §8)', () => {
  it('expires a story after its TTL: 404 invalid_story_id everywhere, files purged, workflow ended', async () => {
    const { key, accountId } = await stack.newAccount();
    const c = await stack.api('POST', '/v1/story/step/concept', { body: { prompt: 'A snowman waits for spring', num_scenes: 2, duration: 15 }, key });
    expect(c.status).toBe(200);
    const id = c.body.story_id;
    const chars = await stack.api('POST', '/v1/story/step/characters', { body: { story_id: id }, key });
    expect(chars.status).toBe(200);
    const dir = stack.atelier.deps.blobs.pathOf(storyPrefix(accountId, id));
    expect(existsSync(dir)).toBe(true);
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
    expect(existsSync(dir)).toBe(false);
    expect((await fetch(portrait)).status).toBe(404);
  });

  it('caps /v1/story/step* at 10 and /v1/story/generate at 3 per minute (429 rate_limited, Retry-After)', async () => {
    const { key } = await stack.newAccount();
    for (let i = 0; i < 10; i++) {
      const r = await stack.api('POST', '/v1/story/step/characters', { body: { story_id: 'story_missing' }, key });
      expect(r.status).toBe(404);
    }
    const capped = await stack.api('POST', '/v1/story/step/frames', { body: { story_id: 'story_missing' }, key });
    expect(capped.status).toBe(429);
    expect(capped.body.error).toMatchObject({ code: 'rate_limited', limit: 10 });
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(0);
    // Polling is a poll route with its own, larger window.
    expect((await stack.api('POST', '/v1/story/step/poll-videos', { body: { story_id: 'story_missing' }, key })).status).toBe(404);

    for (let i = 0; i < 3; i++) {
      const r = await stack.api('POST', '/v1/story/generate', { body: { prompt: '' }, key });
      expect(r.status).toBe(400);
    }
    const gen = await stack.api('POST', '/v1/story/generate', { body: { prompt: 'x' }, key });
    expect(gen.status).toBe(429);
    expect(gen.body.error.code).toBe('rate_limited');
    // Caps are per account.
    const other = await stack.newAccount();
    expect((await stack.api('POST', '/v1/story/step/frames', { body: { story_id: 'story_missing' }, key: other.key })).status).toBe(404);
  });
});
