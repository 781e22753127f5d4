/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely-typed node outputs */
// The social category: limits as each platform counts them, threads, schedule slots in a time
// zone, and publishing against a loopback server that checks what each real API expects.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaHarness } from '../_lib/media-testing';
import { platformLength } from './platforms';

interface Seen { method: string; path: string; headers: IncomingMessage['headers']; body: any }
let server: Server;
let base: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : null;
      seen.push({ method: req.method!, path: req.url!, headers: req.headers, body });
      const json = (status: number, data: unknown, headers: Record<string, string> = {}) => res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(data));
      if (req.url === '/2/tweets') return req.headers.authorization === 'Bearer x-token' ? json(201, { data: { id: '1790', text: body.text } }) : json(401, { title: 'Unauthorized' });
      if (req.url === '/api/v1/statuses') return json(200, { id: '111', url: 'https://social.example/@me/111' });
      if (req.url === '/rest/posts') return res.writeHead(201, { 'x-restli-id': 'urn:li:share:42' }).end();
      if (req.url === '/xrpc/com.atproto.server.createSession') return body.password === 'app-pass' ? json(200, { accessJwt: 'jwt-1', did: 'did:plc:abc', handle: 'me.bsky.social' }) : json(401, { error: 'AuthenticationRequired' });
      if (req.url === '/xrpc/com.atproto.repo.createRecord') return json(200, { uri: 'at://did:plc:abc/app.bsky.feed.post/3k2', cid: 'bafy' });
      json(404, {});
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const long = 'Atelier turns scripts into vertical videos with captions. '.repeat(12).trim();

describe('social nodes', () => {
  it('social.format_post fits X with a link counted as 23 and hashtags kept whole', async () => {
    const h = mediaHarness();
    const out = await h.main('social.format_post', { text: long, platform: 'x', link: `https://example.com/${'a'.repeat(80)}`, hashtags: ['video', '#ai', 'shorts', 'extra'] });
    expect(out.length).toBeLessThanOrEqual(280);
    expect(out.length).toBe(platformLength(out.text, 'x'));
    expect(out.truncated).toBe(true);
    expect(out.hashtags).toEqual(['#video', '#ai', '#shorts']);
    expect(out.text).toMatch(/…\n\nhttps:\/\/example\.com\/a+\n\n#video #ai #shorts$/);
    const li = await h.main('social.format_post', { text: long, platform: 'linkedin', mentions: ['atelier'] });
    expect(li).toMatchObject({ truncated: false, limit: 3000 });
    expect(li.text.startsWith('@atelier Atelier turns')).toBe(true);
  });

  it('social.hashtags and social.thread_split', async () => {
    const h = mediaHarness();
    const tags = await h.main('social.hashtags', { text: 'Vertical video tips: vertical video editing and captions for vertical video', count: 3, always: ['Atelier'] });
    expect(tags.hashtags[0]).toBe('#Atelier');
    expect(tags.hashtags).toEqual(['#Atelier', '#vertical', '#video']);
    const t = await h.main('social.thread_split', { platform: 'bluesky' }, { up: long });
    expect(t.count).toBeGreaterThan(1);
    for (const post of t.posts) expect(platformLength(post, 'bluesky')).toBeLessThanOrEqual(300);
    expect(t.posts[0]).toMatch(/ 1\/\d+$/);
  });

  it('social.schedule_post picks the next best hour in the audience time zone, clear of taken slots', async () => {
    const h = mediaHarness();
    // Monday 2026-11-23 10:30 in Paris (09:30 UTC): X's next best hour is 12:00 Paris = 11:00 UTC.
    const a = await h.main('social.schedule_post', { platform: 'x', timezone: 'Europe/Paris', now: '2026-11-23T09:30:00Z' }, { up: { text: 'hi' } });
    expect(a).toMatchObject({ publish_at: '2026-11-23T11:00:00.000Z', wait_s: 5400, local_time: '2026-11-23 12:00', text: 'hi' });
    const b = await h.main('social.schedule_post', { platform: 'x', timezone: 'Europe/Paris', now: '2026-11-23T09:30:00Z', taken: ['2026-11-23T11:20:00Z'] });
    expect(b.publish_at).toBe('2026-11-23T16:00:00.000Z');
    // LinkedIn skips the weekend: Saturday evening → Monday 08:00 New York.
    const c = await h.main('social.schedule_post', { platform: 'linkedin', timezone: 'America/New_York', now: '2026-11-28T23:00:00Z' });
    expect(c.publish_at).toBe('2026-11-30T13:00:00.000Z');
    await expect(h.run('social.schedule_post', { platform: 'x', timezone: 'Mars/Base' })).rejects.toThrow(/unknown time zone/);
  });

  it('social.publish posts through the X, Mastodon, LinkedIn and Bluesky APIs', async () => {
    const h = mediaHarness();
    seen.length = 0;
    expect(await h.main('social.publish', { platform: 'x', text: 'hello x', base_url: base, credential: { access_token: 'x-token' } })).toMatchObject({ id: '1790', url: 'https://x.com/i/web/status/1790' });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/2/tweets', body: { text: 'hello x' } });
    expect(await h.main('social.publish', { platform: 'mastodon', text: 'hello fedi', visibility: 'unlisted', base_url: base, credential: { access_token: 'm-token' } })).toMatchObject({ id: '111' });
    expect(seen[1]).toMatchObject({ path: '/api/v1/statuses', body: { status: 'hello fedi', visibility: 'unlisted' } });
    expect(seen[1]!.headers['idempotency-key']).toBe('run_test:n1');
    expect(seen[1]!.headers.authorization).toBe('Bearer m-token');
    expect(await h.main('social.publish', { platform: 'linkedin', text: 'hello li', base_url: base, credential: { access_token: 'l-token', author_urn: 'urn:li:person:7' } })).toMatchObject({ id: 'urn:li:share:42' });
    expect(seen[2]!.headers['linkedin-version']).toBe('202401');
    expect(seen[2]!.body).toMatchObject({ author: 'urn:li:person:7', commentary: 'hello li', visibility: 'PUBLIC', lifecycleState: 'PUBLISHED' });
    expect(await h.main('social.publish', { platform: 'bluesky', text: 'hello sky', base_url: base, credential: { identifier: 'me.bsky.social', app_password: 'app-pass' } })).toMatchObject({
      id: 'at://did:plc:abc/app.bsky.feed.post/3k2', url: 'https://bsky.app/profile/me.bsky.social/post/3k2',
    });
    expect(seen[4]).toMatchObject({ path: '/xrpc/com.atproto.repo.createRecord', body: { repo: 'did:plc:abc', collection: 'app.bsky.feed.post', record: { $type: 'app.bsky.feed.post', text: 'hello sky' } } });
    expect(seen[4]!.headers.authorization).toBe('Bearer jwt-1');
  });

  it('social.publish: a connection bound to the slot wins; errors are clear and never echo secrets', async () => {
    // The connection names its address (the loopback API): its secret is sent nowhere else.
    const credentials = { slots: () => ['x'], get: async () => ({ connection_id: 'conn_x', provider: 'x', name: 'x', metadata: { base_url: base }, secret: 'x-token' }) };
    const h = mediaHarness({ capabilities: { credentials } });
    expect(await h.main('social.publish', { platform: 'x', text: 'via connection', base_url: base })).toMatchObject({ id: '1790' });
    const bad = mediaHarness();
    const err = await bad.run('social.publish', { platform: 'x', text: 'nope', base_url: base, credential: { access_token: 'wrong-secret-token' } }).catch((e: Error) => e);
    expect(String(err)).toMatch(/refused the post \(401\)/);
    expect(String(err)).not.toMatch(/wrong-secret-token/);
    await expect(bad.run('social.publish', { platform: 'x', text: 'x'.repeat(281), base_url: base, credential: { access_token: 'a' } })).rejects.toThrow(/281 characters/);
    await expect(bad.run('social.publish', { platform: 'mastodon', text: 'x', credential: { access_token: 'a' } })).rejects.toThrow(/needs base_url/);
    await expect(bad.run('social.publish', { platform: 'x', text: 'x', base_url: base })).rejects.toThrow(/missing credential/);
  });
});
