import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../../helpers/stack';
import { cloneOutputRules } from '../../../src/platform/routing/rules';
import { download } from './helpers';

let stack: TestStack;
let keyId: string;
let s3: Server;
let s3Port = 0;
const puts: Array<{ path: string; auth: string; sha: string; body: Buffer }> = [];

beforeAll(async () => {
  s3 = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      puts.push({ path: req.url ?? '', auth: String(req.headers.authorization ?? ''), sha: String(req.headers['x-amz-content-sha256'] ?? ''), body: Buffer.concat(chunks) });
      res.writeHead(200, { etag: '"x"' }).end();
    });
  });
  await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve));
  s3Port = (s3.address() as AddressInfo).port;
  stack = await startStack();
  keyId = (await stack.atelier.deps.db.selectFrom('api_keys').select('id').where('account_id', '=', stack.accountId).executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await stack?.close();
  await new Promise<void>((resolve) => s3.close(() => resolve()));
});

const rules = (path = '') => `/v1/auth/keys/${keyId}/output-rules${path}`;
const destination = async (name: string, extra: Record<string, unknown> = {}, key?: string) => {
  const r = await stack.api('POST', '/v1/output-destinations', { key, body: { name, kind: 'internal', ...extra } });
  expect(r.status).toBe(201);
  return r.body.id as string;
};

describe('routing rules CRUD and validation', () => {
  it('creates with defaults, lists with limits, patches, clears the template and deletes', async () => {
    const dest = await destination('crud');
    const c = await stack.api('POST', rules(), { body: { modelPattern: 'flux-*', destinationId: dest } });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ id: expect.any(String), key_id: keyId, model_pattern: 'flux-*', destination_id: dest, path_template: null, priority: 100 });
    const list = await stack.api('GET', rules());
    expect(list.body.limits).toEqual({ max_rules: 25 });
    expect(list.body.rules.map((r: any) => r.id)).toContain(c.body.id);
    const p = await stack.api('PATCH', rules(`/${c.body.id}`), { body: { pathTemplate: '{model}/{job_id}.{ext}', priority: 7 } });
    expect(p.body).toMatchObject({ path_template: '{model}/{job_id}.{ext}', priority: 7 });
    const cleared = await stack.api('PATCH', rules(`/${c.body.id}`), { body: { clearPathTemplate: true } });
    expect(cleared.body.path_template).toBeNull();
    expect((await stack.api('DELETE', rules(`/${c.body.id}`))).body).toMatchObject({ id: c.body.id, deleted: true });
    expect((await stack.api('DELETE', rules(`/${c.body.id}`))).status).toBe(404);
  });

  it('validates priority range, path-template tokens, duplicates and the destination owner', async () => {
    const dest = await destination('validation');
    for (const priority of [-1, 100_001, 1.5]) {
      expect((await stack.api('POST', rules(), { body: { modelPattern: 'p*', destinationId: dest, priority } })).status).toBe(422);
    }
    for (const boundary of [0, 100_000]) {
      const ok = await stack.api('POST', rules(), { body: { modelPattern: `edge-${boundary}`, destinationId: dest, priority: boundary } });
      expect(ok.status).toBe(201);
    }
    for (const pathTemplate of ['{model}/{unknown}.{ext}', '{model/{job_id}', '../{job_id}', '/abs/{job_id}']) {
      const r = await stack.api('POST', rules(), { body: { modelPattern: 'tpl-*', destinationId: dest, pathTemplate } });
      expect(r.status, pathTemplate).toBe(400);
      expect(r.body.detail).toMatchObject({ error: 'invalid_path_template', allowed_tokens: expect.arrayContaining(['{model}', '{job_id}', '{index}']), example: expect.any(String) });
    }
    const first = await stack.api('POST', rules(), { body: { modelPattern: 'dup-*', destinationId: dest } });
    expect(first.status).toBe(201);
    const dup = await stack.api('POST', rules(), { body: { modelPattern: 'dup-*', destinationId: dest, priority: 3 } });
    expect(dup.status).toBe(409);
    expect(dup.body.detail.error).toBe('pattern_already_routed');
    const other = await stack.newAccount();
    const foreignDest = await destination('theirs', {}, other.key);
    const foreign = await stack.api('POST', rules(), { body: { modelPattern: 'x-*', destinationId: foreignDest } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.detail.error).toBe('invalid_destination');
    // Another account cannot see or touch this key's rules.
    expect((await stack.api('GET', rules(), { key: other.key })).status).toBe(404);
    expect((await stack.api('POST', rules(), { key: other.key, body: { modelPattern: 'y', destinationId: foreignDest } })).status).toBe(404);
    expect((await stack.api('DELETE', rules(`/${first.body.id}`), { key: other.key })).status).toBe(404);
  });

  it('allows at most 25 rules per key', async () => {
    const acct = await stack.newAccount();
    const kid = (await stack.atelier.deps.db.selectFrom('api_keys').select('id').where('account_id', '=', acct.accountId).executeTakeFirstOrThrow()).id;
    const dest = await destination('many', {}, acct.key);
    for (let i = 0; i < 25; i++) {
      expect((await stack.api('POST', `/v1/auth/keys/${kid}/output-rules`, { key: acct.key, body: { modelPattern: `m${i}`, destinationId: dest } })).status).toBe(201);
    }
    const r = await stack.api('POST', `/v1/auth/keys/${kid}/output-rules`, { key: acct.key, body: { modelPattern: 'm25', destinationId: dest } });
    expect(r.status).toBe(400);
    expect(r.body.detail).toMatchObject({ error: 'too_many_rules', limit: 25 });

    // cloneOutputRules copies every rule to the rotated key.
    const { insertApiKey } = await import('../../../src/platform/accounts/accounts');
    const next = await insertApiKey(stack.atelier.deps.db, { accountId: acct.accountId, name: 'rotated', type: 'admin', environment: 'production' });
    const nextId = (await stack.atelier.deps.db.selectFrom('api_keys').select('id').where('account_id', '=', acct.accountId).where('id', '!=', kid).executeTakeFirstOrThrow()).id;
    expect(next.key).toBeTruthy();
    expect(await cloneOutputRules(stack.atelier.deps.db, kid, nextId)).toBe(25);
    const copied = await stack.api('GET', `/v1/auth/keys/${nextId}/output-rules`, { key: acct.key });
    expect(copied.body.rules).toHaveLength(25);
  });
});

describe('destination precedence for generated files', () => {
  it('request output > lowest-priority matching rule > key destination > internal default', async () => {
    const acct = await stack.newAccount();
    const db = stack.atelier.deps.db;
    const kid = (await db.selectFrom('api_keys').select('id').where('account_id', '=', acct.accountId).executeTakeFirstOrThrow()).id;
    const gen = (body: Record<string, unknown> = {}) => stack.api('POST', '/v1/ai/generate/image', { key: acct.key, body: { prompt: 'route me', width: 64, height: 64, ...body } });

    const plain = await gen();
    expect(plain.body.output).toMatchObject({ source: 'default', kind: 'internal', destination_id: null });

    const a = await destination('A', { prefix: 'alpha' }, acct.key);
    const b = await destination('B', {}, acct.key);
    const keyDest = await destination('K', {}, acct.key);
    await db.updateTable('api_keys').set({ destination_id: keyDest }).where('id', '=', kid).execute();
    const add = (body: Record<string, unknown>) => stack.api('POST', `/v1/auth/keys/${kid}/output-rules`, { key: acct.key, body });
    expect((await add({ modelPattern: 'atelier-image-*', destinationId: a, pathTemplate: 'imgs/{model}/{job_id}.{ext}', priority: 10 })).status).toBe(201);
    expect((await add({ modelPattern: 'atelier-?mage-v1', destinationId: b, priority: 5 })).status).toBe(201);
    expect((await add({ modelPattern: 'flux-*', destinationId: b, priority: 1 })).status).toBe(201);

    const byRule = await gen();
    expect(byRule.body.output).toMatchObject({ source: 'rule', destination_id: b });
    // Drop B's rule: A's rule (priority 10) applies with its template and A's prefix.
    const listed = await stack.api('GET', `/v1/auth/keys/${kid}/output-rules`, { key: acct.key });
    expect(listed.body.rules.map((r: any) => r.priority)).toEqual([1, 5, 10]);
    await stack.api('DELETE', `/v1/auth/keys/${kid}/output-rules/${listed.body.rules[1].id}`, { key: acct.key });
    const byA = await gen();
    expect(byA.body.output).toMatchObject({ source: 'rule', destination_id: a, path: `alpha/imgs/atelier-image-v1/${byA.body.job_id}.png` });
    expect((await download(byA.body.url)).status).toBe(200);

    // No rule matches speech: the key's default destination.
    const speech = await stack.api('POST', '/v1/ai/audio/speech', { key: acct.key, body: { input: 'hello' } });
    expect(speech.body.output).toMatchObject({ source: 'key', destination_id: keyDest });

    // The request's output object wins over everything.
    const explicit = await gen({ output: { destination_id: b, path_template: 'picked/{name}-{index}.{ext}' } });
    expect(explicit.body.output).toMatchObject({ source: 'request', destination_id: b, path: 'picked/image-0.png' });

    // Another account's destination in `output` is refused before money moves.
    const other = await stack.newAccount();
    const foreign = await destination('foreign', {}, other.key);
    const before = (await stack.api('GET', '/v1/billing/balance', { key: acct.key })).body.balance_usd;
    const refused = await gen({ output: { destination_id: foreign } });
    expect(refused.status).toBe(400);
    expect((await stack.api('GET', '/v1/billing/balance', { key: acct.key })).body.balance_usd).toBe(before);

    // A destination in use cannot be deleted.
    const del = await stack.api('DELETE', `/v1/output-destinations/${keyDest}`, { key: acct.key });
    expect(del.status).toBe(409);
    expect(del.body.detail).toMatchObject({ error: 'destination_in_use', keys: [kid] });
    expect((await stack.api('DELETE', `/v1/output-destinations/${keyDest}`, { key: other.key })).status).toBe(404);
  });

  it("a revoked key's routing rules no longer hold its destination: the delete succeeds and takes them along; a live key's rule still blocks", async () => {
    const acct = await stack.newAccount();
    const dest = await destination('rotating', {}, acct.key);
    const keyOf = async (name: string) => {
      const made = await stack.api('POST', '/v1/auth/keys', { key: acct.key, body: { name, type: 'write' } });
      expect(made.status, made.text).toBe(201);
      return made.body.meta?.id ?? made.body.id;
    };
    const gone = await keyOf('revoked soon');
    const live = await keyOf('still live');
    for (const kid of [gone, live]) {
      const rule = await stack.api('POST', `/v1/auth/keys/${kid}/output-rules`, { key: acct.key, body: { modelPattern: '*', destinationId: dest } });
      expect(rule.status, rule.text).toBe(201);
    }
    expect((await stack.api('DELETE', `/v1/auth/keys/${gone}`, { key: acct.key })).status).toBe(200);
    // The live key's rule blocks, and only it is named.
    const blocked = await stack.api('DELETE', `/v1/output-destinations/${dest}`, { key: acct.key });
    expect(blocked.status).toBe(409);
    expect(blocked.body.detail).toMatchObject({ error: 'destination_in_use', keys: [live] });
    expect(blocked.body.detail.rules).toHaveLength(1);
    const liveRule = (await stack.api('GET', `/v1/auth/keys/${live}/output-rules`, { key: acct.key })).body.rules[0];
    expect((await stack.api('DELETE', `/v1/auth/keys/${live}/output-rules/${liveRule.id}`, { key: acct.key })).status).toBe(200);
    // Only the revoked key's rule is left: the destination goes, and the rule with it.
    const del = await stack.api('DELETE', `/v1/output-destinations/${dest}`, { key: acct.key });
    expect(del.status, del.text).toBe(200);
    expect((await stack.api('GET', `/v1/output-destinations/${dest}`, { key: acct.key })).status).toBe(404);
    expect(await stack.atelier.deps.db.selectFrom('output_rules').select('id').where('destination_id', '=', dest).execute()).toEqual([]);
  });

  it('delivers to an S3-compatible destination with a SigV4-signed PUT', async () => {
    const acct = await stack.newAccount();
    const dest = await destination('bucket', {
      kind: 's3', bucket: 'media', region: 'us-east-1', endpoint: `http://127.0.0.1:${s3Port}`, access_key_id: 'AKIATEST', secret_access_key: 'shh', prefix: 'gen',
    }, acct.key);
    const view = await stack.api('GET', `/v1/output-destinations/${dest}`, { key: acct.key });
    expect(JSON.stringify(view.body)).not.toContain('shh');
    puts.length = 0;
    const r = await stack.api('POST', '/v1/ai/generate/image', { key: acct.key, body: { prompt: 'to s3', width: 64, height: 64, output: { destination_id: dest, path_template: '{job_id}.{ext}' } } });
    expect(r.status).toBe(200);
    expect(r.body.output).toMatchObject({ kind: 's3', status: 'delivered' });
    expect(puts).toHaveLength(1);
    expect(puts[0]!.path).toBe(`/media/gen/${r.body.job_id}.png`);
    expect(puts[0]!.auth).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIATEST\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/);
    expect((await sharp(puts[0]!.body).metadata()).format).toBe('png');
    expect(r.body.url).toBe(`http://127.0.0.1:${s3Port}/media/gen/${r.body.job_id}.png`);
  });
});
