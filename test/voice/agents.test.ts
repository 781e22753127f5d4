// Voice agents and session minting on the local engine: every rule of,
// through the HTTP API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';
import { insertApiKey } from '../../src/platform/accounts/accounts';
import { agentBody, balanceMicros, bucketKey, keyOfType, ledgers } from './helpers';

let stack: TestStack;

beforeAll(async () => {
  // 7 included credits per account: a first session is paid by credits, the second partly by the wallet.
  stack = await startStack({ ATELIER_INCLUDED_CREDITS: '7' });
});
afterAll(async () => {
  await stack?.close();
});

const create = (body: unknown, key?: string) => stack.api('POST', '/v1/voice/agents', { body, key });

/** A 400 whose body is exactly `{detail: <string>}` containing `fragment`. */
async function expect400(res: Promise<{ status: number; body: any }>, fragment: string | RegExp) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(Object.keys(r.body)).toEqual(['detail']);
  expect(typeof r.body.detail).toBe('string');
  expect(r.body.detail).toMatch(fragment);
}

describe('GET /v1/voice/voices', () => {
  it('lists the 26 multilingual voices to any key, for free', async () => {
    const ro = await keyOfType(stack, 'read-only');
    const before = await ledgers(stack, stack.accountId);
    const r = await stack.api('GET', '/v1/voice/voices', { key: ro });
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(26);
    expect(r.body.voices).toHaveLength(26);
    const ids = r.body.voices.map((v: { id: string }) => v.id);
    for (const id of ['ara', 'carina', 'celeste', 'eve', 'iris', 'luna', 'lux', 'altair', 'atlas', 'castor', 'cosmo', 'helios', 'helix', 'kepler',
      'leo', 'lumen', 'naksh', 'orion', 'perseus', 'rex', 'rigel', 'sal', 'sirius', 'ursa', 'zagan', 'zenith']) expect(ids).toContain(id);
    expect(r.body.voices.find((v: { id: string }) => v.id === 'eve')).toEqual({ id: 'eve', name: 'Eve', language: 'multilingual' });
    const after = await ledgers(stack, stack.accountId);
    expect(after.credits.length).toBe(before.credits.length);
    expect(after.wallet.length).toBe(before.wallet.length);
  });
});

describe('POST /v1/voice/agents', () => {
  it('creates an agent with the documented defaults', async () => {
    const r = await create(agentBody());
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Front desk',
      instructions: 'You answer questions about the hotel.',
      voice: 'eve',
      greeting: null,
      language: 'pl',
      tools: [],
      model: 'atelier-realtime-local',
      temperature: null,
      metadata: {},
      is_active: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(new Date(r.body.created_at).toISOString()).toBe(r.body.created_at);
  });

  it('trims name and instructions, lower-cases the voice, keeps every optional field', async () => {
    const r = await create({
      name: '  Concierge  ', instructions: '\n Be brief. \t', voice: ' ORION ', greeting: 'Dzień dobry!', language: 'en-US', temperature: 2,
      metadata: { team: 'ops', nested: { a: [1, 2] } }, model: 'ignored-read-only',
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: 'Concierge', instructions: 'Be brief.', voice: 'orion', greeting: 'Dzień dobry!', language: 'en-US', temperature: 2,
      metadata: { team: 'ops', nested: { a: [1, 2] } }, model: 'atelier-realtime-local',
    });
  });

  it('checks lengths after trimming: 80 and 8000 characters fit', async () => {
    const r = await create({ name: ` ${'n'.repeat(80)} `, instructions: `${'i'.repeat(8000)}   ` });
    expect(r.status).toBe(201);
    await expect400(create({ name: 'n'.repeat(81), instructions: 'x' }), /name must be at most 80 characters/);
    await expect400(create({ name: 'x', instructions: 'i'.repeat(8001) }), /instructions must be at most 8000 characters/);
  });

  it('refuses missing, empty and non-string name and instructions', async () => {
    await expect400(create({ instructions: 'x' }), 'name is required');
    await expect400(create({ name: null, instructions: 'x' }), 'name is required');
    await expect400(create({ name: '   ', instructions: 'x' }), 'name must not be empty');
    await expect400(create({ name: 42, instructions: 'x' }), 'name must be a string');
    await expect400(create({ name: 'x' }), 'instructions is required');
    await expect400(create({ name: 'x', instructions: '' }), 'instructions must not be empty');
    await expect400(create({ name: 'x', instructions: ['a'] }), 'instructions must be a string');
  });

  it('refuses an unknown voice, a bad greeting, language, temperature and metadata', async () => {
    await expect400(create(agentBody({ voice: 'alloy' })), /Unknown voice 'alloy'/);
    await expect400(create(agentBody({ voice: 7 })), 'voice must be a string');
    await expect400(create(agentBody({ greeting: 'g'.repeat(501) })), /greeting must be at most 500/);
    await expect400(create(agentBody({ greeting: 5 })), 'greeting must be a string or null');
    expect((await create(agentBody({ greeting: 'g'.repeat(500) }))).status).toBe(201);
    await expect400(create(agentBody({ language: 'p' })), 'language must be a string of 2 to 8 characters');
    await expect400(create(agentBody({ language: 'abcdefghi' })), 'language must be a string of 2 to 8 characters');
    await expect400(create(agentBody({ language: 12 })), 'language must be a string of 2 to 8 characters');
    expect((await create(agentBody({ language: 'abcdefgh' }))).status).toBe(201);
    for (const t of [-0.01, 2.01, '1', true]) await expect400(create(agentBody({ temperature: t })), 'temperature must be a number from 0 to 2, or null');
    for (const t of [0, 1.3, null]) expect((await create(agentBody({ temperature: t }))).body.temperature).toBe(t);
    for (const m of [[], 'x', null, 3]) await expect400(create(agentBody({ metadata: m })), 'metadata must be a JSON object');
  });

  it('refuses is_active on create and a body that is not an object', async () => {
    await expect400(create(agentBody({ is_active: false })), /is_active cannot be set when creating/);
    await expect400(create([agentBody()]), 'Request body must be a JSON object');
  });
});

describe('tool entries', () => {
  it('normalises to name, description, parameters and drops other keys', async () => {
    const r = await create(agentBody({
      tools: [
        { name: 'get_weather', description: 'd'.repeat(1200), parameters: { type: 'object', properties: { city: { type: 'string' } } }, type: 'function', strict: true },
        { name: 'Book-Room_2' },
      ],
    }));
    expect(r.status).toBe(201);
    expect(r.body.tools).toEqual([
      { name: 'get_weather', description: 'd'.repeat(1000), parameters: { type: 'object', properties: { city: { type: 'string' } } } },
      { name: 'Book-Room_2', description: '', parameters: { type: 'object', properties: {} } },
    ]);
  });

  it('takes 24 tools and refuses 25', async () => {
    const tools = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `t${i}` }));
    expect((await create(agentBody({ tools: tools(24) }))).body.tools).toHaveLength(24);
    await expect400(create(agentBody({ tools: tools(25) })), /at most 24/);
  });

  it('fails the whole request on any bad entry', async () => {
    const ok = { name: 'fine' };
    await expect400(create(agentBody({ tools: { name: 'x' } })), 'tools must be an array');
    await expect400(create(agentBody({ tools: [ok, 'get_weather'] })), 'tools[1] must be an object');
    await expect400(create(agentBody({ tools: [ok, null] })), 'tools[1] must be an object');
    await expect400(create(agentBody({ tools: [{ name: 'has space' }] })), /tools\[0\]\.name must be 1 to 64/);
    await expect400(create(agentBody({ tools: [{ name: '' }] })), /tools\[0\]\.name must be 1 to 64/);
    await expect400(create(agentBody({ tools: [{ name: 'x'.repeat(65) }] })), /tools\[0\]\.name must be 1 to 64/);
    await expect400(create(agentBody({ tools: [{ description: 'no name' }] })), /tools\[0\]\.name/);
    await expect400(create(agentBody({ tools: [ok, { name: 'fine' }] })), /tools\[1\]\.name 'fine' is a duplicate/);
    await expect400(create(agentBody({ tools: [{ name: 'a', parameters: [] }] })), 'tools[0].parameters must be a JSON Schema object');
    await expect400(create(agentBody({ tools: [{ name: 'a', parameters: 'object' }] })), 'tools[0].parameters must be a JSON Schema object');
    await expect400(create(agentBody({ tools: [{ name: 'a', parameters: null }] })), 'tools[0].parameters must be a JSON Schema object');
    await expect400(create(agentBody({ tools: [{ name: 'a', description: 5 }] })), 'tools[0].description must be a string');
    expect((await create(agentBody({ tools: [{ name: 'x'.repeat(64) }] }))).status).toBe(201);
  });
});

describe('listing', () => {
  it('pages newest first with limit clamped to 1..200 and offset clamped to 0', async () => {
    const other = await stack.newAccount();
    const ids: string[] = [];
    for (const name of ['first', 'second', 'third']) ids.push((await create(agentBody({ name }), other.key)).body.id);
    const list = (q: string) => stack.api('GET', `/v1/voice/agents${q}`, { key: other.key });

    const all = await list('');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ count: 3, limit: 50, offset: 0 });
    expect(all.body.agents.map((a: { name: string }) => a.name)).toEqual(['third', 'second', 'first']);

    const page1 = await list('?limit=2');
    expect(page1.body).toMatchObject({ count: 2, limit: 2, offset: 0 });
    const page2 = await list('?limit=2&offset=2');
    expect(page2.body).toMatchObject({ count: 1, limit: 2, offset: 2 });
    expect(page2.body.agents[0].id).toBe(ids[0]);

    expect((await list('?limit=0')).body).toMatchObject({ count: 1, limit: 1 });
    expect((await list('?limit=-4')).body).toMatchObject({ count: 1, limit: 1 });
    expect((await list('?limit=1000')).body).toMatchObject({ count: 3, limit: 200 });
    expect((await list('?offset=-10')).body).toMatchObject({ count: 3, offset: 0 });
    expect((await list('?limit=abc&offset=xyz')).body).toMatchObject({ count: 3, limit: 50, offset: 0 });
    expect((await list('?offset=3')).body).toMatchObject({ agents: [], count: 0 });
  });
});

describe('get, update, delete', () => {
  it('PATCH updates any field, greeting null removes, tools and metadata replace, updated_at moves', async () => {
    const a = (await create(agentBody({ greeting: 'Hi', tools: [{ name: 'a' }, { name: 'b' }], metadata: { x: 1, y: 2 } }))).body;
    const patch = (body: unknown) => stack.api('PATCH', `/v1/voice/agents/${a.id}`, { body });
    const r = await patch({ name: '  Renamed ', voice: 'Leo', greeting: null, tools: [], metadata: { z: 3 }, temperature: 0.4, language: 'de', instructions: ' New. ' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'Renamed', voice: 'leo', greeting: null, tools: [], metadata: { z: 3 }, temperature: 0.4, language: 'de', instructions: 'New.', created_at: a.created_at });
    expect(new Date(r.body.updated_at).getTime()).toBeGreaterThan(new Date(a.updated_at).getTime());
    expect((await patch({ temperature: null })).body.temperature).toBeNull();
    expect((await patch({ tools: [{ name: 'lookup', description: 'x' }] })).body.tools).toEqual([{ name: 'lookup', description: 'x', parameters: { type: 'object', properties: {} } }]);
    const got = await stack.api('GET', `/v1/voice/agents/${a.id}`);
    expect(got.body).toMatchObject({ name: 'Renamed', tools: [{ name: 'lookup' }] });
  });

  it('PATCH with no updatable field, or a bad one, is a 400 and changes nothing', async () => {
    const a = (await create(agentBody())).body;
    const patch = (body: unknown) => stack.api('PATCH', `/v1/voice/agents/${a.id}`, { body });
    await expect400(patch({}), /^No updatable fields supplied$/);
    await expect400(patch({ model: 'other', id: 'x', created_at: 'now' }), /^No updatable fields supplied$/);
    await expect400(patch({ name: '' }), 'name must not be empty');
    await expect400(patch({ name: 'ok', voice: 'nobody' }), /Unknown voice/);
    await expect400(patch({ is_active: 'no' }), 'is_active must be true or false');
    await expect400(patch({ tools: [{ name: 'a' }, { name: 'a' }] }), /duplicate/);
    await expect400(patch({ metadata: null }), 'metadata must be a JSON object');
    const got = await stack.api('GET', `/v1/voice/agents/${a.id}`);
    expect(got.body).toEqual(a);
  });

  it('DELETE answers {deleted, id}, then the agent is gone', async () => {
    const a = (await create(agentBody())).body;
    const r = await stack.api('DELETE', `/v1/voice/agents/${a.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ deleted: true, id: a.id });
    expect((await stack.api('GET', `/v1/voice/agents/${a.id}`)).status).toBe(404);
    expect((await stack.api('DELETE', `/v1/voice/agents/${a.id}`)).status).toBe(404);
  });

  it("another account's agent, an unknown id and a malformed id are 404 for every verb", async () => {
    const mine = (await create(agentBody())).body;
    const other = await stack.newAccount();
    for (const id of [mine.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      for (const [method, path, body] of [
        ['GET', `/v1/voice/agents/${id}`], ['PATCH', `/v1/voice/agents/${id}`, { name: 'stolen' }], ['DELETE', `/v1/voice/agents/${id}`],
        ['POST', `/v1/voice/agents/${id}/sessions`],
      ] as const) {
        const r = await stack.api(method, path, { key: other.key, body });
        expect(r.status, `${method} ${path}`).toBe(404);
        expect(r.body).toEqual({ detail: 'Voice agent not found' });
      }
    }
    expect((await stack.api('GET', `/v1/voice/agents/${mine.id}`)).body).toEqual(mine);
    expect((await ledgers(stack, other.accountId)).credits).toHaveLength(0);
  });
});

describe('authentication and key types', () => {
  it('answers 401 {detail} without a key or with a bad one', async () => {
    for (const key of [null, 'sk_live_not_a_real_key']) {
      const r = await stack.api('GET', '/v1/voice/agents', { key });
      expect(r.status).toBe(401);
      expect(Object.keys(r.body)).toEqual(['detail']);
      expect(typeof r.body.detail).toBe('string');
    }
  });

  it('read-only and bucket-scoped keys get 403 {detail} on every write; reads work for read-only keys', async () => {
    const a = (await create(agentBody())).body;
    const ro = await keyOfType(stack, 'read-only');
    const bucket = await bucketKey(stack);
    const writes = [
      ['POST', '/v1/voice/agents', agentBody()], ['PATCH', `/v1/voice/agents/${a.id}`, { name: 'x' }], ['DELETE', `/v1/voice/agents/${a.id}`],
      ['POST', `/v1/voice/agents/${a.id}/sessions`], ['POST', '/v1/voice/sessions', {}],
    ] as const;
    const before = await ledgers(stack, stack.accountId);
    for (const key of [ro, bucket]) {
      for (const [method, path, body] of writes) {
        const r = await stack.api(method, path, { key, body });
        expect(r.status, `${method} ${path}`).toBe(403);
        expect(Object.keys(r.body)).toEqual(['detail']);
        expect(typeof r.body.detail).toBe('string');
      }
    }
    expect((await stack.api('GET', `/v1/voice/agents/${a.id}`, { key: ro })).body).toEqual(a);
    expect((await stack.api('GET', '/v1/voice/agents', { key: ro })).status).toBe(200);
    expect((await ledgers(stack, stack.accountId)).credits.length).toBe(before.credits.length);
  });

  it("a read-only key's 403 names the type each voice write needs: write (PATCH and DELETE included)", async () => {
    const a = (await create(agentBody())).body;
    const ro = await keyOfType(stack, 'read-only');
    for (const [method, path, body] of [
      ['POST', '/v1/voice/agents', agentBody()], ['PATCH', `/v1/voice/agents/${a.id}`, { name: 'x' }], ['DELETE', `/v1/voice/agents/${a.id}`],
      ['POST', `/v1/voice/agents/${a.id}/sessions`], ['POST', '/v1/voice/sessions', {}],
    ] as const) {
      const r = await stack.api(method, path, { key: ro, body });
      expect([method, path, r.status]).toEqual([method, path, 403]);
      expect(r.body.detail, `${method} ${path}`).toBe(`A read-only key can make only GET requests; ${method} needs a write or admin key.`);
    }
    // Outside voice, PATCH and DELETE stay admin-only for write keys, and the answer says so.
    const keyId = (await stack.atelier.deps.db.selectFrom('api_keys').select('id').where('account_id', '=', stack.accountId).executeTakeFirstOrThrow()).id;
    const admin = await stack.api('DELETE', `/v1/auth/keys/${keyId}`, { key: ro });
    expect(admin.body.detail).toMatchObject({ error: 'insufficient_permissions', required_type: 'admin' });
  });

  it("keys scoped to other resource groups get 403 {detail}; the 'audio' scope reaches voice", async () => {
    const db = stack.atelier.deps.db;
    const scoped = async (scopes: string[]) =>
      (await insertApiKey(db, { accountId: stack.accountId, name: `scoped ${scopes}`, type: 'admin', environment: 'production', scopes })).key;
    const images = await scoped(['images']);
    for (const [method, path] of [['GET', '/v1/voice/voices'], ['POST', '/v1/voice/agents']] as const) {
      const r = await stack.api(method, path, { key: images, body: method === 'POST' ? agentBody() : undefined });
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ detail: expect.stringContaining("'audio' scope") });
    }
    const audio = await scoped(['audio']);
    expect((await stack.api('POST', '/v1/voice/agents', { key: audio, body: agentBody() })).status).toBe(201);
  });

  it('write keys create, update, delete and mint', async () => {
    const w = await keyOfType(stack, 'write');
    const a = await create(agentBody(), w);
    expect(a.status).toBe(201);
    expect((await stack.api('PATCH', `/v1/voice/agents/${a.body.id}`, { key: w, body: { name: 'by write key' } })).status).toBe(200);
    expect((await stack.api('POST', `/v1/voice/agents/${a.body.id}/sessions`, { key: w })).status).toBe(201);
    expect((await stack.api('DELETE', `/v1/voice/agents/${a.body.id}`, { key: w })).status).toBe(200);
  });
});

describe('sessions', () => {
  it("mints an agent's session: the credential, the agent's session, 5 credits from the included allowance first", async () => {
    const acct = await stack.newAccount({ balanceUsd: 10 });
    const tools = [{ name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } } } }];
    const a = (await create(agentBody({ voice: 'rex', greeting: 'Hello there', language: 'en', temperature: 0.5, tools }), acct.key)).body;
    const t0 = Date.now() / 1000;
    const r = await stack.api('POST', `/v1/voice/agents/${a.id}/sessions`, { key: acct.key });
    expect(r.status).toBe(201);
    const c = r.body;
    expect(c.client_secret).toMatch(/^ek_[A-Za-z0-9_-]{20,}$/);
    expect(c.expires_at).toBeGreaterThanOrEqual(Math.floor(t0) + 590);
    expect(c.expires_at).toBeLessThanOrEqual(t0 + 610);
    expect(c.model).toBe('atelier-realtime-local');
    expect(c.websocket_url).toBe(`${stack.url.replace('http://', 'ws://')}/v1/realtime`);
    expect(c.subprotocols).toEqual(['realtime', `openai-insecure-api-key.${c.client_secret}`]);
    expect(c.session).toEqual({ voice: 'rex', instructions: a.instructions, greeting: 'Hello there', language: 'en', tools: a.tools, temperature: 0.5 });
    expect(c.agent_id).toBe(a.id);
    expect(c.credits_used).toBe(5);
    expect(c.billing).toEqual({ method: 'credits', usd_charged: 0, pln_charged: 0 });

    // The second session: 2 included credits left, 3 from the wallet at $0.0536 each.
    const before = await balanceMicros(stack, acct.accountId);
    const second = await stack.api('POST', `/v1/voice/agents/${a.id}/sessions`, { key: acct.key });
    expect(second.body.billing).toEqual({ method: 'wallet', usd_charged: 0.1608, pln_charged: 0.1608 });
    expect(second.body.client_secret).not.toBe(c.client_secret);
    // Then whole sessions from the wallet: $0.2680.
    const third = await stack.api('POST', '/v1/voice/sessions', { key: acct.key, body: {} });
    expect(third.body.billing).toEqual({ method: 'wallet', usd_charged: 0.268, pln_charged: 0.268 });
    expect(before - (await balanceMicros(stack, acct.accountId))).toBe(160_800 + 268_000);
    const { credits } = await ledgers(stack, acct.accountId);
    expect(credits.map((e) => [e.kind, e.credits, e.included_credits, e.wallet_micros])).toEqual([
      ['spend', 5, 5, 0], ['spend', 5, 2, 160_800], ['spend', 5, 0, 268_000],
    ]);
  });

  it('mints an ad-hoc session with the documented defaults and persists no agent', async () => {
    const acct = await stack.newAccount();
    const r = await stack.api('POST', '/v1/voice/sessions', { key: acct.key });
    expect(r.status).toBe(201);
    expect(r.body.session).toEqual({ voice: 'eve', instructions: '', greeting: null, language: 'pl', tools: [], temperature: null });
    expect(r.body.agent_id).toBeNull();
    expect(r.body.credits_used).toBe(5);
    const custom = await stack.api('POST', '/v1/voice/sessions', {
      key: acct.key, body: { instructions: '  Speak French. ', voice: 'LUNA', greeting: 'Salut', language: 'fr', temperature: 1, tools: [{ name: 'x', extra: 1 }] },
    });
    expect(custom.body.session).toEqual({
      voice: 'luna', instructions: 'Speak French.', greeting: 'Salut', language: 'fr', temperature: 1, tools: [{ name: 'x', description: '', parameters: { type: 'object', properties: {} } }],
    });
    expect((await stack.api('GET', '/v1/voice/agents', { key: acct.key })).body.count).toBe(0);
  });

  it('checks the ad-hoc body like an agent and charges nothing when it is bad', async () => {
    const acct = await stack.newAccount();
    const mint = (body: unknown) => stack.api('POST', '/v1/voice/sessions', { key: acct.key, body });
    await expect400(mint({ instructions: 'i'.repeat(8001) }), /instructions must be at most 8000/);
    await expect400(mint({ voice: 'shimmer' }), /Unknown voice/);
    await expect400(mint({ greeting: 'g'.repeat(501) }), /greeting must be at most 500/);
    await expect400(mint({ language: 'x' }), /language/);
    await expect400(mint({ temperature: 3 }), /temperature/);
    await expect400(mint({ tools: [{ name: 'a b' }] }), /tools\[0\]\.name/);
    expect((await ledgers(stack, acct.accountId)).credits).toHaveLength(0);
  });

  it('an inactive agent refuses minting with 400 and no charge, until re-activated', async () => {
    const acct = await stack.newAccount();
    const a = (await create(agentBody(), acct.key)).body;
    expect((await stack.api('PATCH', `/v1/voice/agents/${a.id}`, { key: acct.key, body: { is_active: false } })).body.is_active).toBe(false);
    await expect400(stack.api('POST', `/v1/voice/agents/${a.id}/sessions`, { key: acct.key }), /inactive/);
    expect((await ledgers(stack, acct.accountId)).credits).toHaveLength(0);
    await stack.api('PATCH', `/v1/voice/agents/${a.id}`, { key: acct.key, body: { is_active: true } });
    expect((await stack.api('POST', `/v1/voice/agents/${a.id}/sessions`, { key: acct.key })).status).toBe(201);
  });

  it('402 when neither credits nor wallet cover the session: nothing charged, nothing minted', async () => {
    const acct = await stack.newAccount({ balanceUsd: 0.1 });
    const a = (await create(agentBody(), acct.key)).body;
    expect((await stack.api('POST', `/v1/voice/agents/${a.id}/sessions`, { key: acct.key })).status).toBe(201);
    const db = stack.atelier.deps.db;
    const secrets = async () => (await db.selectFrom('voice_realtime_secrets').select('id').where('account_id', '=', acct.accountId).execute()).length;
    expect(await secrets()).toBe(1);
    const before = await ledgers(stack, acct.accountId);
    // 2 included credits left + $0.10 (1 credit) < 5 credits.
    for (const path of [`/v1/voice/agents/${a.id}/sessions`, '/v1/voice/sessions']) {
      const r = await stack.api('POST', path, { key: acct.key });
      expect(r.status).toBe(402);
      expect(Object.keys(r.body)).toEqual(['detail']);
      expect(r.body.detail).toMatch(/Not enough credits/);
    }
    const after = await ledgers(stack, acct.accountId);
    expect(after.credits).toEqual(before.credits);
    expect(after.wallet).toEqual(before.wallet);
    expect(await balanceMicros(stack, acct.accountId)).toBe(100_000);
    expect(await secrets()).toBe(1);
  });

  it('sandbox keys mint without being charged', async () => {
    const acct = await stack.newAccount({ balanceUsd: 0 });
    const sandbox = (await insertApiKey(stack.atelier.deps.db, { accountId: acct.accountId, name: 'sandbox', type: 'write', environment: 'sandbox' })).key;
    const r = await stack.api('POST', '/v1/voice/sessions', { key: sandbox, body: {} });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ credits_used: 0, billing: { method: 'credits', usd_charged: 0, pln_charged: 0 } });
    expect((await ledgers(stack, acct.accountId)).credits).toHaveLength(0);
  });

  it('an X-Idempotency-Key replays the same credential and charges once', async () => {
    const acct = await stack.newAccount();
    const headers = { 'X-Idempotency-Key': 'voice-session-once' };
    const first = await stack.api('POST', '/v1/voice/sessions', { key: acct.key, headers, body: {} });
    const again = await stack.api('POST', '/v1/voice/sessions', { key: acct.key, headers, body: {} });
    expect(first.status).toBe(201);
    expect(again.body.client_secret).toBe(first.body.client_secret);
    expect((await ledgers(stack, acct.accountId)).credits).toHaveLength(1);
  });
});
