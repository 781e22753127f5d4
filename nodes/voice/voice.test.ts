/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely-typed node outputs */
// The voice category: the voice list read from espeak-ng, speech in a chosen voice shaped by
// ffmpeg, and previews — each output opened with ffprobe.
import { describe, expect, it } from 'vitest';
import type { FileRef } from '../_lib/media';
import { ffprobe, mediaHarness } from '../_lib/media-testing';

describe('voice nodes', () => {
  it('voice.list_voices lists named and language voices, filterable', async () => {
    const h = mediaHarness();
    const all = await h.main('voice.list_voices', {});
    expect(all.voices.find((v: any) => v.id === 'nova')).toMatchObject({ kind: 'named', gender: 'female' });
    expect(all.voices.some((v: any) => v.kind === 'language' && v.id === 'fr-fr')).toBe(true);
    const fr = await h.main('voice.list_voices', { language: 'fr' });
    expect(fr.count).toBeGreaterThan(0);
    expect(fr.voices.every((v: any) => v.language.startsWith('fr'))).toBe(true);
  });

  it('voice.speak: a faster voice is shorter than a normal one', async () => {
    const h = mediaHarness();
    const text = 'The quick brown fox jumps over the lazy dog.';
    const normal = await h.main<FileRef>('voice.speak', { text, voice: 'onyx', format: 'wav' });
    const fast = await h.main<FileRef>('voice.speak', { text, voice: 'onyx', speed: 1.6, pitch: 3, format: 'mp3' });
    const a = ffprobe(h.pathOf(normal));
    const b = ffprobe(h.pathOf(fast));
    expect(b.audio?.codec).toBe('mp3');
    expect(b.duration).toBeLessThan(a.duration * 0.8);
    expect(h.charges.map((c) => c.operation)).toEqual(['voice.speak:atelier-tts-v1', 'voice.speak:atelier-tts-v1']);
  });

  it('voice.preview renders one sample per voice', async () => {
    const h = mediaHarness();
    const out = await h.main('voice.preview', { voices: ['nova', 'fr'], sample: 'Bonjour {voice}' });
    expect(out.previews.map((p: any) => p.voice)).toEqual(['nova', 'fr']);
    for (const p of out.previews) expect(ffprobe(h.pathOf(p)).duration).toBeGreaterThan(0.3);
    expect(h.charges).toHaveLength(2);
  });
});
