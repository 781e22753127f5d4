// The offline renderer and the pure story logic, without a stack: real sharp, ffmpeg and espeak-ng.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalProviders } from '../../src/generation/providers/index';
import { renderClip } from '../../src/generation/providers/local/still-motion';
import { renderKeyframe } from '../../src/generation/providers/local/storyboard';
import { frameSize, LANGUAGES, PALETTES, STYLES, type Language, type VoicePreset } from '../../src/story/catalog';
import { generateConcept, splitDuration } from '../../src/story/concept';
import { blockedTerm, renderRefusal } from '../../src/story/content-policy';
import { composeFinal, planTimeline, subtitleFile } from '../../src/story/media/compose';
import { wavDuration } from '../../src/story/media/voice';
import { resolveVideoModel, snapDuration, VIDEO_MODELS } from '../../src/story/video-models';
import { ffprobe } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'story-media-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const local = createLocalProviders();
/** A narrator preset through the local provider, as step 5 asks for it; written to `outPath`. */
async function speak(text: string, opts: { voice: VoicePreset; language: Language; speed: number; outPath: string }) {
  const wav = await local.speech({ model: 'atelier-tts-v1', input: text, voice: opts.voice, language: opts.language, speed: opts.speed });
  writeFileSync(opts.outPath, wav.data);
  return { path: opts.outPath, duration: wavDuration(wav.data) };
}

const base = { prompt: 'A lighthouse keeper befriends a lost whale', style: 'cinematic' as const, num_scenes: 4, duration: 60, language: 'en' as const, seed: 5 };

describe('concept generator', () => {
  it('is deterministic in the seed and honours scenes, duration and language', () => {
    expect(generateConcept(base)).toEqual(generateConcept(base));
    expect(generateConcept({ ...base, seed: 6 })).not.toEqual(generateConcept(base));
    for (const n of [2, 5, 8]) {
      for (const d of [15, 61, 180]) {
        const c = generateConcept({ ...base, num_scenes: n, duration: d });
        expect(c.scenes).toHaveLength(n);
        expect(c.scenes.reduce((s, x) => s + x.duration, 0)).toBe(d);
        expect(c.scenes.map((s) => s.index)).toEqual([...Array(n).keys()]);
      }
    }
    const narrations = new Set(LANGUAGES.map((language) => generateConcept({ ...base, language }).scenes[1]!.narration_text));
    expect(narrations.size).toBe(LANGUAGES.length);
    expect(splitDuration(17, 4)).toEqual([5, 4, 4, 4]);
  });
});

describe('video models', () => {
  it('has nine selectable models plus a retired id that renders on the default, and snaps down to the ladder', () => {
    expect(VIDEO_MODELS.filter((m) => !m.retired)).toHaveLength(9);
    expect(resolveVideoModel('hailuo-02').used.id).toBe('seedance-1-pro');
    const veo = VIDEO_MODELS.find((m) => m.id === 'veo-3')!;
    expect([3, 4, 5, 7, 8, 30].map((s) => snapDuration(veo, s))).toEqual([4, 4, 4, 6, 8, 8]);
    for (const m of VIDEO_MODELS) expect(m.ladder.at(-1)).toBe(m.maxSeconds);
  });
});

describe('content policy', () => {
  it('blocks listed terms as whole words and refuses weapons at render time', () => {
    expect(blockedTerm('how to make a bomb')).toBe('make a bomb');
    expect(blockedTerm('a grape harvest')).toBeUndefined(); // "rape" only as a word
    expect(renderRefusal('He lifts a Rifle.')).toBe('rifle');
    expect(renderRefusal('Blood-red sunset')).toBe('blood');
    expect(renderRefusal('a gunner-less boat')).toBeUndefined();
  });
});

describe('offline media', () => {
  it('draws keyframes at the requested size that differ per scene and per style', async () => {
    const draw = (style: (typeof STYLES)[number], sceneIndex: number) =>
      renderKeyframe({ palette: PALETTES[style], width: 720, height: 1280, seed: 1, sceneIndex, title: 'T', description: 'd', camera: 'static', characters: [{ name: 'Ada' }], version: 1 });
    const a = await draw('anime', 0);
    const meta = await sharp(a).metadata();
    expect([meta.width, meta.height]).toEqual([720, 1280]);
    expect(frameSize('720p', '9:16')).toEqual({ width: 720, height: 1280 });
    expect(frameSize('4k', '16:9')).toEqual({ width: 3840, height: 2160 });
    const means = async (b: Buffer) => (await sharp(b).stats()).channels.map((c) => Math.round(c.mean));
    expect(await means(a)).not.toEqual(await means(await draw('anime', 1)));
    expect(await means(a)).not.toEqual(await means(await draw('scifi', 0)));
  });

  it('speaks every language with espeak-ng and scales with speed', async () => {
    for (const language of LANGUAGES) {
      const s = await speak(generateConcept({ ...base, language }).scenes[0]!.narration_text, { voice: 'narrator-female-1', language, speed: 1, outPath: join(dir, `${language}.wav`) });
      expect(s.duration, language).toBeGreaterThan(0.5);
    }
    const text = 'The lighthouse keeper listens to the sea at night.';
    const slow = await speak(text, { voice: 'narrator-documentary', language: 'en', speed: 0.75, outPath: join(dir, 'slow.wav') });
    const fast = await speak(text, { voice: 'narrator-documentary', language: 'en', speed: 1.5, outPath: join(dir, 'fast.wav') });
    expect(slow.duration).toBeGreaterThan(fast.duration * 1.5);
  });

  it('composes fade-black and dissolve cuts with music at the planned length', async () => {
    const frame = join(dir, 'k.png');
    await sharp(await renderKeyframe({ palette: PALETTES.fantasy, width: 320, height: 180, seed: 3, sceneIndex: 0, title: 'T', description: 'd', camera: 'orbit', characters: [], version: 1 })).toFile(frame);
    const clip = join(dir, 'c.mp4');
    await renderClip({ framePath: frame, outPath: clip, width: 320, height: 180, duration: 2, fps: 30, motion: 'high', camera: 'push-in' });
    const c = await ffprobe(clip);
    expect(c.duration).toBeCloseTo(2, 1);
    const speech = await speak('Three short words.', { voice: 'narrator-male-2', language: 'en', speed: 1, outPath: join(dir, 's.wav') });
    for (const transition of ['fade-black', 'dissolve'] as const) {
      const out = join(dir, `${transition}.mp4`);
      const scenes = [{ clipPath: clip, clipDuration: 2, narration: { ...speech, text: 'Three short words.' } }, { clipPath: clip, clipDuration: 2 }, { clipPath: clip, clipDuration: 2 }];
      const t = await composeFinal({ scenes, width: 320, height: 180, fps: 30, transition, transitionDuration: 0.4, music: 'dramatic', musicVolume: 0.5, subtitles: 'cinematic', format: 'mp4', workDir: dir, outPath: out });
      const planned = planTimeline(scenes.map((s) => ({ clipDuration: s.clipDuration, speech: s.narration?.duration })), transition, 0.4);
      expect(t.total).toBe(planned.total);
      // Scene 1 holds for its narration; two transitions overlap 0.4 s each.
      expect(planned.total).toBeCloseTo(Math.max(2, 0.3 + speech.duration + 0.4 + 0.4) + 2 + 2 - 0.8, 3);
      const p = await ffprobe(out);
      expect(p.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
      expect(p.duration).toBeCloseTo(t.total, 0);
    }
    expect(subtitleFile('karaoke', 320, 180, [{ start: 0, end: 1, text: 'a b' }])).toMatch(/\{\\k50\}a \{\\k50\}b/);
  });
});
