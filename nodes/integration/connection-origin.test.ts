// Issue 27: a connection's secret could be sent to any host — an absolute `path` in
// integration.connection_request replaced the connection's base_url, and the SaaS nodes' `base_url`
// and http.graphql's `url` did the same. A secret now goes only to its connection's origin; any
// other target fails the node with `connection_origin` before a byte is sent. Two loopback servers
// on different ports are two origins: `home` (the connection's) and `elsewhere`, which must see
// nothing.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { credentialsFor, harness, main } from '../_lib/harness';

type Recorder = { server: Server; url: string; hits: string[] };
async function recorder(answer: unknown): Promise<Recorder> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, hits };
}
const home = await recorder({ ok: true, data: { user: { id: 'u1' } } });
const elsewhere = await recorder({ ok: true });
afterAll(async () => {
  for (const r of [home, elsewhere]) await new Promise<void>((done) => r.server.close(() => done()));
});
beforeEach(() => {
  home.hits.length = 0;
  elsewhere.hits.length = 0;
});

const refused = { type: 'connection_origin', retryable: false };

describe('integration.connection_request', () => {
  const h = () => harness({ capabilities: { credentials: credentialsFor({ connection: { provider: 'http', secret: 'conn-bearer-1', metadata: { base_url: `${home.url}/api`, auth_type: 'bearer' } } }) } });

  it.each([
    ['an absolute path', () => `${elsewhere.url}/steal`],
    ['an absolute path on another port of the same host', () => `${home.url.replace(/:\d+$/, ':1')}/x`],
    ['another scheme', () => `https://${home.url.slice('http://'.length)}/x`],
    // URL parsers read a backslash as a slash in http(s) URLs: these become scheme-relative.
    ['a backslash-led host', () => `\\\\${elsewhere.url.slice('http://'.length)}/x`],
    ['a scheme with backslashes', () => `http:\\\\${elsewhere.url.slice('http://'.length)}/x`],
    ['user info before another host', () => `http://${home.url.slice('http://'.length)}@${elsewhere.url.slice('http://'.length)}/x`],
  ])('refuses %s and sends nothing', async (_name, path) => {
    await expect(main('integration.connection_request', { path: path() }, {}, h())).rejects.toMatchObject(refused);
    expect(elsewhere.hits).toEqual([]);
    expect(home.hits).toEqual([]);
  });

  it('a path on the connection (leading slashes included) reaches it with the secret', async () => {
    expect(await main('integration.connection_request', { path: '//v1/me' }, {}, h())).toMatchObject({ status: 200 });
    expect(home.hits).toEqual(['GET /api/v1/me Bearer conn-bearer-1']);
  });
});

// [type, slot, secret, params]
const SAAS: Array<[string, string, string, Record<string, unknown>]> = [
  ['integration.slack_post_message', 'slack', 'xoxb-slack-1', { channel: 'C1', text: 'hi' }],
  ['integration.telegram_send_message', 'telegram', '123:tg-secret', { chat_id: 42, text: 'hello' }],
  ['integration.github_create_issue', 'github', 'ghp_tok', { owner: 'acme', repo: 'site', title: 'Broken link' }],
  ['integration.notion_create_page', 'notion', 'secret_notion', { database_id: 'db1', title: 'Episode 3' }],
  ['integration.google_sheets_append', 'google_sheets', 'ya29.token', { spreadsheet_id: 'sheet1', range: 'A:C', rows: [['x', 1]] }],
  ['integration.airtable_create_record', 'airtable', 'pat_air', { base_id: 'appABC123', table: 'Leads', records: [{ Name: 'Ada' }] }],
  ['integration.linear_create_issue', 'linear', 'lin_api_key', { team_id: 't1', title: 'Ship it' }],
  ['integration.jira_create_issue', 'jira', JSON.stringify({ email: 'ops@acme.test', token: 'jira-tok' }), { project_key: 'OPS', summary: 'Disk full' }],
  ['integration.trello_create_card', 'trello', JSON.stringify({ key: 'trello-key', token: 'trello-tok' }), { list_id: 'L1', name: 'Edit video' }],
];

describe('SaaS nodes with a bound connection', () => {
  it.each(SAAS)('%s: base_url pointing away from the connection is refused, nothing sent', async (type, slot, secret, params) => {
    const h = harness({ capabilities: { credentials: credentialsFor({ [slot]: { secret, metadata: { base_url: home.url } } }) } });
    await expect(main(type, { ...params, base_url: elsewhere.url }, {}, h)).rejects.toMatchObject(refused);
    expect(elsewhere.hits).toEqual([]);
  });

  it.each(SAAS)('%s: a connection with no base_url of its own is tied to the real API, not to base_url', async (type, slot, secret, params) => {
    const h = harness({ capabilities: { credentials: credentialsFor({ [slot]: { secret } }) } });
    await expect(main(type, { ...params, base_url: elsewhere.url }, {}, h)).rejects.toMatchObject(refused);
    expect(elsewhere.hits).toEqual([]);
  });

  it('the inline credential cannot name a destination a bound connection does not', async () => {
    const jira = (metadata: Record<string, unknown>) => harness({ capabilities: { credentials: credentialsFor({ jira: { secret: JSON.stringify({ email: 'a@b.test', token: 'jira-tok' }), metadata } }) } });
    await expect(main('integration.jira_create_issue', { project_key: 'OPS', summary: 's', credential: { base_url: elsewhere.url } }, {}, jira({}))).rejects.toMatchObject(refused);
    // Where the connection names it, the connection's own address wins.
    await main('integration.jira_create_issue', { project_key: 'OPS', summary: 's', credential: { base_url: elsewhere.url } }, {}, jira({ base_url: home.url }));
    expect(home.hits).toEqual(['POST /rest/api/3/issue Basic ' + Buffer.from('a@b.test:jira-tok').toString('base64')]);
    const r = harness({ capabilities: { credentials: credentialsFor({ redis: { secret: 'redis-pass', metadata: { host: '127.0.0.1', port: 6379 } } }) } });
    await expect(main('integration.redis_get', { key: 'k', credential: { url: 'redis://127.0.0.1:6390' } }, {}, r)).rejects.toMatchObject(refused);
    expect(elsewhere.hits).toEqual([]);
  });

  it("the connection's own origin is served; an inline credential (the author's own token) may go anywhere", async () => {
    const h = harness({ capabilities: { credentials: credentialsFor({ slack: { secret: 'xoxb-slack-1', metadata: { base_url: home.url } } }) } });
    await main('integration.slack_post_message', { channel: 'C1', text: 'hi' }, {}, h);
    expect(home.hits).toEqual(['POST /api/chat.postMessage Bearer xoxb-slack-1']);
    await main('integration.slack_post_message', { channel: 'C1', text: 'hi', base_url: elsewhere.url, credential: { token: 'my-own' } });
    expect(elsewhere.hits).toEqual(['POST /api/chat.postMessage Bearer my-own']);
  });
});

describe('http.graphql with a bound connection', () => {
  const query = '{ user(id: "u1") { id } }';
  it('sends the token only to the connection\'s origin', async () => {
    const h = harness({ capabilities: { credentials: credentialsFor({ graphql: { secret: 'gql-token-1', metadata: { base_url: home.url } } }) } });
    await expect(main('http.graphql', { url: `${elsewhere.url}/graphql`, query }, {}, h)).rejects.toMatchObject(refused);
    expect(elsewhere.hits).toEqual([]);
    expect(await main('http.graphql', { url: `${home.url}/graphql`, query }, {}, h)).toEqual({ data: { user: { id: 'u1' } }, errors: [] });
    expect(home.hits).toEqual(['POST /graphql Bearer gql-token-1']);
  });

  it('a connection that names no address sends its token nowhere', async () => {
    const h = harness({ capabilities: { credentials: credentialsFor({ graphql: { secret: 'gql-token-1' } }) } });
    await expect(main('http.graphql', { url: `${elsewhere.url}/graphql`, query }, {}, h)).rejects.toMatchObject({ ...refused, message: expect.stringMatching(/names no base_url/) });
    expect(elsewhere.hits).toEqual([]);
  });
});

describe('social.publish with a bound connection', () => {
  it('base_url away from the connection is refused, nothing sent', async () => {
    const h = harness({ capabilities: { credentials: credentialsFor({ mastodon: { secret: 'masto-token', metadata: { base_url: home.url } } }) } });
    await expect(main('social.publish', { platform: 'mastodon', text: 'hello', base_url: elsewhere.url }, {}, h)).rejects.toMatchObject(refused);
    const x = harness({ capabilities: { credentials: credentialsFor({ x: { secret: 'x-token' } }) } });
    await expect(main('social.publish', { platform: 'x', text: 'hello', base_url: elsewhere.url }, {}, x)).rejects.toMatchObject(refused);
    expect(elsewhere.hits).toEqual([]);
  });
});
