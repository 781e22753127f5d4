/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely-typed node outputs */
// The brand category: logo placement and palette/compliance checks opened with sharp; lower third
// and intro/outro probed with ffprobe and checked by their frames.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileRef } from '../_lib/media';
import { ffprobe, meanColour, mediaHarness, mp4Fixture, pngFixture, type MediaHarness } from '../_lib/media-testing';

let h: MediaHarness;
let img: FileRef;
let logo: FileRef;
beforeAll(async () => {
  h = mediaHarness();
  img = await h.ref(await pngFixture(200, 100, '#2255cc'), 'png');
  logo = await h.ref(await sharp({ create: { width: 50, height: 20, channels: 4, background: '#ff0000' } }).png().toBuffer(), 'png');
});

describe('brand nodes', () => {
  it('brand.logo_place puts the logo in the corner with clear space', async () => {
    const ref = await h.main<FileRef>('brand.logo_place', { logo, position: 'top-left', size: 0.25, margin: 0.1 }, { up: img });
    expect(ref.logo_box).toEqual({ left: 10, top: 10, width: 50, height: 20 });
    expect(await meanColour(h.pathOf(ref), { left: 15, top: 15, width: 10, height: 10 })).toEqual([255, 0, 0]);
    expect(await meanColour(h.pathOf(ref), { left: 0, top: 0, width: 8, height: 8 })).toEqual([34, 85, 204]);
  });

  it('brand.palette_extract and brand.colours_check', async () => {
    const pal = await h.main('brand.palette_extract', { colours: 3 }, { up: img });
    expect(pal.primary).toBe('#2255cc');
    expect(pal.text).toBe('#ffffff');
    const ok = await h.run('brand.colours_check', { brand_colours: ['#2255cc', '#ffcc00'] }, { up: img });
    expect((ok.output.main as any).passed).toBe(true);
    expect(ok.output.pass).toBeDefined();
    const bad = await h.run('brand.colours_check', { brand_colours: ['#00aa00'] }, { up: img });
    expect(Object.keys(bad.output).sort()).toEqual(['fail', 'main']);
    expect((bad.output.main as any).off_brand).toContain('#2255cc');
  });

  it('brand.lower_third and brand.intro_outro render over real video', async () => {
    const clip = await h.ref(mp4Fixture(2, 160, 120), 'mp4');
    const lt = await h.main<FileRef>('brand.lower_third', { name: 'Ada Lovelace', title: 'Engineer', colour: '#ff0000', start: 0, duration: 2 }, { up: clip });
    expect(ffprobe(h.pathOf(lt)).duration).toBeCloseTo(2, 0);
    const thumb = await h.main<FileRef>('video.thumbnail', { at: 1.5, format: 'png' }, { up: lt });
    const bar = lt.bar as { x: number; y: number; width: number; height: number };
    const [r, g] = await meanColour(h.pathOf(thumb), { left: bar.x + bar.width - 12, top: bar.y + 2, width: 8, height: 4 });
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(60);
    const io = await h.main<FileRef>('brand.intro_outro', { logo, intro_text: 'Episode 1', outro_text: 'atelier.dev', seconds: 1 }, { up: clip });
    const p = ffprobe(h.pathOf(io));
    expect([p.video?.width, p.video?.height, p.audio?.codec]).toEqual([160, 120, 'aac']);
    expect(p.duration).toBeCloseTo(4, 0);
  });
});
