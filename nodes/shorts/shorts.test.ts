/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely-typed node outputs */
// The shorts category: a script becomes a narrated, captioned 9:16 MP4 (and resumes from its
// checkpoint), karaoke captions are burned, b-roll is cut into a montage — all probed with ffprobe.
import { describe, expect, it } from 'vitest';
import type { FileRef } from '../_lib/media';
import { ffprobe, mediaHarness, mp4Fixture, wavFixture } from '../_lib/media-testing';
import { karaokeAss } from '../_lib/captions';

describe('shorts nodes', () => {
  it('shorts.vertical_from_script narrates scenes into a 9:16 MP4 with captions, and resumes', async () => {
    const h = mediaHarness();
    const ref = await h.main<FileRef>('shorts.vertical_from_script', { script: 'Hello there.\nThis is Atelier.', height: 256, title: 'Two lines' });
    const p = ffprobe(h.pathOf(ref));
    expect([p.video?.codec, p.video?.width, p.video?.height, p.audio?.codec]).toEqual(['h264', 144, 256, 'aac']);
    expect((ref.scenes as any[]).map((s) => s.text)).toEqual(['Hello there.', 'This is Atelier.']);
    expect(p.duration).toBeCloseTo((ref.scenes as any[]).reduce((n, s) => n + s.seconds, 0), 0);
    expect(h.charges.map((c) => c.operation)).toEqual(['shorts.vertical_from_script:atelier-tts-v1', 'shorts.vertical_from_script:atelier-tts-v1']);
    const last = h.heartbeats.filter((x: any) => x?.stage === 'scenes').at(-1) as any;
    expect(last.done).toHaveLength(2);
    // A retry whose checkpoint lists both finished scenes renders none again (nothing charged):
    // the harness shares the blob store, so the stored scene clips are read back.
    const retry = mediaHarness({ checkpoint: { done: last.done } });
    retry.ctx.blobs = h.blobs;
    const again = await retry.main<FileRef>('shorts.vertical_from_script', { script: 'Hello there.\nThis is Atelier.', height: 256, title: 'Two lines' });
    expect(retry.charges).toEqual([]);
    expect(retry.logs.filter((l) => /resumed/.test(l.message))).toHaveLength(2);
    expect(ffprobe(h.pathOf(again)).duration).toBeCloseTo(p.duration, 0);
  });

  it('shorts.karaoke_captions burns word-timed captions', async () => {
    const h = mediaHarness();
    const clip = await h.ref(mp4Fixture(2, 180, 320), 'mp4');
    const ref = await h.main<FileRef>('shorts.karaoke_captions', { text: 'one two three four five six' }, { up: clip });
    expect(ref.lines).toBe(2);
    expect(ffprobe(h.pathOf(ref)).duration).toBeCloseTo(2, 0);
    const ass = karaokeAss([{ start: 0, end: 2, text: 'ab cd' }], { width: 100, height: 100, words: 4, fontSize: 10, highlight: '#ff0000', base: '#ffffff', position: 'bottom' });
    expect(ass).toContain('Dialogue: 0,0:00:00.00,0:00:02.00,Karaoke,,0,0,0,,{\\kf100}ab {\\kf100}cd');
    expect(ass).toContain('Style: Karaoke,DejaVu Sans,10,&H000000FF,&H00FFFFFF');
  });

  it('shorts.broll_montage cuts clips to length with music; shorts.hook_text writes hooks', async () => {
    const h = mediaHarness();
    const a = await h.ref(mp4Fixture(2, 160, 120), 'mp4');
    const b = await h.ref(mp4Fixture(2, 160, 120, 'red'), 'mp4');
    const music = await h.ref(wavFixture(3, 220), 'wav');
    const ref = await h.main<FileRef>('shorts.broll_montage', { clips: [a, b], duration: 3, segment: 1, width: 90, height: 160, music });
    const p = ffprobe(h.pathOf(ref));
    expect([p.video?.width, p.video?.height, p.audio?.codec, ref.cuts]).toEqual([90, 160, 'aac', 3]);
    expect(p.duration).toBeCloseTo(3, 0);
    const hooks = await h.main('shorts.hook_text', { topic: 'Editing vertical video: 5 tips for vertical video creators', count: 3, max_chars: 50 });
    expect(hooks.hooks).toHaveLength(3);
    expect(hooks.hooks[0]).toBe('Stop scrolling if you care about vertical video');
    expect(hooks.best.length).toBeLessThanOrEqual(50);
  });
});
