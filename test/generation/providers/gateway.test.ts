// The gateway without a stack: fallback between routes, no fallback on client faults or refusals,
// the breaker, per-provider limits, model_not_available, settings and catalogue validation.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/infra/http/errors';
import { Breaker } from '../../../src/generation/providers/breaker';
import { parseProviderConfig } from '../../../src/generation/providers/config';
import { createGateway } from '../../../src/generation/providers/gateway';
import { ProviderLimiter } from '../../../src/generation/providers/limits';
import { findPrice, installCatalogue } from '../../../src/generation/prices';
import { json, startLoopback, type Loopback } from './loopback';

let openai: Loopback;
let ollama: Loopback;
let dir: string;
let openaiUp = true;
let openaiStatus = 503;

const completion = (model: string, text: string) => ({
  id: 'c', object: 'chat.completion', created: 1, model,
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: text } }], usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
});

const catalogue = (body: string, name = 'catalogue.yaml') => {
  const path = join(dir, name);
  writeFileSync(path, body);
  return path;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gateway-'));
  openai = await startLoopback((req, res) => {
    const m = req.body.messages?.at(-1)?.content as string;
    if (m === 'refuse') return json(res, 400, { error: { message: 'rejected by the safety system', code: 'content_policy_violation' } });
    if (m === 'bad') return json(res, 400, { error: { message: 'messages too long', code: null } });
    if (!openaiUp) return json(res, openaiStatus, { error: { message: 'upstream overloaded' } }, openaiStatus === 429 ? { 'retry-after': '9' } : {});
    json(res, 200, completion(req.body.model, `openai:${m}`));
  });
  ollama = await startLoopback((req, res) => json(res, 200, {
    model: req.body.model, created_at: new Date().toISOString(), done: true, done_reason: 'stop',
    message: { role: 'assistant', content: `ollama:${req.body.messages.at(-1).content}` }, prompt_eval_count: 4, eval_count: 6,
  }));
});
afterAll(async () => {
  await Promise.all([openai?.close(), ollama?.close()]);
});

const houseCatalogue = () => catalogue(`
models:
  - id: house-chat
    type: chat
    routes:
      - provider: openai
        model: house-upstream
        cost: { per_1m_input_tokens: 1, per_1m_output_tokens: 2 }
      - provider: ollama
        model: llama3.2
        cost: { per_1m_input_tokens: 0.1, per_1m_output_tokens: 0.1 }
`);

const gateway = (env: Record<string, string> = {}) => {
  const config = parseProviderConfig({
    ATELIER_OPENAI_BASE_URL: `${openai.url}/v1`, ATELIER_OPENAI_API_KEY: 'sk-test', ATELIER_OLLAMA_BASE_URL: ollama.url,
    ATELIER_MODEL_CATALOGUE: houseCatalogue(), ATELIER_PROVIDER_BREAKER_FAILURES: '2', ATELIER_PROVIDER_BREAKER_COOLDOWN_MS: '200', ...env,
  });
  return { config, providers: createGateway(config) };
};
const ask = (p: ReturnType<typeof gateway>['providers'], content: string, model = 'house-chat') => p.chat({ model, messages: [{ role: 'user', content }] });
const rejection = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a rejection'); }, (e: unknown) => e as ApiError);

describe('gateway routing', () => {
  it('serves from the first route, falls back to the next on a 503 and reports which served', async () => {
    const { providers } = gateway();
    openaiUp = true;
    expect(await ask(providers, 'a')).toMatchObject({ text: 'openai:a', served: { provider: 'openai', model: 'house-upstream' }, usage: { prompt_tokens: 3, completion_tokens: 2 } });
    openaiUp = false;
    openaiStatus = 503;
    openai.requests = [];
    expect(await ask(providers, 'b')).toMatchObject({ text: 'ollama:b', served: { provider: 'ollama', model: 'llama3.2' }, usage: { prompt_tokens: 4, completion_tokens: 6 } });
    expect(openai.requests).toHaveLength(1);
  });

  it('does not fall back on a client fault (422) or a refusal (400 content_filtered)', async () => {
    const { providers } = gateway();
    openaiUp = true;
    ollama.requests = [];
    const refused = await rejection(ask(providers, 'refuse'));
    expect([refused.status, (refused.body as any).detail.error]).toEqual([400, 'content_filtered']);
    const bad = await rejection(ask(providers, 'bad'));
    expect([bad.status, (bad.body as any).detail]).toEqual([422, expect.objectContaining({ error: 'invalid_request', provider: 'openai' })]);
    expect(ollama.requests).toEqual([]);
  });

  it('opens the breaker after consecutive failures (the route is not called), probes after the cool-down', async () => {
    const { providers } = gateway();
    openaiUp = false;
    openaiStatus = 500;
    openai.requests = [];
    await ask(providers, '1');
    await ask(providers, '2');
    expect(openai.requests).toHaveLength(2);
    // Open: straight to ollama without calling openai.
    expect((await ask(providers, '3')).served?.provider).toBe('ollama');
    expect(openai.requests).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 250));
    openaiUp = true;
    // Half-open: one probe goes through, succeeds, and closes the breaker.
    expect((await ask(providers, '4')).served?.provider).toBe('openai');
    expect((await ask(providers, '5')).served?.provider).toBe('openai');
    expect(openai.requests).toHaveLength(4);
  });

  it('answers 503 provider_unavailable with the soonest Retry-After when every route is rate limited; 502 when they fail', async () => {
    const { providers } = gateway({ ATELIER_OLLAMA_BASE_URL: '' });
    openaiUp = false;
    openaiStatus = 429;
    const limited = await rejection(ask(providers, 'x'));
    expect([limited.status, (limited.body as any).detail.error, limited.headers['Retry-After']]).toEqual([503, 'provider_unavailable', '9']);
    openaiStatus = 500;
    const failed = await rejection(ask(providers, 'y'));
    expect(failed.status).toBe(502);
    expect((failed.body as any).detail).toContain('HTTP 500');
  });

  it('a model whose every route lacks a configured provider is model_not_available (403, tier and model)', async () => {
    const { providers } = gateway({ ATELIER_OPENAI_API_KEY: '', ATELIER_OPENAI_BASE_URL: '', ATELIER_OLLAMA_BASE_URL: '' });
    const e = await rejection(ask(providers, 'x'));
    expect(e.status).toBe(403);
    expect((e.body as any).detail).toEqual({ error: 'model_not_available', message: expect.stringContaining("'house-chat'"), tier: null, model: 'house-chat' });
    // With nothing configured, today's ids still run on the local provider.
    expect((await ask(providers, 'hello', 'atelier-local')).served).toEqual({ provider: 'local', model: 'atelier-local' });
    expect(providers.routesFor('video', 'veo-3')).toEqual([]);
    expect(providers.routesFor('video', 'seedance-1-pro').map((r) => r.provider)).toEqual(['local']);
  });

  it('pattern ids: ollama/<model> goes to the Ollama server with that model', async () => {
    const { providers } = gateway();
    ollama.requests = [];
    expect(await ask(providers, 'hi', 'ollama/qwen2.5:7b')).toMatchObject({ text: 'ollama:hi', served: { provider: 'ollama', model: 'qwen2.5:7b' } });
    expect(ollama.requests[0]!.body.model).toBe('qwen2.5:7b');
  });
});

describe('breaker and limiter', () => {
  it('breaker: closed -> open after N -> half-open lets one probe -> closed on success, open again on failure', () => {
    let now = 0;
    const b = new Breaker({ failures: 3, cooldownMs: 1000 }, () => now);
    b.failure(); b.failure();
    expect(b.state).toBe('closed');
    b.failure();
    expect([b.state, b.allow()]).toEqual(['open', false]);
    now = 1000;
    expect([b.state, b.allow(), b.allow()]).toEqual(['half-open', true, false]);
    b.failure();
    expect(b.state).toBe('open');
    now = 2000;
    expect(b.allow()).toBe(true);
    b.success();
    expect([b.state, b.allow()]).toEqual(['closed', true]);
  });

  it('limiter: a full provider makes the caller wait for a slot, then refuses as rate_limited; rpm refills over time', async () => {
    const l = new ProviderLimiter('openai', { maxConcurrency: 1, rpm: 0 }, 50);
    const release = await l.acquire();
    const waiting = l.acquire();
    release();
    (await waiting)();
    const hold = await l.acquire();
    await expect(l.acquire()).rejects.toMatchObject({ kind: 'rate_limited' });
    hold();
    let now = 0;
    const r = new ProviderLimiter('fal', { maxConcurrency: 0, rpm: 2 }, 50, () => now);
    (await r.acquire())();
    (await r.acquire())();
    await expect(r.acquire()).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 30_000 });
    now = 30_000;
    (await r.acquire())();
  });
});

describe('settings and catalogue validation', () => {
  it('a malformed base URL, an unknown provider, a bad catalogue entry stop start-up naming them', () => {
    expect(() => parseProviderConfig({ ATELIER_FAL_BASE_URL: 'not a url' })).toThrow(/ATELIER_FAL_BASE_URL: 'not a url' is not a URL/);
    expect(() => parseProviderConfig({ ATELIER_PROVIDER: 'acme' })).toThrow(/ATELIER_PROVIDER must be/);
    expect(() => parseProviderConfig({ ATELIER_PROVIDERS: 'chat=acme' })).toThrow(/unknown provider "acme"/);
    const bad = catalogue('models:\n  - id: ok-model\n    type: chat\n    routes: [{ provider: openai }]\n  - id: broken\n    type: chat\n    routes: [{ provider: acme }]\n', 'bad.yaml');
    expect(() => parseProviderConfig({ ATELIER_MODEL_CATALOGUE: bad })).toThrow(/models\[1\] \(broken\) routes\.0\.provider/);
    const json = catalogue(JSON.stringify([{ id: 'x', type: 'chat', routes: [{ provider: 'openai', cost: { per_token: 1 } }] }]), 'bad.json');
    expect(() => parseProviderConfig({ ATELIER_MODEL_CATALOGUE: json })).toThrow(/models\[0\] \(x\) routes\.0\.cost/);
    expect(() => parseProviderConfig({ ATELIER_MODEL_CATALOGUE: join(dir, 'missing.yaml') })).toThrow(/cannot read/);
  });

  it('an operator file extends the shipped catalogue (new ids, replaced ids, disabled ids); prices follow it', () => {
    const path = catalogue(`
models:
  - id: gpt-4o-mini
    type: chat
    margin: 0.5
    routes: [{ provider: ollama, model: llama3.2, cost: { per_1m_input_tokens: 1, per_1m_output_tokens: 1 } }]
  - id: dall-e-3
    type: image
    disabled: true
`, 'extend.yaml');
    const config = parseProviderConfig({ ATELIER_MODEL_CATALOGUE: path });
    const previous = installCatalogue(config.catalogue);
    try {
      const p = findPrice('chat', 'gpt-4o-mini')!;
      expect(p.routes).toEqual([{ provider: 'ollama', model: 'llama3.2', params: {}, cost: { per_1m_input_tokens: 1, per_1m_output_tokens: 1 } }]);
      expect(p.legs.map((l) => [l.leg, l.providerCostMicros, l.rateMicros])).toEqual([['input', 1000, 1500], ['output', 1000, 1500]]);
      expect(findPrice('image', 'dall-e-3')).toBeUndefined();
      expect(findPrice('image', 'gpt-image-1')).toBeDefined();
    } finally {
      installCatalogue(previous);
    }
  });
});
