 
// The ugc category: cards opened with sharp, reaction layouts and demo videos probed with ffprobe.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FileRef } from '../_lib/media';
import { ffprobe, meanColour, mediaHarness, mp4Fixture, pngFixture } from '../_lib/media-testing';

describe('ugc nodes', () => {
  it('ugc.testimonial_card and ugc.before_after render images', async () => {
    const h = mediaHarness();
    const face = await h.ref(await pngFixture(80, 80, '#cc2222'), 'png');
    const card = await h.main<FileRef>('ugc.testimonial_card', { quote: 'Cut my editing time in half.', name: 'Sam', role: 'Creator', rating: 4, avatar: face, scale: 0.3 });
    expect(await sharp(h.pathOf(card)).metadata()).toMatchObject({ width: 324, height: 324, format: 'png' });
    expect(card.rating).toBe(4);
    const before = await h.ref(await pngFixture(100, 100, '#000000'), 'png');
    const after = await h.ref(await pngFixture(100, 100, '#ffffff'), 'png');
    const ba = await h.main<FileRef>('ugc.before_after', { before, after, height: 200 });
    expect([ba.width, ba.height]).toEqual([320, 200]);
    const [l] = await meanColour(h.pathOf(ba), { left: 5, top: 190, width: 5, height: 5 });
    const [r] = await meanColour(h.pathOf(ba), { left: 310, top: 190, width: 5, height: 5 });
    expect(l).toBeLessThan(40);
    expect(r).toBeGreaterThan(200);
  });

  it('ugc.reaction_layout stacks content and reaction in 9:16', async () => {
    const h = mediaHarness();
    const content = await h.ref(mp4Fixture(2, 160, 120), 'mp4');
    const reaction = await h.ref(mp4Fixture(1, 120, 160, 'red'), 'mp4');
    for (const layout of ['stacked', 'pip']) {
      const ref = await h.main<FileRef>('ugc.reaction_layout', { reaction, layout, height: 320 }, { up: content });
      const p = ffprobe(h.pathOf(ref));
      expect([p.video?.width, p.video?.height, p.audio?.codec]).toEqual([180, 320, 'aac']);
      expect(p.duration).toBeCloseTo(2, 0);
    }
  });

  it('ugc.product_demo_slides builds a narrated demo', async () => {
    const h = mediaHarness();
    const shot = await h.ref(await pngFixture(90, 160), 'png');
    const ref = await h.main<FileRef>('ugc.product_demo_slides', { product: 'Atelier', features: ['One wallet'], images: [shot], narrate: true, width: 90, height: 160 });
    const p = ffprobe(h.pathOf(ref));
    expect([p.video?.width, p.video?.height, p.audio?.codec, ref.slides]).toEqual([90, 160, 'aac', 3]);
    expect(h.charges).toHaveLength(3);
  });
});
