 
// The audio category: every node runs ffmpeg/espeak-ng for real on second-long tones made by sox;
// outputs are opened with ffprobe (duration, codec, sample rate) or sharp (waveform).
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileRef } from '../_lib/media';
import { ffprobe, mediaHarness, mp4Fixture, wavFixture, type MediaHarness } from '../_lib/media-testing';

let h: MediaHarness;
let tone: FileRef; // 1 s at 440 Hz
let padded: FileRef; // 0.5 s silence + 1 s tone + 0.5 s silence

beforeAll(async () => {
  h = mediaHarness();
  tone = await h.ref(wavFixture(1, 440), 'wav');
  padded = await h.ref(wavFixture(1, 660, 0.5), 'wav');
});

describe('audio nodes', () => {
  const cases: [string, Record<string, unknown>, (p: ReturnType<typeof ffprobe>, ref: FileRef) => void][] = [
    ['audio.normalise', { target_lufs: -16 }, (p) => {
      expect(p.audio?.sample_rate).toBe(44100);
      expect(p.duration).toBeCloseTo(1, 0);
    }],
    ['audio.trim', { start: 0.25, duration: 0.5 }, (p) => expect(p.duration).toBeCloseTo(0.5, 1)],
    ['audio.convert', { format: 'mp3', sample_rate: 44100, channels: 2 }, (p) => expect([p.audio?.codec, p.audio?.channels, p.audio?.sample_rate]).toEqual(['mp3', 2, 44100])],
    ['audio.convert', { format: 'ogg' }, (p) => expect(p.audio?.codec).toBe('vorbis')],
    ['audio.fade', { fade_in: 0.3, fade_out: 0.3 }, (p) => expect(p.duration).toBeCloseTo(1, 0)],
    ['audio.volume', { gain_db: -12 }, (p, ref) => {
      expect(p.audio?.codec).toBe('pcm_s16le');
      expect(ref.gain_db).toBe(-12);
    }],
  ];

  it.each(cases)('%s %j', async (type, params, check) => {
    const ref = await h.main<FileRef>(type, params, { up: tone });
    check(ffprobe(h.pathOf(ref)), ref);
  });

  it('audio.silence_trim drops leading and trailing silence', async () => {
    const ref = await h.main<FileRef>('audio.silence_trim', {}, { up: padded });
    expect(ref.original_duration_s).toBeCloseTo(2, 1);
    expect(ffprobe(h.pathOf(ref)).duration).toBeLessThan(1.3);
    expect(ffprobe(h.pathOf(ref)).duration).toBeGreaterThan(0.8);
  });

  it('audio.mix layers tracks; audio.concat joins them with a gap', async () => {
    const mix = await h.main<FileRef>('audio.mix', { tracks: [tone, padded], volumes: [1, 0.5] });
    expect(ffprobe(h.pathOf(mix)).duration).toBeCloseTo(2, 0);
    const ducked = await h.main<FileRef>('audio.mix', { duck: true, duration: 'first' }, { a: tone, b: padded });
    expect(ffprobe(h.pathOf(ducked)).duration).toBeCloseTo(1, 0);
    const joined = await h.main<FileRef>('audio.concat', { tracks: [tone, tone], gap: 0.5, format: 'mp3' });
    const p = ffprobe(h.pathOf(joined));
    expect(p.audio?.codec).toBe('mp3');
    expect(p.duration).toBeCloseTo(2.5, 0);
  });

  it('audio.probe measures loudness; it reads the sound of a video too', async () => {
    const out = await h.main('audio.probe', {}, { up: tone });
    expect(out.audio_codec).toMatch(/^pcm_s/);
    expect(out).toMatchObject({ sample_rate: 22050, channels: 1, has_video: false });
    expect(out.lufs).toBeLessThan(-3);
    expect(out.lufs).toBeGreaterThan(-20);
    expect(out.max_volume_db).toBeCloseTo(-6, 0);
    const clip = await h.ref(mp4Fixture(1, 64, 48), 'mp4');
    const wav = await h.main<FileRef>('audio.convert', { format: 'wav' }, { up: clip });
    expect(ffprobe(h.pathOf(wav)).video).toBeUndefined();
  });

  it('audio.waveform draws a PNG', async () => {
    const ref = await h.main<FileRef>('audio.waveform', { width: 200, height: 50 }, { up: tone });
    expect(await sharp(h.pathOf(ref)).metadata()).toMatchObject({ width: 200, height: 50, format: 'png' });
  });

  it('audio.tts speaks through the provider and charges per 1k characters', async () => {
    const t = mediaHarness();
    const ref = await t.main<FileRef>('audio.tts', { voice: 'nova' }, { up: { text: 'Hello from Atelier, this is a test.' } });
    const p = ffprobe(t.pathOf(ref));
    expect(p.audio?.codec).toBe('pcm_s16le');
    expect(p.duration).toBeGreaterThan(1);
    expect(ref.characters).toBe(35);
    expect(t.charges).toEqual([{ micros: 46, operation: 'audio.tts:atelier-tts-v1' }]);
    await expect(t.run('audio.tts', {}, {})).rejects.toThrow(/no text/);
  });

  it('refuses a non-audio input clearly', async () => {
    await expect(h.run('audio.trim', { audio: `data:text/plain,hello` })).rejects.toThrow(/not a media file|no audio/);
  });
});
