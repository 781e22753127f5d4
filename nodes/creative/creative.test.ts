 
// The creative category: memes, collages, cards and carousels opened with sharp; the slideshow
// probed with ffprobe.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileRef } from '../_lib/media';
import { ffprobe, meanColour, mediaHarness, pngFixture, wavFixture, type MediaHarness } from '../_lib/media-testing';

let h: MediaHarness;
let a: FileRef;
let b: FileRef;
beforeAll(async () => {
  h = mediaHarness();
  a = await h.ref(await pngFixture(160, 120, '#2255cc'), 'png');
  b = await h.ref(await pngFixture(120, 160, '#cc2222'), 'png');
});

describe('creative nodes', () => {
  it('creative.meme draws outlined captions top and bottom', async () => {
    const ref = await h.main<FileRef>('creative.meme', { top_text: 'one does not simply', bottom_text: 'render in one click' }, { up: a });
    expect([ref.width, ref.height]).toEqual([160, 120]);
    expect(await meanColour(h.pathOf(ref), { left: 0, top: 0, width: 160, height: 14 })).not.toEqual([34, 85, 204]);
  });

  it('creative.collage lays images in a grid', async () => {
    const ref = await h.main<FileRef>('creative.collage', { columns: 2, cell: 100, gap: 10, background: '#ffffff', format: 'png' }, { x: a, y: b });
    expect([ref.width, ref.height, ref.images]).toEqual([230, 120, 2]);
    expect(await meanColour(h.pathOf(ref), { left: 10, top: 10, width: 10, height: 10 })).toEqual([34, 85, 204]);
    expect(await meanColour(h.pathOf(ref), { left: 210, top: 10, width: 10, height: 10 })).toEqual([204, 34, 34]);
  });

  it('creative.quote_card and creative.carousel render social sizes', async () => {
    const q = await h.main<FileRef>('creative.quote_card', { author: 'Ada', scale: 0.25, background: '#000000' }, { up: 'Simplicity is the soul of efficiency.' });
    expect([q.width, q.height]).toEqual([270, 270]);
    const [r, g, bl] = await meanColour(h.pathOf(q));
    expect(r + g + bl).toBeGreaterThan(15); // text and accents on black
    const c = await h.main('creative.carousel', { slides: [{ title: 'Tip 1', body: 'Hook in 2 seconds' }, { title: 'Tip 2', body: 'Captions on' }], size: 'portrait', scale: 0.2, handle: '@atelier' });
    expect(c.count).toBe(2);
    for (const s of c.slides) expect(await sharp(h.pathOf(s)).metadata()).toMatchObject({ width: 216, height: 270, format: 'png' });
  });

  it('creative.slideshow makes an MP4 spread over the audio', async () => {
    const tone = await h.ref(wavFixture(2, 330), 'wav');
    const ref = await h.main<FileRef>('creative.slideshow', { images: [a, b], audio: tone, fit_audio: true, width: 128, height: 224 });
    const p = ffprobe(h.pathOf(ref));
    expect([p.video?.codec, p.video?.width, p.video?.height, p.audio?.codec]).toEqual(['h264', 128, 224, 'aac']);
    expect(p.duration).toBeCloseTo(2, 0);
    expect(ref.slides).toBe(2);
  });
});
