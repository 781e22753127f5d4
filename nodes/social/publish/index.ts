import { z } from 'zod';
import { assertConnectionOrigin, connectionHome, credential, inlineCredential, type NodeContext, type NodeDefinition, NodeError, redact, requireField, safeFetch } from '../../../src/engine/node-sdk';
import { pickText } from '../../_lib/media';
import { LIMITS, platformLength } from '../platforms';

const TARGETS = ['x', 'linkedin', 'mastodon', 'bluesky'] as const;
type Target = (typeof TARGETS)[number];

const DEFAULT_BASE: Record<Target, string | undefined> = { x: 'https://api.x.com', linkedin: 'https://api.linkedin.com', mastodon: undefined, bluesky: 'https://bsky.social' };

const params = z.object({
  platform: z.enum(TARGETS).describe('Where to publish: x, linkedin, mastodon or bluesky.'),
  text: z.string().max(10_000).optional().describe('Post text (already fitted, e.g. by social.format_post); when omitted, the text arriving on the input.'),
  base_url: z.string().url().optional().describe('API base URL: defaults to https://api.x.com, https://api.linkedin.com, https://bsky.social; required for Mastodon (your instance). May also come from the connection (`base_url`).'),
  visibility: z.enum(['public', 'unlisted', 'private']).default('public').describe('Mastodon visibility (public, unlisted, private); LinkedIn: public or connections-only (private).'),
  credential: inlineCredential('x/linkedin/mastodon: {access_token}; linkedin also {author_urn}; bluesky: {identifier, app_password}. A bound connection gives the token (or app password) as its secret and identifier/author_urn/base_url in its metadata'),
});

interface Sent { id: string; url: string | null; response: unknown }

async function call(ctx: NodeContext, url: string, init: { method?: string; headers: Record<string, string>; body?: unknown }, secrets: string[]): Promise<{ status: number; headers: Record<string, string>; json: unknown }> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  assertConnectionOrigin(ctx, url, secrets, { headers: init.headers, body });
  let res;
  try {
    res = await safeFetch(url, { method: init.method ?? 'POST', headers: { accept: 'application/json', 'content-type': 'application/json', ...init.headers }, body, signal: ctx.signal, timeoutMs: 30_000 }, { allowPrivateNetwork: ctx.allowPrivateNetwork });
  } catch (err) {
    throw new NodeError(redact(`could not reach ${new URL(url).host}: ${(err as Error).message}`, secrets), { type: 'publish_failed', retryable: !(err as Error).name.includes('Blocked') });
  }
  const text = res.body.toString('utf8');
  let json: unknown = text;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* keep the text */
  }
  if (res.status >= 400) {
    throw new NodeError(redact(`${new URL(url).host} refused the post (${res.status}): ${text.slice(0, 300)}`, secrets), { type: 'publish_failed', retryable: res.status === 429 || res.status >= 500 });
  }
  return { status: res.status, headers: res.headers, json };
}

const join = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

/** Publishes through each platform's real HTTP API. */
export const socialPublish: NodeDefinition<typeof params> = {
  type: 'social.publish',
  version: 1,
  category: 'social',
  subcategory: 'publish',
  name: 'Publish post',
  description: 'Publishes a text post through the platform\'s HTTP API: X `POST /2/tweets` (OAuth 2 user token), LinkedIn `POST /rest/posts` (versioned Posts API, author URN), Mastodon `POST /api/v1/statuses` (with an Idempotency-Key so a retried node does not post twice), Bluesky `com.atproto.server.createSession` then `com.atproto.repo.createRecord` (app.bsky.feed.post). Credentials come from the connection bound to the node\'s slot named after the platform; `base_url` points at any compatible server. Refuses text over the platform\'s limit.',
  tags: ['social', 'publish', 'twitter', 'x', 'linkedin', 'mastodon', 'bluesky', 'post'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{platform, id, url, published_at}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p, inputs }) {
    const text = pickText(p.text, inputs);
    const length = platformLength(text, p.platform);
    if (length > LIMITS[p.platform].chars) throw new NodeError(`the post is ${length} characters; ${LIMITS[p.platform].name} allows ${LIMITS[p.platform].chars} (use social.format_post)`, { type: 'invalid_params' });
    const cred = await credential(ctx, p.platform, p.credential);
    const home = DEFAULT_BASE[p.platform];
    if (home) connectionHome(ctx, p.platform, home);
    const base = p.base_url ?? (typeof cred.base_url === 'string' ? cred.base_url : undefined) ?? DEFAULT_BASE[p.platform];
    if (!base) throw new NodeError(`${p.platform} needs base_url (your instance)`, { type: 'invalid_params' });
    let sent: Sent;
    if (p.platform === 'bluesky') {
      const identifier = requireField(cred, ['identifier'], 'bluesky');
      const password = requireField(cred, ['app_password', 'secret'], 'bluesky');
      const session = (await call(ctx, join(base, '/xrpc/com.atproto.server.createSession'), { headers: {}, body: { identifier, password } }, [password])).json as { accessJwt?: string; did?: string; handle?: string };
      if (!session?.accessJwt || !session.did) throw new NodeError('bluesky: createSession returned no session', { type: 'publish_failed' });
      const record = { $type: 'app.bsky.feed.post', text, createdAt: new Date().toISOString() };
      const r = (await call(ctx, join(base, '/xrpc/com.atproto.repo.createRecord'), { headers: { authorization: `Bearer ${session.accessJwt}` }, body: { repo: session.did, collection: 'app.bsky.feed.post', record } }, [password, session.accessJwt])).json as { uri: string; cid: string };
      const rkey = r.uri.split('/').pop();
      sent = { id: r.uri, url: `https://bsky.app/profile/${session.handle ?? session.did}/post/${rkey}`, response: r };
    } else {
      const token = requireField(cred, ['access_token', 'secret'], p.platform);
      const auth = { authorization: `Bearer ${token}` };
      if (p.platform === 'x') {
        const r = (await call(ctx, join(base, '/2/tweets'), { headers: auth, body: { text } }, [token])).json as { data?: { id: string } };
        if (!r?.data?.id) throw new NodeError('x: the response has no post id', { type: 'publish_failed' });
        sent = { id: r.data.id, url: `https://x.com/i/web/status/${r.data.id}`, response: r };
      } else if (p.platform === 'mastodon') {
        const r = (await call(ctx, join(base, '/api/v1/statuses'), { headers: { ...auth, 'idempotency-key': `${ctx.runId}:${ctx.nodeId}` }, body: { status: text, visibility: p.visibility } }, [token])).json as { id: string; url?: string };
        sent = { id: r.id, url: r.url ?? null, response: r };
      } else {
        const author = requireField(cred, ['author_urn'], 'linkedin');
        const body = {
          author, commentary: text, visibility: p.visibility === 'private' ? 'CONNECTIONS' : 'PUBLIC',
          distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
          lifecycleState: 'PUBLISHED', isReshareDisabledByAuthor: false,
        };
        const r = await call(ctx, join(base, '/rest/posts'), { headers: { ...auth, 'linkedin-version': '202401', 'x-restli-protocol-version': '2.0.0' }, body }, [token]);
        const id = r.headers['x-restli-id'] ?? r.headers['x-linkedin-id'] ?? '';
        if (!id) throw new NodeError('linkedin: the response has no x-restli-id', { type: 'publish_failed' });
        sent = { id, url: `https://www.linkedin.com/feed/update/${id}/`, response: null };
      }
    }
    ctx.log('info', `published to ${p.platform}: ${sent.id}`);
    return { output: { main: { platform: p.platform, id: sent.id, url: sent.url, published_at: new Date().toISOString(), length } } };
  },
};
