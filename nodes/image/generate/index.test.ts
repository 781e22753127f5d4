// image.generate with fake providers and a real BlobStore; then ai.chat and image.generate with the real local provider.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBlobStore } from '../../../src/storage/blob-store';
import { getNode } from '../../index';
import { fakeProviders, harness, run } from '../../_lib/core-harness';

describe('image.generate', () => {
  let dir: string;
  let blobs: LocalBlobStore;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'nodes-test-'));
    blobs = new LocalBlobStore(dir, 'secret', 'http://files.test');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('image.generate charges, renders, stores a blob and returns a signed URL', async () => {
    const h = harness();
    h.ctx.providers = fakeProviders(h.calls);
    h.ctx.blobs = blobs;
    const r = await run('image.generate', { prompt: 'a red square', width: 256, height: 128 }, h);
    expect(h.calls).toEqual(['charge', 'provider']);
    expect(h.charges).toEqual([{ micros: 2_600, operation: 'image.generate:atelier-image-v1' }]); // $0.0026, as POST /v1/ai/generate/image
    const main = r.output.main as { url: string; width: number; height: number; model: string };
    expect(main).toMatchObject({ width: 256, height: 128, model: 'atelier-image-v1' });
    const url = new URL(main.url);
    expect(url.origin).toBe('http://files.test');
    const key = decodeURIComponent(url.pathname.replace('/v1/files/', ''));
    expect(key).toMatch(/^acct_test\/runs\/run_test\/[0-9a-f]{16}-n1\.png$/);
    expect(blobs.verify(key, Number(url.searchParams.get('expires')), url.searchParams.get('sig')!)).toBe(true);
    expect(existsSync(blobs.pathOf(key))).toBe(true);
    expect(readFileSync(blobs.pathOf(key), 'utf8')).toBe('PNG 256x128');
  });

  it('image.generate refused by the wallet stores nothing', async () => {
    const h = harness({ refuseCharge: true });
    h.ctx.providers = fakeProviders(h.calls);
    h.ctx.blobs = blobs;
    await expect(run('image.generate', { prompt: 'x' }, h)).rejects.toThrow('insufficient funds');
    expect(h.calls).toEqual(['charge']);
    expect(existsSync(join(dir, 'blobs', 'acct_test', 'runs', 'run_test'))).toBe(existsSync(join(dir, 'blobs', 'acct_test')));
  });

  it('work with the real local provider (offline): a chat answer and a real PNG', async () => {
    const { createLocalProviders } = await import('../../../src/generation/providers/index');
    const h = harness({ capabilities: { blobs, providers: createLocalProviders() } });
    const chat = await run('ai.chat', { prompt: 'What is 2 + 3?' }, h);
    expect(chat.output.main).toMatchObject({ text: expect.stringContaining('5'), model: 'atelier-local' });
    const image = await run('image.generate', { prompt: 'a lighthouse at dusk', width: 128, height: 96 }, h);
    const url = new URL((image.output.main as { url: string }).url);
    const key = decodeURIComponent(url.pathname.replace('/v1/files/', ''));
    const png = readFileSync(blobs.pathOf(key));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(128);
    expect(png.readUInt32BE(20)).toBe(96);
    expect(h.charges.map((c) => c.operation)).toEqual(['ai.chat:atelier-local', 'image.generate:atelier-image-v1']);
  });

  it('image.generate validates its size', () => {
    const def = getNode('image.generate')!;
    expect(def.params.parse({ prompt: 'x' })).toMatchObject({ width: 512, height: 512 });
    expect(() => def.params.parse({ prompt: 'x', width: 4096 })).toThrow();
    expect(() => def.params.parse({ prompt: '' })).toThrow();
  });
});
