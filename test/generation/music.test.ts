// POST /v1/ai/generate/music end to end on the local provider: a job like video (202, poll), a real
// MP3 of the length asked whose sound changes over time (not silence, not one tone), the price per
// second charged once, generation.completed delivered once, every bad field in one 422, the 10/min
// cap's 429, a refused call (402) that moves nothing, and sandbox keys never charged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';
import { download, pollJob } from '../platform/billing/helpers';
import { probeSeconds, soxStats, startReceiver, waitFor, windowStats } from './audio-helpers';

let stack: TestStack;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  // Real rate limits (tests scale them up by default), so the 10/min cap is 10.
  stack = await startStack({ ATELIER_WEBHOOK_CA_FILE: receiver.certFile, ATELIER_RATE_LIMIT_SCALE: '1' });
});
afterAll(async () => {
  await stack?.close();
  await receiver?.close();
});

const balanceOf = async (key: string) => (await stack.api('GET', '/v1/billing/balance', { key })).body.balance_usd as number;
const music = (key: string, body: unknown) => stack.api('POST', '/v1/ai/generate/music', { key, body });

describe('POST /v1/ai/generate/music', () => {
  it('renders a listenable piece of the asked length, charges per second once and tells the webhook once', async () => {
    const acct = await stack.newAccount({ balanceUsd: 50 });
    const hook = await stack.api('POST', '/v1/console/webhooks', { key: acct.key, body: { name: 'music', url: receiver.url, events: ['generation.completed'] } });
    expect(hook.status).toBe(201);

    const r = await music(acct.key, { prompt: 'an upbeat folk tune with a bright melody', duration: 7, seed: 42 });
    expect(r.status).toBe(202);
    // The catalogue's local rate: $0.0005/s plus the 30 % margin, 7 s.
    expect(r.body).toMatchObject({ object: 'job', type: 'music', model: 'atelier-music-v1', status: 'processing', url: null, poll_url: expect.stringContaining(`/v1/jobs/${r.body.job_id}`) });
    expect(r.body.billing).toEqual({ cost_usd: 0.00455, balance_usd: 49.99545, currency: 'USD' });

    const done = await pollJob(stack.api, r.body.job_id, acct.key);
    expect(done.body).toMatchObject({ status: 'completed', type: 'music', billing: { method: 'wallet', usd_charged: 0.00455 } });
    const file = await download(done.body.url);
    expect(file.status).toBe(200);
    expect(file.data.subarray(0, 3).toString('latin1') === 'ID3' || (file.data[0] === 0xff && (file.data[1]! & 0xe0) === 0xe0)).toBe(true);
    expect(Math.abs(probeSeconds(file.data) - 7)).toBeLessThan(0.2);

    // Loud enough to hear, and a piece rather than a tone: half-second windows change pitch.
    expect(soxStats(file.data).rms).toBeGreaterThan(0.05);
    const windows = windowStats(file.data, 7);
    const voiced = windows.filter((w) => w.rms > 0.02);
    expect(voiced.length).toBeGreaterThan(10);
    const pitches = new Set(voiced.map((w) => Math.round(w.freq / 25)));
    expect(pitches.size).toBeGreaterThanOrEqual(5);
    const levels = voiced.map((w) => w.rms);
    expect(Math.max(...levels) / Math.min(...levels)).toBeGreaterThan(1.2);

    expect(await balanceOf(acct.key)).toBe(49.99545);
    const ledger = await stack.api('GET', '/v1/billing/transactions', { key: acct.key });
    expect(ledger.body.data.filter((t: any) => t.type !== 'adjustment').map((t: any) => t.amount_usd)).toEqual([-0.00455]);

    const event = await waitFor(() => receiver.received.find((x) => x.body.event === 'generation.completed' && x.body.data.job_id === r.body.job_id));
    expect(event.body.data).toEqual({
      job_id: r.body.job_id, generation_type: 'music', model: 'atelier-music-v1', output_url: expect.stringContaining('/v1/files/'),
      duration: expect.any(Number), billing: { method: 'wallet', usd_charged: 0.00455 },
    });
    await new Promise((res) => setTimeout(res, 1000));
    expect(receiver.received.filter((x) => x.body.data?.job_id === r.body.job_id)).toHaveLength(1);
  });

  it('is deterministic per prompt and seed', async () => {
    const acct = await stack.newAccount({ balanceUsd: 5 });
    const [a, b, c] = await Promise.all([
      music(acct.key, { prompt: 'slow ambient pads', duration: 2, seed: 7 }),
      music(acct.key, { prompt: 'slow ambient pads', duration: 2, seed: 7 }),
      music(acct.key, { prompt: 'slow ambient pads', duration: 2, seed: 8 }),
    ]);
    const bytes = await Promise.all([a, b, c].map(async (r) => (await download((await pollJob(stack.api, r.body.job_id, acct.key)).body.url)).data));
    expect(bytes[0]!.equals(bytes[1]!)).toBe(true);
    expect(bytes[0]!.equals(bytes[2]!)).toBe(false);
  });

  it('lists every bad field in one 422 and refuses an unknown model with 400, charging nothing', async () => {
    const acct = await stack.newAccount({ balanceUsd: 5 });
    const r = await music(acct.key, { prompt: '', duration: 0, seed: -1, model: 7, output: { bogus: true } });
    expect(r.status).toBe(422);
    const locs = r.body.detail.map((d: any) => d.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.prompt', 'body.duration', 'body.seed', 'body.model', 'body.output']));
    for (const d of r.body.detail) expect(d).toMatchObject({ loc: expect.any(Array), msg: expect.any(String), type: expect.any(String) });
    const long = await music(acct.key, { prompt: 'x', duration: 301 });
    expect(long.status).toBe(422);
    expect(long.body.detail[0].loc).toEqual(['body', 'duration']);
    const missing = await music(acct.key, {});
    expect(missing.body.detail.map((d: any) => d.loc.join('.'))).toEqual(['body.prompt']);
    const unknown = await music(acct.key, { prompt: 'x', model: 'no-such-music' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toMatch(/no-such-music/);
    expect(await balanceOf(acct.key)).toBe(5);
  });

  it('refuses with 402 when the wallet cannot pay, moving no money and writing no job', async () => {
    const acct = await stack.newAccount({ balanceUsd: 0 });
    const r = await music(acct.key, { prompt: 'too dear', duration: 60 });
    expect(r.status).toBe(402);
    expect(r.body.detail).toMatchObject({ error: 'insufficient_funds', required_usd: 0.039, balance_usd: 0, charged: false, charged_usd: 0, operation: 'generate_music:atelier-music-v1' });
    expect(await balanceOf(acct.key)).toBe(0);
    const jobs = await stack.atelier.deps.db.selectFrom('generation_jobs').select('id').where('account_id', '=', acct.accountId).execute();
    expect(jobs).toEqual([]);
  });

  it('sandbox keys get the local piece and are never charged', async () => {
    const sandbox = await stack.newAccount({ balanceUsd: 0, environment: 'sandbox' });
    const r = await music(sandbox.key, { prompt: 'free tune', duration: 2 });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ sandbox: true, billing: { cost_usd: 0, balance_usd: 0 } });
    const done = await pollJob(stack.api, r.body.job_id, sandbox.key);
    expect(done.body).toMatchObject({ status: 'completed', billing: { usd_charged: 0 } });
    expect(Math.abs(probeSeconds((await download(done.body.url)).data) - 2)).toBeLessThan(0.2);
    const ledger = await stack.api('GET', '/v1/billing/transactions', { key: sandbox.key });
    expect(ledger.body.data.filter((t: any) => t.type !== 'adjustment')).toEqual([]);
  });

  it('caps the route at 10 a minute per caller with the per-endpoint 429 body, and needs the audio scope', async () => {
    const acct = await stack.newAccount({ balanceUsd: 5 });
    // Bad bodies count too: the cap is checked before anything else.
    for (let i = 0; i < 10; i++) expect((await music(acct.key, { prompt: '' })).status).toBe(422);
    const r = await music(acct.key, { prompt: 'one too many', duration: 1 });
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ error: expect.any(String) });
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);

    const scoped = await stack.api('POST', '/v1/auth/keys', { body: { name: 'chat only', type: 'write', scopes: ['chat'] } });
    expect(scoped.status).toBe(201);
    const denied = await music(scoped.body.key, { prompt: 'x', duration: 1 });
    expect(denied.status).toBe(403);
  });
});
