// Regression tests for what the proof suites (fuzz, isolation, determinism, SSRF and sandbox)
// found, one describe per finding, named after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const simpleSpec = {
  nodes: [
    { id: 'start', type: 'trigger.manual', position: [0, 0], params: {} },
    { id: 'set', type: 'io.set', position: [200, 0], params: { values: { v: 1 } } },
  ],
  edges: [{ id: 'e0', source: 'start', target: 'set', source_port: 'main' }],
  trigger: { type: 'manual', config: {} },
};

describe('fuzz: a row deleted between a check and its write answered 500', () => {
  it('concurrent DELETEs of one engine test answer 200 once and 404 otherwise', async () => {
    const wf = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'race', spec: simpleSpec } });
    expect(wf.status).toBe(201);
    for (let round = 0; round < 3; round++) {
      const t = await stack.api('POST', '/engine/v1/v1/tests', { body: { workflow_id: wf.body.id, name: `t${round}`, input: {}, assertions: [{ path: 'set.output.main.v', operator: 'exists' }] } });
      expect(t.status).toBe(201);
      const answers = await Promise.all(Array.from({ length: 6 }, () => stack.api('DELETE', `/engine/v1/v1/tests/${t.body.id}`)));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s !== 200).every((s) => s === 404), JSON.stringify(answers.map((a) => a.text))).toBe(true);
      for (const a of answers.filter((x) => x.status === 404)) expect(a.body).toEqual({ detail: 'Not Found' });
    }
  });

  it('a PATCH of an output rule racing its DELETE answers 200 or 404, never 500', async () => {
    const key = await stack.api('POST', '/v1/auth/keys', { body: { name: 'rules', type: 'write' } });
    const dest = await stack.api('POST', '/v1/output-destinations', { body: { name: 'race', kind: 'internal' } });
    for (let round = 0; round < 3; round++) {
      const rule = await stack.api('POST', `/v1/auth/keys/${key.body.id}/output-rules`, { body: { modelPattern: `race-${round}-*`, destinationId: dest.body.id } });
      expect(rule.status).toBe(201);
      const path = `/v1/auth/keys/${key.body.id}/output-rules/${rule.body.id}`;
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, (_, i) => stack.api('PATCH', path, { body: { priority: i } })),
        stack.api('DELETE', path),
      ]);
      for (const a of answers) expect([200, 204, 404], a.text).toContain(a.status);
    }
  });
});

describe('fuzz: rerun-from with a version beyond a Postgres integer answered 500', () => {
  it('answers 422 on body.version', async () => {
    const wf = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'rerun', spec: simpleSpec } });
    const run = await stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: wf.body.id, input: {} } });
    expect(run.status).toBe(201);
    const r = await stack.api('POST', `/engine/v1/v1/runs/${run.body.run_id}/rerun-from`, { body: { node_id: 'set', version: 3072783928054859 } });
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(['body', 'version']);
  });
});

describe('fuzz: an unpaired surrogate escape ("\\ud800") in a JSON body answered 500 where it was stored as jsonb', () => {
  const body = '{"name":"\\ud800 alone","title":"\\udfff","ok":"\\ud83d\\ude00"}';

  it('a public workflow hook answers 422 with the field, and starts no run', async () => {
    const wf = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'hooked', spec: { ...simpleSpec, trigger: { type: 'webhook', config: {} } } } });
    expect(wf.status).toBe(201);
    const hook = await stack.api('GET', `/engine/v1/v1/workflows/${wf.body.id}/webhook`);
    const url = String(hook.body.url ?? hook.body.webhook_url);
    const path = url.slice(url.indexOf('/engine/'));
    const runsBefore = await stack.atelier.deps.db.selectFrom('runs').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const r = await stack.api('POST', path, { rawBody: body, key: null });
    expect(r.status, r.text).toBe(422);
    expect(r.body.detail.map((d: { loc: unknown[] }) => d.loc)).toEqual(expect.arrayContaining([['body', 'name'], ['body', 'title']]));
    expect(r.body.detail.every((d: { type: string }) => d.type === 'invalid_unicode')).toBe(true);
    const runsAfter = await stack.atelier.deps.db.selectFrom('runs').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(runsAfter.n).toBe(runsBefore.n);
    // A well-formed pair (an emoji) is fine.
    expect((await stack.api('POST', path, { rawBody: '{"ok":"\\ud83d\\ude00"}', key: null })).status).toBeLessThan(300);
  });

  it('an authenticated JSON route answers 422 too (a run input stored as jsonb)', async () => {
    const wf = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'input', spec: simpleSpec } });
    const r = await stack.api('POST', '/engine/v1/v1/runs', { rawBody: `{"workflow_id":"${wf.body.id}","input":{"x":"\\udc00"}}` });
    expect(r.status, r.text).toBe(422);
    expect(r.body.detail[0].loc).toEqual(['body', 'input', 'x']);
  });
});
