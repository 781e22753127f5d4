// SaaS nodes against a loopback server that answers like the real API only when the request is
// what that API expects (method, path, auth header, body); otherwise it answers 400.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { credentialsFor, harness, main, undescribedParams } from '../_lib/harness';

interface Seen { method: string; url: string; headers: IncomingMessage['headers']; body: unknown }
const seen: Seen[] = [];
let reply: (s: Seen) => { status: number; body: unknown } = () => ({ status: 500, body: {} });

// Started at import time: the case table below needs the server's address when tests are collected.
const server: Server = createServer((req, res) => {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString()));
  req.on('end', () => {
    const s: Seen = { method: req.method!, url: req.url!, headers: req.headers, body: raw ? JSON.parse(raw) : null };
    seen.push(s);
    const r = reply(s);
    res.writeHead(r.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(r.body));
  });
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
afterAll(() => new Promise<void>((r) => server.close(() => r())));

// [type, slot, secret (or JSON secret), params, expected request, API answer, expected main]
type Case = [string, string, string, Record<string, unknown>, { method: string; url: string; headers: Record<string, string>; body: unknown }, unknown, unknown];
const cases = (): Case[] => [
  ['integration.slack_post_message', 'slack', 'xoxb-slack-1', { channel: 'C1', text: 'Hi *there*', thread_ts: '1.2', base_url: base },
    { method: 'POST', url: '/api/chat.postMessage', headers: { authorization: 'Bearer xoxb-slack-1' }, body: { channel: 'C1', text: 'Hi *there*', thread_ts: '1.2', unfurl_links: true } },
    { ok: true, channel: 'C1', ts: '99.1', message: { text: 'Hi *there*' } }, { channel: 'C1', ts: '99.1', message: { text: 'Hi *there*' } }],
  ['integration.discord_webhook', 'discord', `${base}/api/webhooks/123/tok-discord`, { content: 'New video!', username: 'Atelier', embeds: [{ title: 'T' }] },
    { method: 'POST', url: '/api/webhooks/123/tok-discord?wait=true', headers: {}, body: { content: 'New video!', username: 'Atelier', embeds: [{ title: 'T' }], allowed_mentions: { parse: ['users'] } } },
    { id: 'm1', channel_id: 'c9' }, { id: 'm1', channel_id: 'c9' }],
  ['integration.telegram_send_message', 'telegram', '123:tg-secret', { chat_id: 42, text: 'hello', parse_mode: 'HTML', base_url: base },
    { method: 'POST', url: '/bot123:tg-secret/sendMessage', headers: {}, body: { chat_id: 42, text: 'hello', parse_mode: 'HTML', disable_notification: false } },
    { ok: true, result: { message_id: 7, date: 1_700_000_000, chat: { id: 42 } } }, { message_id: 7, chat_id: 42, date: '2023-11-14T22:13:20.000Z' }],
  ['integration.github_create_issue', 'github', 'ghp_tok', { owner: 'acme', repo: 'site', title: 'Broken link', body: 'See /x', labels: ['bug'], base_url: base },
    { method: 'POST', url: '/repos/acme/site/issues', headers: { authorization: 'Bearer ghp_tok', accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' }, body: { title: 'Broken link', body: 'See /x', labels: ['bug'], assignees: [] } },
    { number: 12, id: 555, url: 'u', html_url: 'h' }, { number: 12, id: 555, url: 'u', html_url: 'h' }],
  ['integration.notion_create_page', 'notion', 'secret_notion', { database_id: 'db1', title: 'Episode 3', properties: { Status: { select: { name: 'Draft' } } }, content: 'One.\n\nTwo.', base_url: base },
    { method: 'POST', url: '/v1/pages', headers: { authorization: 'Bearer secret_notion', 'notion-version': '2022-06-28' }, body: {
      parent: { database_id: 'db1' }, properties: { Status: { select: { name: 'Draft' } }, Name: { title: [{ type: 'text', text: { content: 'Episode 3' } }] } },
      children: ['One.', 'Two.'].map((t) => ({ object: 'block', type: 'paragraph', paragraph: { rich_text: [{ type: 'text', text: { content: t } }] } })) } },
    { id: 'p1', url: 'https://notion.so/p1' }, { id: 'p1', url: 'https://notion.so/p1' }],
  ['integration.google_sheets_append', 'google_sheets', 'ya29.token', { spreadsheet_id: 'sheet1', range: 'Leads!A:C', rows: [{ name: 'Ada', n: 3, extra: { a: 1 } }, ['x', 1, true]], columns: ['name', 'n', 'extra'], base_url: base },
    { method: 'POST', url: '/v4/spreadsheets/sheet1/values/Leads!A%3AC:append?valueInputOption=USER_ENTERED&insertDataOption=INSERT_ROWS', headers: { authorization: 'Bearer ya29.token' }, body: { majorDimension: 'ROWS', values: [['Ada', 3, '{"a":1}'], ['x', 1, true]] } },
    { updates: { updatedRange: 'Leads!A5:C6', updatedRows: 2, updatedCells: 6 } }, { updated_range: 'Leads!A5:C6', updated_rows: 2, updated_cells: 6 }],
  ['integration.airtable_create_record', 'airtable', 'pat_air', { base_id: 'appABC123', table: 'Leads', records: [{ Name: 'Ada' }], typecast: true, base_url: base },
    { method: 'POST', url: '/v0/appABC123/Leads', headers: { authorization: 'Bearer pat_air' }, body: { records: [{ fields: { Name: 'Ada' } }], typecast: true } },
    { records: [{ id: 'rec1', createdTime: '2026-01-01T00:00:00.000Z', fields: { Name: 'Ada' } }] }, { records: [{ id: 'rec1', created_time: '2026-01-01T00:00:00.000Z', fields: { Name: 'Ada' } }], count: 1 }],
  ['integration.linear_create_issue', 'linear', 'lin_api_key', { team_id: 't1', title: 'Ship it', priority: 2, base_url: base },
    { method: 'POST', url: '/graphql', headers: { authorization: 'lin_api_key' }, body: { query: expect.stringContaining('issueCreate(input: $input)'), variables: { input: { teamId: 't1', title: 'Ship it', priority: 2 } } } },
    { data: { issueCreate: { success: true, issue: { id: 'i1', identifier: 'ENG-1', url: 'u', title: 'Ship it' } } } }, { id: 'i1', identifier: 'ENG-1', url: 'u', title: 'Ship it' }],
  ['integration.jira_create_issue', 'jira', JSON.stringify({ email: 'ops@acme.test', token: 'jira-tok' }), { base_url: base, project_key: 'OPS', summary: 'Disk full', description: 'On host a.' },
    { method: 'POST', url: '/rest/api/3/issue', headers: { authorization: `Basic ${Buffer.from('ops@acme.test:jira-tok').toString('base64')}` }, body: { fields: { project: { key: 'OPS' }, issuetype: { name: 'Task' }, summary: 'Disk full', labels: [], description: { type: 'doc', version: 1, content: [{ type: 'paragraph', content: [{ type: 'text', text: 'On host a.' }] }] } } } },
    { id: '1001', key: 'OPS-7' }, { id: '1001', key: 'OPS-7', url: `${base}/browse/OPS-7` }],
  ['integration.trello_create_card', 'trello', JSON.stringify({ key: 'trello-key', token: 'trello-tok' }), { list_id: 'L1', name: 'Edit video', base_url: base },
    { method: 'POST', url: '/1/cards', headers: { authorization: 'OAuth oauth_consumer_key="trello-key", oauth_token="trello-tok"' }, body: { idList: 'L1', name: 'Edit video', desc: '', pos: 'bottom' } },
    { id: 'card1', url: 'u', shortUrl: 's' }, { id: 'card1', url: 'u', short_url: 's' }],
];

describe('SaaS integration nodes', () => {
  it.each(cases().map((c) => [c[0], c] as const))('%s sends what the API expects and returns its answer', async (_t, [type, slot, secret, params, expected, answer, out]) => {
    const c = cases().find((x) => x[0] === type)!;
    const exp = c[4];
    reply = (s) => {
      const ok = s.method === exp.method && s.url === exp.url && Object.entries(exp.headers).every(([k, v]) => s.headers[k] === v);
      return ok ? { status: 200, body: c[5] } : { status: 400, body: { message: `unexpected ${s.method} ${s.url}` } };
    };
    // The connection names its own address (the loopback API); a secret goes nowhere else.
    const h = harness({ capabilities: { credentials: credentialsFor({ [slot]: { secret, metadata: slot === 'discord' ? {} : { base_url: base } } }) } });
    const before = seen.length;
    const result = await main(type, params, {}, h);
    expect(result).toEqual(out);
    expect(seen.length).toBe(before + 1);
    const s = seen.at(-1)!;
    expect({ method: s.method, url: s.url }).toEqual({ method: expected.method, url: expected.url });
    for (const [k, v] of Object.entries(expected.headers)) expect(s.headers[k], k).toBe(v);
    expect(s.headers['content-type']).toMatch(/^application\/json/);
    expect(s.body).toEqual(expected.body);
    expect(JSON.stringify(result)).not.toContain(typeof secret === 'string' && !secret.startsWith('http') && !secret.startsWith('{') ? secret : '\u0000');
    void answer;
  });

  it('API errors fail the node with the API message, secrets redacted; 429 and 5xx are retryable', async () => {
    const h = harness({ capabilities: { credentials: credentialsFor({ telegram: { secret: '123:tg-secret', metadata: { base_url: base } } }) } });
    reply = () => ({ status: 400, body: { ok: false, description: 'Bad Request: chat not found' } });
    const err = (await main('integration.telegram_send_message', { chat_id: 1, text: 'x', base_url: base }, {}, h).catch((e: unknown) => e)) as Error;
    expect(err).toMatchObject({ type: 'telegram_error', retryable: false, message: 'telegram API answered 400: Bad Request: chat not found' });
    reply = () => ({ status: 429, body: { message: 'slow down' } });
    await expect(main('integration.github_create_issue', { owner: 'a', repo: 'b', title: 't', base_url: base, credential: { token: 'ghp' } })).rejects.toMatchObject({ type: 'github_error', retryable: true });
    reply = () => ({ status: 200, body: { ok: false, error: 'channel_not_found' } });
    await expect(main('integration.slack_post_message', { channel: 'x', text: 'y', base_url: base, credential: { token: 't' } })).rejects.toMatchObject({ type: 'slack_error', message: 'slack: channel_not_found' });
    reply = () => ({ status: 200, body: { errors: [{ message: 'Entity not found: Team' }] } });
    await expect(main('integration.linear_create_issue', { team_id: 'x', title: 'y', base_url: base, credential: { token: 't' } })).rejects.toMatchObject({ type: 'linear_error', message: 'linear: Entity not found: Team' });
    await expect(main('integration.slack_post_message', { channel: 'x', text: 'y', base_url: base })).rejects.toMatchObject({ type: 'missing_credential' });
  });

  it('refuses private targets unless the deployment allows them', async () => {
    const h = harness({ capabilities: { allowPrivateNetwork: false } });
    await expect(main('integration.slack_post_message', { channel: 'x', text: 'y', base_url: base, credential: { token: 't' } }, {}, h)).rejects.toMatchObject({ type: 'blocked_address' });
  });

  it('describe every param', () => {
    for (const [t] of cases()) expect(undescribedParams(t), t).toEqual([]);
  });
});
