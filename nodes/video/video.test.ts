 
// The video category: every node runs ffmpeg for real on 2-second 160×120 clips; each output is
// opened with ffprobe (duration, codecs, dimensions) or sharp (frames, thumbnails).
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileRef } from '../_lib/media';
import { ffprobe, meanColour, mediaHarness, mp4Fixture, pngFixture, wavFixture, type MediaHarness } from '../_lib/media-testing';

let h: MediaHarness;
let clip: FileRef;
let clip2: FileRef;

beforeAll(async () => {
  h = mediaHarness();
  clip = await h.ref(mp4Fixture(2, 160, 120), 'mp4');
  clip2 = await h.ref(mp4Fixture(1, 320, 240, 'red'), 'mp4');
});

describe('video nodes', () => {
  const cases: [string, Record<string, unknown>, (p: ReturnType<typeof ffprobe>, ref: FileRef) => void][] = [
    ['video.trim', { start: 0.5, end: 1.5 }, (p) => {
      expect(p.duration).toBeCloseTo(1, 0);
      expect(p.video?.codec).toBe('h264');
      expect(p.audio?.codec).toBe('aac');
    }],
    ['video.resize', { width: 96 }, (p) => expect([p.video?.width, p.video?.height]).toEqual([96, 72])],
    ['video.resize', { width: 128, height: 128, fit: 'cover' }, (p) => expect([p.video?.width, p.video?.height]).toEqual([128, 128])],
    ['video.crop_vertical', { height: 256 }, (p, ref) => {
      expect([p.video?.width, p.video?.height]).toEqual([144, 256]);
      expect(ref.aspect).toBe('9:16');
    }],
    ['video.crop_vertical', { height: 320, mode: 'blur_fill' }, (p) => expect([p.video?.width, p.video?.height]).toEqual([180, 320])],
    ['video.extract_audio', { format: 'wav' }, (p) => {
      expect(p.video).toBeUndefined();
      expect(p.audio?.codec).toBe('pcm_s16le');
      expect(p.duration).toBeCloseTo(2, 0);
    }],
    ['video.gif', { duration: 1, fps: 5, width: 80 }, (p) => {
      expect(p.video?.codec).toBe('gif');
      expect(p.video?.width).toBe(80);
    }],
    ['video.speed', { factor: 2 }, (p) => expect(p.duration).toBeCloseTo(1, 0)],
    ['video.mute', {}, (p) => {
      expect(p.audio).toBeUndefined();
      expect(p.video?.codec).toBe('h264');
    }],
    ['video.fade', { fade_in: 0.5, fade_out: 0.5 }, (p) => expect(p.duration).toBeCloseTo(2, 0)],
    ['video.text_overlay', { text: 'Hello', position: 'center', box: true }, (p) => expect(p.video?.width).toBe(160)],
    ['video.burn_subtitles', { cues: [{ start: 0, end: 1, text: 'First line' }, { start: 1, end: 2, text: 'Second' }] }, (p, ref) => {
      expect(p.duration).toBeCloseTo(2, 0);
      expect(ref.cues).toBe(2);
    }],
    ['video.thumbnail', { at: 1, width: 80, format: 'png' }, (p) => expect([p.video?.codec, p.video?.width, p.video?.height]).toEqual(['png', 80, 60])],
  ];

  it.each(cases)('%s %j', async (type, params, check) => {
    const ref = await h.main<FileRef>(type, params, { up: clip });
    expect(ref.size).toBeGreaterThan(0);
    check(ffprobe(h.pathOf(ref)), ref);
  });

  it('video.generate renders a clip through the provider and charges per second', async () => {
    const g = mediaHarness();
    const ref = await g.main<FileRef>('video.generate', { prompt: 'a sunrise', seconds: 2, width: 128, height: 96 });
    const p = ffprobe(g.pathOf(ref));
    expect([p.video?.codec, p.video?.width, p.video?.height]).toEqual(['h264', 128, 96]);
    expect(p.duration).toBeCloseTo(2, 0);
    expect(g.charges).toEqual([{ micros: 26_000, operation: 'video.generate:atelier-video-v1' }]);
  });

  it('video.concat joins clips of different sizes, with and without a crossfade', async () => {
    const ref = await h.main<FileRef>('video.concat', { videos: [clip, clip2] });
    const p = ffprobe(h.pathOf(ref));
    expect([p.video?.width, p.video?.height]).toEqual([160, 120]);
    expect(p.duration).toBeCloseTo(3, 0);
    const x = await h.main<FileRef>('video.concat', { transition: 0.5 }, { a: clip, b: clip2 });
    expect(ffprobe(h.pathOf(x)).duration).toBeCloseTo(2.5, 0);
  });

  it('video.overlay puts a logo in a corner', async () => {
    const logo = await h.ref(await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } }).png().toBuffer(), 'png');
    const ref = await h.main<FileRef>('video.overlay', { overlay: logo, position: 'top-left', scale: 0.25, margin: 0 }, { up: clip });
    expect(ref.overlay_kind).toBe('image');
    const thumb = await h.main<FileRef>('video.thumbnail', { at: 0.5, format: 'png' }, { up: ref });
    const [r, g, b] = await meanColour(h.pathOf(thumb), { left: 4, top: 4, width: 24, height: 24 });
    expect(r).toBeGreaterThan(200);
    expect(g + b).toBeLessThan(80);
  });

  it('video.add_audio replaces or mixes the soundtrack', async () => {
    const tone = await h.ref(wavFixture(1, 880), 'wav');
    const ref = await h.main<FileRef>('video.add_audio', { audio: tone, loop: true }, { up: clip });
    const p = ffprobe(h.pathOf(ref));
    expect(p.audio?.codec).toBe('aac');
    expect(p.duration).toBeCloseTo(2, 0);
    const mixed = await h.main<FileRef>('video.add_audio', { audio: tone, mode: 'mix' }, { up: clip });
    expect(mixed.mode).toBe('mix');
  });

  it('video.extract_frames stores stills; video.probe reads facts', async () => {
    const out = await h.main('video.extract_frames', { count: 3, width: 80, format: 'png' }, { up: clip });
    expect(out.count).toBe(3);
    for (const f of out.frames) expect((await sharp(h.pathOf(f)).metadata()).width).toBe(80);
    const probe = await h.main('video.probe', { media: clip });
    expect(probe).toMatchObject({ width: 160, height: 120, video_codec: 'h264', audio_codec: 'aac', has_audio: true });
    expect(probe.duration_s).toBeCloseTo(2, 0);
  });

  it('fails clearly on bad input', async () => {
    const img = await h.ref(await pngFixture(64, 64), 'png');
    await expect(h.run('video.trim', { video: img, start: 0, end: 1 })).rejects.toThrow(/no video stream/);
    await expect(h.run('video.trim', { start: 5 }, { up: clip })).rejects.toThrow(/beyond/);
    await expect(h.run('video.burn_subtitles', {}, { up: clip })).rejects.toThrow(/needs `cues` or `srt`/);
  });
});
