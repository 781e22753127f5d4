// The image toolbox (POST /v1/images/*) on a running stack with the local provider: each tool's
// answer checked by its bytes (sharp metadata and pixels), bad fields in one 422 list, the
// endpoint cap's 429, an empty wallet's 402 moving no money, sandbox keys uncharged, and the
// tool's webhook event delivered once with its data.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';
import { download, squareOnWhite, startImageHost, type ImageHost } from '../platform/billing/helpers';
import { flat, greyRamp, HookReceiver, pixel } from './image-helpers';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

let stack: TestStack;
let host: ImageHost;
const hooks = new HookReceiver();

/** A loopback Replicate: predictions created `starting`, succeeded on the first poll, the output a PNG it serves. */
const replicate = { url: '', predictions: [] as Array<{ model: string; input: any; auth?: string }>, server: undefined as Server | undefined, png: Buffer.alloc(0) };
async function startReplicate() {
  replicate.png = await flat('#20a040', 480, 320);
  replicate.server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const json = (status: number, v: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(v));
      const view = (id: string, status: string) => ({ id, status, input: {}, error: null, logs: '', metrics: {}, output: status === 'succeeded' ? `${replicate.url}/files/${id}.png` : null, urls: { get: `${replicate.url}/v1/predictions/${id}`, cancel: `${replicate.url}/v1/predictions/${id}/cancel` } });
      const m = /^\/v1\/models\/([^/]+\/[^/]+)\/predictions$/.exec(req.url ?? '');
      if (req.method === 'POST' && m) {
        replicate.predictions.push({ model: m[1]!, input: JSON.parse(raw).input, auth: req.headers.authorization });
        return json(201, view(`p${replicate.predictions.length}`, 'starting'));
      }
      const g = /^\/v1\/predictions\/([^/]+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && g) return json(200, view(g[1]!, 'succeeded'));
      if (req.method === 'GET' && req.url?.startsWith('/files/')) return res.writeHead(200, { 'content-type': 'image/png' }).end(replicate.png);
      json(404, { detail: 'Not found.' });
    });
  });
  await new Promise<void>((resolve) => replicate.server!.listen(0, '127.0.0.1', resolve));
  replicate.url = `http://127.0.0.1:${(replicate.server!.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  await hooks.start();
  await startReplicate();
  host = await startImageHost({ 'square.png': await squareOnWhite(), 'blue.png': await flat('#1030e0', 300, 300), 'ramp.png': await greyRamp(), 'notes.txt': Buffer.from('not an image') });
  stack = await startStack({ ATELIER_WEBHOOK_CA_FILE: hooks.certFile, ATELIER_RATE_LIMIT_SCALE: '1', ATELIER_REPLICATE_API_KEY: 'r8_test', ATELIER_REPLICATE_BASE_URL: `${replicate.url}/v1` });
}, 120_000);
afterAll(async () => {
  await stack?.close();
  await host?.close();
  await hooks.close();
  await new Promise((resolve) => replicate.server?.close(resolve));
});

async function call(tool: string, body: Record<string, unknown>, key?: string) {
  const r = await stack.api('POST', `/v1/images/${tool}`, { body, key });
  return r;
}
async function bytesOf(r: { body: any }) {
  const got = await download(r.body.url);
  expect(got.status).toBe(200);
  return { data: got.data, meta: await sharp(got.data).metadata() };
}

describe('image tools', () => {
  it('background remove: a PNG with alpha, the white around the square transparent, background.removed once', async () => {
    const acct = await stack.newAccount({ balanceUsd: 50 });
    expect((await stack.api('POST', '/v1/console/webhooks', { key: acct.key, body: { name: 'bg', url: hooks.url('/bg'), events: ['background.removed', 'background.replaced', 'shadow.added'] } })).status).toBe(201);
    const r = await call('background', { image_url: host.url('square.png'), mode: 'remove' }, acct.key);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ object: 'image.tool', tool: 'background', model: 'atelier-rembg-v1', format: 'png', mime_type: 'image/png', width: 120, height: 80, sandbox: false });
    expect(r.body.billing.cost_usd).toBeGreaterThan(0);
    const { data, meta } = await bytesOf(r);
    expect(meta).toMatchObject({ format: 'png', width: 120, height: 80, hasAlpha: true });
    expect((await pixel(data, 2, 2))[3]).toBe(0);
    expect(await pixel(data, 60, 40)).toEqual([208, 16, 16, 255]);
    const events = await hooks.waitFor('background.removed');
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ job_id: r.body.job_id, model: 'atelier-rembg-v1', output_url: expect.any(String) });

    // replace onto a supplied picture, as JPEG: blue where the white was, the square kept.
    const rep = await call('background', { image_url: host.url('square.png'), mode: 'replace', background_url: host.url('blue.png'), format: 'jpeg' }, acct.key);
    expect(rep.status, rep.text).toBe(200);
    const out = await bytesOf(rep);
    expect(out.meta).toMatchObject({ format: 'jpeg', width: 120, height: 80 });
    const [br, , bb] = await pixel(out.data, 5, 5);
    expect(bb).toBeGreaterThan(180);
    expect(br).toBeLessThan(60);
    const [sr, , sb] = await pixel(out.data, 60, 40);
    expect(sr).toBeGreaterThan(160);
    expect(sb).toBeLessThan(60);
    const replaced = await hooks.waitFor('background.replaced');
    expect(replaced).toHaveLength(1);
    expect(replaced[0]!.data).toMatchObject({ job_id: rep.body.job_id, mode: 'replace', model: 'atelier-background-replace-v1', format: 'jpeg', width: 120, height: 80 });
    expect(replaced[0]!.data.billing.usd_charged).toBeGreaterThan(0);

    // a drop shadow: the canvas grows, the subject keeps its colour, dark translucent pixels below-right of it.
    const sh = await call('shadow', { image_url: host.url('square.png'), opacity: 0.8, blur: 2, offset_x: 6, offset_y: 6 }, acct.key);
    expect(sh.status, sh.text).toBe(200);
    const shadow = await bytesOf(sh);
    const pad = 4 + 6;
    expect(shadow.meta).toMatchObject({ format: 'png', width: 120 + pad * 2, height: 80 + pad * 2, hasAlpha: true });
    expect(await pixel(shadow.data, 60 + pad, 40 + pad)).toEqual([208, 16, 16, 255]);
    const under = await pixel(shadow.data, 40 + pad + 40 + 3, 20 + pad + 40 + 3);
    expect(under[3]).toBeGreaterThan(60);
    expect(under[0]).toBeLessThan(40);
    expect((await pixel(shadow.data, 1, 1))[3]).toBe(0);
    const added = await hooks.waitFor('shadow.added');
    expect(added).toHaveLength(1);
    expect(added[0]!.data).toMatchObject({ job_id: sh.body.job_id, model: 'atelier-shadow-v1', width: 120 + pad * 2 });
  });

  it('background blur as WebP: the subject sharp, the background still white', async () => {
    const r = await call('background', { image_url: host.url('square.png'), mode: 'blur', blur_radius: 6, format: 'webp' });
    expect(r.status, r.text).toBe(200);
    const { data, meta } = await bytesOf(r);
    expect(meta).toMatchObject({ format: 'webp', width: 120, height: 80 });
    const [r0, g0] = await pixel(data, 60, 40);
    expect(r0).toBeGreaterThan(180);
    expect(g0).toBeLessThan(50);
    expect((await pixel(data, 3, 3))[1]).toBeGreaterThan(230);
  });

  it('colorize tints a greyscale ramp; face-restore keeps the size and changes pixels; depth-map is one channel, brighter lower down', async () => {
    const c = await call('colorize', { image_url: host.url('ramp.png') });
    expect(c.status, c.text).toBe(200);
    const col = await bytesOf(c);
    expect(col.meta).toMatchObject({ format: 'png', width: 64, height: 32, channels: 3 });
    const [r, , b] = await pixel(col.data, 40, 10);
    expect(r - b).toBeGreaterThan(30);

    const f = await call('face-restore', { image_url: host.url('square.png'), format: 'jpeg' });
    expect(f.status, f.text).toBe(200);
    const face = await bytesOf(f);
    expect(face.meta).toMatchObject({ format: 'jpeg', width: 120, height: 80 });
    // Lossless, the sharpening shows: the square's edge overshoots where the input was flat.
    const fp = await call('face-restore', { image_url: host.url('square.png'), strength: 1 });
    const restored = await bytesOf(fp);
    const raw = (b: Buffer) => sharp(b).removeAlpha().raw().toBuffer();
    expect((await raw(restored.data)).equals(await raw(await squareOnWhite()))).toBe(false);

    const d = await call('depth-map', { image_url: host.url('blue.png') });
    expect(d.status, d.text).toBe(200);
    const depth = await bytesOf(d);
    expect(depth.meta).toMatchObject({ format: 'png', width: 300, height: 300 });
    expect((await pixel(depth.data, 150, 290))[0]).toBeGreaterThan((await pixel(depth.data, 150, 10))[0] + 100);
  });

  it('upscale 2x and 4x with lanczos', async () => {
    for (const scale of [2, 4]) {
      const r = await call('upscale', { image_url: host.url('square.png'), scale });
      expect(r.status, r.text).toBe(200);
      expect(r.body.model).toBe('atelier-upscale-v1');
      const { meta, data } = await bytesOf(r);
      expect(meta).toMatchObject({ format: 'png', width: 120 * scale, height: 80 * scale });
      expect(await pixel(data, 60 * scale, 40 * scale)).toEqual([208, 16, 16, 255]);
    }
  });

  it('real models go through the registry: real-esrgan and birefnet on Replicate get the image and the scale, the answer is the provider\'s pixels', async () => {
    const up = await call('upscale', { image_url: host.url('square.png'), scale: 4, model: 'real-esrgan', format: 'webp' });
    expect(up.status, up.text).toBe(200);
    expect(up.body.model).toBe('real-esrgan');
    const got = await bytesOf(up);
    expect(got.meta).toMatchObject({ format: 'webp', width: 480, height: 320 });
    const cut = await call('background', { image_url: host.url('square.png'), mode: 'remove', model: 'birefnet' });
    expect(cut.status, cut.text).toBe(200);
    expect(cut.body.model).toBe('birefnet');
    expect(replicate.predictions.map((p) => p.model)).toEqual(['nightmareai/real-esrgan', 'men1scus/birefnet']);
    expect(replicate.predictions[0]!.input).toMatchObject({ scale: 4, image: expect.stringMatching(/^data:image\/png;base64,/) });
    expect(Buffer.from(replicate.predictions[1]!.input.image.split(',')[1], 'base64').equals(await squareOnWhite())).toBe(true);
    expect(replicate.predictions[0]!.auth).toBe('Bearer r8_test');
    const [r, g] = await pixel((await bytesOf(cut)).data, 10, 10);
    expect(g - r).toBeGreaterThan(100);
  });

  it('bad fields answer one 422 list; a bad image_url is 400; nothing is charged', async () => {
    const acct = await stack.newAccount({ balanceUsd: 1 });
    const before = await stack.api('GET', '/v1/wallet', { key: acct.key });
    const bad = await call('background', { mode: 'paint', format: 'gif', blur_radius: -1, background_url: 7 }, acct.key);
    expect(bad.status).toBe(422);
    const locs = bad.body.detail.map((d: any) => d.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.image_url', 'body.mode', 'body.format', 'body.blur_radius', 'body.background_url']));
    for (const d of bad.body.detail) expect(d).toMatchObject({ loc: expect.any(Array), msg: expect.any(String), type: expect.any(String) });
    const rule = await call('background', { image_url: host.url('square.png'), mode: 'replace' }, acct.key);
    expect(rule.status).toBe(422);
    expect(rule.body.detail.map((d: any) => d.loc.join('.'))).toEqual(['body.background_prompt']);
    const scale = await call('upscale', { image_url: host.url('square.png'), scale: 3 }, acct.key);
    expect(scale.status).toBe(422);
    expect(scale.body.detail[0].loc).toEqual(['body', 'scale']);
    const shadow = await call('shadow', { image_url: host.url('square.png'), opacity: 2, offset_x: 1.5 }, acct.key);
    expect(shadow.body.detail.map((d: any) => d.loc.join('.')).sort()).toEqual(['body.offset_x', 'body.opacity']);
    const notImage = await call('colorize', { image_url: host.url('notes.txt') }, acct.key);
    expect(notImage.status).toBe(400);
    expect(notImage.body.detail).toMatch(/image_url is not a decodable image/);
    const missing = await call('colorize', { image_url: host.url('nope.png') }, acct.key);
    expect(missing.status).toBe(400);
    const after = await stack.api('GET', '/v1/wallet', { key: acct.key });
    expect(after.body.balance_usd).toBe(before.body.balance_usd);
  });

  it('an empty wallet is 402 with nothing moved and no job; a sandbox key is served by the local provider uncharged', async () => {
    const poor = await stack.newAccount({ balanceUsd: 0 });
    const r = await call('shadow', { image_url: host.url('square.png') }, poor.key);
    expect(r.status).toBe(402);
    expect(r.body.detail).toMatchObject({ error: 'insufficient_funds' });
    const db = stack.atelier.deps.db;
    expect(await db.selectFrom('ledger_entries').selectAll().where('account_id', '=', poor.accountId).where('kind', 'in', ['charge', 'refund']).execute()).toEqual([]);
    expect(await db.selectFrom('generation_jobs').selectAll().where('account_id', '=', poor.accountId).execute()).toEqual([]);

    const sandbox = await stack.newAccount({ balanceUsd: 0, environment: 'sandbox' });
    const s = await call('upscale', { image_url: host.url('square.png'), scale: 2, model: 'real-esrgan' }, sandbox.key);
    expect(s.status, s.text).toBe(200);
    expect(s.body).toMatchObject({ sandbox: true, billing: { cost_usd: 0 } });
    expect((await bytesOf(s)).meta).toMatchObject({ width: 240, height: 160 });
  });

  it('a repeated idempotency key replays the first answer with one charge', async () => {
    const acct = await stack.newAccount({ balanceUsd: 1 });
    const headers = { 'x-idempotency-key': 'colorize-once' };
    const body = { image_url: host.url('ramp.png') };
    const a = await stack.api('POST', '/v1/images/colorize', { key: acct.key, body, headers });
    const b = await stack.api('POST', '/v1/images/colorize', { key: acct.key, body, headers });
    expect(a.status, a.text).toBe(200);
    expect(b.body.job_id).toBe(a.body.job_id);
    const charges = await stack.atelier.deps.db.selectFrom('ledger_entries').select('operation_id').where('account_id', '=', acct.accountId).where('kind', '=', 'charge').execute();
    expect(charges).toEqual([{ operation_id: `gen:${a.body.job_id}` }]);
    const other = await stack.api('POST', '/v1/images/colorize', { key: acct.key, body: { image_url: host.url('square.png') }, headers });
    expect(other.status).toBe(422);
  });

  it('the endpoint cap answers 429 with its body and Retry-After', async () => {
    const acct = await stack.newAccount({ balanceUsd: 1 });
    let last;
    for (let i = 0; i < 40; i++) {
      last = await call('depth-map', {}, acct.key);
      if (last.status === 429) break;
      expect(last.status).toBe(422);
    }
    expect(last!.status).toBe(429);
    expect(last!.body).toEqual({ error: 'Rate limit exceeded: 15 per 1 minute' });
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('lists the routes in /openapi.json and prices the tools in /v1/pricing', async () => {
    const spec = await stack.api('GET', '/openapi.json');
    for (const tool of ['background', 'shadow', 'colorize', 'face-restore', 'depth-map', 'upscale', 'batch']) expect(spec.body.paths[`/v1/images/${tool}`]?.post, tool).toBeTruthy();
    const prices = await stack.api('GET', '/v1/pricing');
    const text = JSON.stringify(prices.body);
    for (const m of ['atelier-shadow-v1', 'atelier-colorize-v1', 'atelier-face-restore-v1', 'atelier-depth-v1', 'atelier-background-blur-v1', 'atelier-background-replace-v1']) expect(text).toContain(m);
  });
});
