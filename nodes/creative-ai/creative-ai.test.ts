/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely-typed node outputs */
// The creative_ai category through the provider layer (local chat model → local methods; local
// image provider → real PNGs, charged per image).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mediaHarness } from '../_lib/media-testing';

describe('creative_ai nodes', () => {
  it('creative_ai.prompt_enhance expands an idea in a style', async () => {
    const h = mediaHarness();
    const out = await h.main('creative_ai.prompt_enhance', { prompt: 'a fox in the snow', style: 'cinematic', aspect: '9:16' });
    expect(out.prompt).toMatch(/^a fox in the snow, cinematic still.*vertical composition/);
    expect(out.negative_prompt).toMatch(/blurry/);
    expect(out.method).toBe('local');
    expect(h.charges).toHaveLength(1);
  });

  it('creative_ai.ad_copy writes headlines, text and CTA', async () => {
    const h = mediaHarness();
    const out = await h.main('creative_ai.ad_copy', { product: 'Atelier', benefits: ['render shorts in minutes', 'one wallet for every model'], tone: 'bold', variants: 4, cta: 'Start now' });
    expect(out.headlines).toHaveLength(4);
    expect(out.headlines[2]).toBe('Meet Atelier.');
    expect(out.headlines[3]).toBe('Render shorts in minutes.');
    expect(out.primary_text).toMatch(/✓ render shorts in minutes.*Start now\.$/);
  });

  it('creative_ai.storyboard groups sentences into scenes and can render frames', async () => {
    const h = mediaHarness();
    const script = 'A lighthouse stands on a cliff. Waves crash below. A keeper climbs the stairs. The lamp turns on at dusk.';
    const out = await h.main('creative_ai.storyboard', { script, scenes: 2, render: true, frame_width: 96, frame_height: 160 });
    expect(out.scenes).toHaveLength(2);
    expect(out.scenes[0].narration).toBe('A lighthouse stands on a cliff. Waves crash below.');
    expect(out.scenes[0].visual).toMatch(/^establishing wide shot of lighthouse/);
    expect(await sharp(h.pathOf(out.scenes[1].frame)).metadata()).toMatchObject({ width: 96, height: 160 });
    expect(h.charges.map((c) => c.operation)).toEqual(['creative_ai.storyboard:atelier-local', 'creative_ai.storyboard:atelier-image-v1', 'creative_ai.storyboard:atelier-image-v1']);
  });

  it('creative_ai.moodboard and style_variants generate real images', async () => {
    const h = mediaHarness();
    const mb = await h.main('creative_ai.moodboard', { theme: 'nordic cabin', facets: ['wood', 'snow', 'fire', 'wool'], tile: 64 });
    expect(mb.tiles).toHaveLength(4);
    expect(mb.palette.length).toBeGreaterThan(0);
    const meta = await sharp(h.pathOf(mb.board)).metadata();
    expect(meta.width).toBe(2 * 64 + 3 * 4);
    const sv = await h.main('creative_ai.style_variants', { prompt: 'a red bicycle', styles: ['photo', 'anime'], width: 64, height: 64 });
    expect(sv.variants.map((v: any) => v.style)).toEqual(['photo', 'anime']);
    expect(sv.variants[0].prompt).not.toBe(sv.variants[1].prompt);
    expect(h.charges).toHaveLength(6);
  });
});
