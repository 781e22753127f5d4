 
// The image category: each node transforms a real PNG with sharp; outputs are opened again with
// sharp (dimensions, format, pixels) from the blob store they were written to.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileRef } from '../_lib/media';
import { deltaE } from '../_lib/render';
import { meanColour, mediaHarness, pngFixture, type MediaHarness } from '../_lib/media-testing';

let h: MediaHarness;
let src: FileRef; // 160×120 blue with a yellow centre square

beforeAll(async () => {
  h = mediaHarness();
  src = await h.ref(await pngFixture(160, 120), 'png');
});

async function meta(ref: FileRef) {
  const path = h.pathOf(ref);
  return { ...(await sharp(path).metadata()), path };
}

describe('image nodes', () => {
  const cases: [string, Record<string, unknown>, (m: Awaited<ReturnType<typeof meta>>, ref: FileRef) => Promise<void> | void][] = [
    ['image.resize', { width: 80 }, (m) => void expect([m.width, m.height]).toEqual([80, 60])],
    ['image.resize', { width: 64, height: 64, fit: 'contain', background: '#ff0000' }, async (m) => {
      expect([m.width, m.height]).toEqual([64, 64]);
      expect((await meanColour(m.path, { left: 30, top: 0, width: 4, height: 4 }))[0]).toBeGreaterThan(200);
    }],
    ['image.upscale', { factor: 2 }, (m) => void expect([m.width, m.height]).toEqual([320, 240])],
    ['image.crop', { left: 40, top: 30, width: 80, height: 60 }, async (m) => {
      expect([m.width, m.height]).toEqual([80, 60]);
      const [r, g, b] = await meanColour(m.path);
      expect(r).toBeGreaterThan(200); // all yellow
      expect(b).toBeLessThan(60);
      expect(g).toBeGreaterThan(150);
    }],
    ['image.crop', { aspect: '9:16' }, (m) => void expect([m.width, m.height]).toEqual([68, 120])],
    ['image.convert', { format: 'jpeg', quality: 70 }, (m, ref) => {
      expect(m.format).toBe('jpeg');
      expect(ref.mime).toBe('image/jpeg');
    }],
    ['image.convert', {}, (m) => void expect(m.format).toBe('webp')],
    ['image.rotate', { angle: 90 }, (m) => void expect([m.width, m.height]).toEqual([120, 160])],
    ['image.flip', { direction: 'both' }, (m) => void expect([m.width, m.height]).toEqual([160, 120])],
    ['image.blur', { sigma: 8 }, async (m) => {
      // The hard edge of the square is gone: a pixel just outside it is now a mix.
      const [r] = await meanColour(m.path, { left: 36, top: 58, width: 2, height: 2 });
      expect(r).toBeGreaterThan(70);
      expect(r).toBeLessThan(220);
    }],
    ['image.blur', { sigma: 20, pixelate: true }, (m) => void expect(m.width).toBe(160)],
    ['image.sharpen', { sigma: 1.5 }, (m) => void expect(m.width).toBe(160)],
    ['image.grayscale', {}, async (m) => {
      const [r, g, b] = await meanColour(m.path, { left: 70, top: 50, width: 10, height: 10 });
      expect(r).toBe(g);
      expect(g).toBe(b);
    }],
    ['image.edit', { brightness: 0.2 }, async (m) => {
      const [r, g] = await meanColour(m.path, { left: 70, top: 50, width: 10, height: 10 });
      expect(r + g).toBeLessThan(200);
    }],
    ['image.watermark', { text: '© Atelier', position: 'bottom-right', opacity: 1 }, async (m) => {
      const [r, g, b] = await meanColour(m.path, { left: 0, top: 0, width: 20, height: 20 });
      expect([r, g, b]).toEqual([34, 85, 204]); // untouched corner
      const corner = await meanColour(m.path, { left: 120, top: 100, width: 36, height: 16 });
      expect(corner).not.toEqual([34, 85, 204]);
    }],
    ['image.remove_background', {}, async (m, ref) => {
      expect(m.hasAlpha).toBe(true);
      expect(ref.transparent_share).toBeCloseTo(0.75, 1);
      expect(ref.key_colour).toBe('#2255cc');
      const { data } = await sharp(m.path).raw().toBuffer({ resolveWithObject: true });
      expect(data[3]).toBe(0); // corner pixel transparent
      expect(data[(60 * 160 + 80) * 4 + 3]).toBe(255); // centre opaque
    }],
    ['image.text_overlay', { text: 'Hello there', position: 'top', box: '#000000' }, async (m) => {
      const top = await meanColour(m.path, { left: 0, top: 8, width: 160, height: 16 });
      expect(top).not.toEqual([34, 85, 204]);
    }],
    ['image.pad', { size: 10, colour: '#00ff00' }, async (m) => {
      expect([m.width, m.height]).toEqual([180, 140]);
      expect(await meanColour(m.path, { left: 0, top: 0, width: 5, height: 5 })).toEqual([0, 255, 0]);
    }],
    ['image.pad', { to_aspect: '1:1' }, (m) => void expect([m.width, m.height]).toEqual([160, 160])],
    ['image.round_corners', { circle: true }, async (m) => {
      expect([m.width, m.height, m.hasAlpha]).toEqual([120, 120, true]);
      const { data } = await sharp(m.path).raw().toBuffer({ resolveWithObject: true });
      expect(data[3]).toBe(0);
    }],
  ];

  it.each(cases)('%s %j', async (type, params, check) => {
    const ref = await h.main<FileRef>(type, params, { up: src });
    expect(ref.url).toMatch(/\/v1\/files\//);
    expect(ref.size).toBeGreaterThan(0);
    const m = await meta(ref);
    expect([ref.width, ref.height]).toEqual([m.width, m.height]);
    await check(m, ref);
  });

  it('image.compose layers an image at an offset, clipped to the canvas', async () => {
    const red = await h.ref(await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } }).png().toBuffer(), 'png');
    const ref = await h.main<FileRef>('image.compose', { image: src, layers: [{ image: red, left: 0, top: 0 }, { image: red, left: 150, top: 110 }] });
    expect(await meanColour(h.pathOf(ref), { left: 5, top: 5, width: 10, height: 10 })).toEqual([255, 0, 0]);
    expect(ref.layers).toBe(2);
  });

  it('image.metadata and image.palette read facts', async () => {
    const m = await h.main('image.metadata', { image: src.url });
    expect(m).toMatchObject({ width: 160, height: 120, format: 'png', aspect_ratio: '4:3', opaque: true });
    const p = await h.main('image.palette', { colours: 2 }, { up: src });
    expect(p.colours[0].hex).toBe('#2255cc');
    expect(deltaE(p.colours[1].hex, '#ffcc00')).toBeLessThan(3);
    expect(p.colours[0].share).toBeCloseTo(0.75, 1);
    expect((await sharp(h.pathOf(p.swatch)).metadata()).width).toBe(400);
  });

  it('reads data: URLs, refuses non-images and missing inputs clearly', async () => {
    const data = `data:image/png;base64,${(await pngFixture(64, 64)).toString('base64')}`;
    expect(await h.main('image.resize', { image: data, width: 32 })).toMatchObject({ width: 32, height: 32 });
    await expect(h.run('image.resize', { image: 'data:text/plain,hello', width: 10 })).rejects.toThrow(/not an image/);
    await expect(h.run('image.resize', { width: 10 })).rejects.toThrow(/no image/);
  });

  it("refuses another account's signed file", async () => {
    const other = mediaHarness();
    const foreign = await other.ref(await pngFixture(64, 64), 'png');
    // Same store secret in both harnesses: a valid signature, but not this account's key.
    const blobs = h.blobs;
    const key = `acct_other/${decodeURIComponent(new URL(foreign.url).pathname).split('/').slice(4).join('/')}`;
    const url = blobs.signedUrl(key).url;
    await expect(h.run('image.resize', { image: url, width: 10 })).rejects.toThrow(/another account/);
  });
});
