// Local music: a short piece composed from the prompt and seed, then rendered offline. The score
// (key, mode, tempo, a four-chord progression, a two-bar melodic motif with variations, a bass
// line and a drum pattern) is drawn from a PRNG seeded by the prompt and seed, so the same request
// always gives the same piece. The notes are synthesised here as PCM (deterministic arithmetic,
// no system randomness); sox adds the room (reverb), evens the level and fades the ends, and
// ffmpeg encodes the MP3. `seconds` is honoured to the sample.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTool } from '../../media-tools';
import type { MediaResult, MusicRequest } from '../types';
import { seededRandom } from './exec';

export const LOCAL_MUSIC_MODEL = 'atelier-music-v1';
const RATE = 44_100;
export const MAX_MUSIC_SECONDS = 300;

const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const MINOR = [0, 2, 3, 5, 7, 8, 10];
/** Progressions as scale degrees (0 = the tonic), one chord per bar. */
const MAJOR_PROGRESSIONS = [[0, 4, 5, 3], [0, 5, 3, 4], [0, 3, 4, 3], [5, 3, 0, 4], [0, 3, 5, 4]];
const MINOR_PROGRESSIONS = [[0, 5, 2, 6], [0, 3, 4, 0], [0, 6, 5, 4], [0, 5, 3, 4], [0, 3, 6, 2]];

const MINOR_WORDS = /\b(sad|dark|melanchol\w*|minor|moody|sombre|somber|lonely|night|rain\w*|mysterious|tense|haunting)\b/i;
const SLOW_WORDS = /\b(calm|slow|ambient|relax\w*|sleep\w*|gentle|lullaby|soft|peaceful|meditat\w*|lofi|lo-fi|chill)\b/i;
const FAST_WORDS = /\b(fast|upbeat|energetic|dance|party|driving|action|epic|happy|bright|rock|run\w*)\b/i;

export interface Score {
  root: number;
  minor: boolean;
  bpm: number;
  progression: number[];
  /** Notes: MIDI pitch, start and length in beats, loudness 0..1, voice. */
  notes: Array<{ pitch: number; start: number; beats: number; velocity: number; voice: 'lead' | 'pad' | 'bass' }>;
  /** Drum hits: beat position and kind. */
  drums: Array<{ at: number; kind: 'kick' | 'snare' | 'hat' }>;
  beats: number;
}

/** The piece's score for a prompt, seed and length (pure: the same inputs give the same score). */
export function composeScore(prompt: string, seed: number | undefined, seconds: number): Score {
  const rand = seededRandom(`music:${seed ?? 0}:${prompt}`);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const minor = MINOR_WORDS.test(prompt) ? true : rand() < 0.35;
  const [lo, hi] = SLOW_WORDS.test(prompt) ? [68, 86] : FAST_WORDS.test(prompt) ? [112, 132] : [88, 112];
  const bpm = Math.round(lo + rand() * (hi - lo));
  const root = 48 + Math.floor(rand() * 12);
  const scale = minor ? MINOR : MAJOR;
  const progression = pick(minor ? MINOR_PROGRESSIONS : MAJOR_PROGRESSIONS);
  const beats = (seconds * bpm) / 60;
  const bars = Math.ceil(beats / 4);
  const pitchOf = (degree: number, base: number) => {
    const octave = Math.floor(degree / 7);
    return base + scale[((degree % 7) + 7) % 7]! + 12 * octave;
  };

  // A two-bar motif of eighth notes (scale steps above the chord root; null = rest), varied on repeats.
  const motif: Array<number | null> = [];
  let step = pick([0, 2, 4]);
  for (let i = 0; i < 16; i++) {
    if (i % 4 !== 0 && rand() < 0.22) {
      motif.push(null);
      continue;
    }
    step += pick([-2, -1, -1, 0, 1, 1, 2, 3]);
    step = Math.max(-2, Math.min(9, step));
    motif.push(step);
  }

  const notes: Score['notes'] = [];
  const drums: Score['drums'] = [];
  for (let bar = 0; bar < bars; bar++) {
    const degree = progression[bar % progression.length]!;
    const t0 = bar * 4;
    // Pad: the triad, held for the bar.
    for (const d of [0, 2, 4]) notes.push({ pitch: pitchOf(degree + d, root + 12), start: t0, beats: 4, velocity: 0.16, voice: 'pad' });
    // Bass: root on 1 and 3, the fifth pushing into 3 on even bars.
    notes.push({ pitch: pitchOf(degree, root - 12), start: t0, beats: 1.5, velocity: 0.5, voice: 'bass' });
    if (bar % 2 === 1) notes.push({ pitch: pitchOf(degree + 4, root - 12), start: t0 + 1.5, beats: 0.5, velocity: 0.4, voice: 'bass' });
    notes.push({ pitch: pitchOf(degree, root - 12), start: t0 + 2, beats: 1.5, velocity: 0.45, voice: 'bass' });
    // Lead: the motif over this chord; every fourth bar pair answers it a third higher.
    const half = bar % 2;
    const lift = Math.floor(bar / 2) % 4 === 3 ? 2 : 0;
    for (let i = 0; i < 8; i++) {
      const s = motif[half * 8 + i];
      if (s === null || s === undefined) continue;
      const last = bar === bars - 1 && i >= 6;
      notes.push({ pitch: pitchOf(degree + s + lift, root + 24), start: t0 + i / 2, beats: last ? 1 : 0.5, velocity: i % 2 === 0 ? 0.34 : 0.26, voice: 'lead' });
    }
    // Drums: kick on 1 and 3, snare on 2 and 4, hats on the eighths (the first bar is a lead-in without them).
    drums.push({ at: t0, kind: 'kick' }, { at: t0 + 2, kind: 'kick' });
    if (bar > 0) {
      drums.push({ at: t0 + 1, kind: 'snare' }, { at: t0 + 3, kind: 'snare' });
      for (let i = 0; i < 8; i++) drums.push({ at: t0 + i / 2, kind: 'hat' });
      if (rand() < 0.3) drums.push({ at: t0 + 3.5, kind: 'kick' });
    }
  }
  return { root, minor, bpm, progression, notes, drums, beats };
}

const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** Renders the score to mono float samples, exactly `seconds` long. */
export function renderScore(score: Score, seconds: number, noiseSeed: string): Float32Array {
  const total = Math.round(seconds * RATE);
  const out = new Float32Array(total);
  const spb = (60 / score.bpm) * RATE;
  for (const n of score.notes) {
    const start = Math.round(n.start * spb);
    if (start >= total) continue;
    const f = hz(n.pitch);
    const release = n.voice === 'pad' ? 0.4 : 0.08;
    const length = Math.min(total - start, Math.round((n.beats * spb) + release * RATE));
    const held = n.beats * spb;
    for (let i = 0; i < length; i++) {
      const t = i / RATE;
      let env: number;
      let v: number;
      const phase = 2 * Math.PI * f * t;
      if (n.voice === 'pad') {
        env = Math.min(1, t / 0.35) * (i < held ? 1 : Math.max(0, 1 - (i - held) / (release * RATE)));
        // Two detuned triangles-ish (odd harmonics) for a soft, wide tone.
        v = Math.sin(phase) + Math.sin(phase * 1.003) * 0.7 + Math.sin(3 * phase) / 9;
      } else if (n.voice === 'bass') {
        env = Math.min(1, t / 0.005) * Math.exp(-t * 3) * (i < held ? 1 : Math.max(0, 1 - (i - held) / (release * RATE)));
        v = Math.sin(phase) + 0.3 * Math.sin(2 * phase);
      } else {
        env = Math.min(1, t / 0.01) * Math.exp(-t * 4) * (i < held ? 1 : Math.max(0, 1 - (i - held) / (release * RATE)));
        // A bell-ish lead: fundamental, octave and a soft twelfth.
        v = Math.sin(phase) + 0.35 * Math.sin(2 * phase) + 0.12 * Math.sin(3 * phase) + 0.05 * Math.sin(4 * phase);
      }
      out[start + i]! += v * env * n.velocity;
    }
  }
  const noise = seededRandom(`noise:${noiseSeed}`);
  for (const d of score.drums) {
    const start = Math.round(d.at * spb);
    if (start >= total) continue;
    const length = Math.min(total - start, Math.round((d.kind === 'kick' ? 0.3 : d.kind === 'snare' ? 0.18 : 0.05) * RATE));
    let phase = 0;
    let prev = 0;
    for (let i = 0; i < length; i++) {
      const t = i / RATE;
      let v: number;
      if (d.kind === 'kick') {
        // A sine sweeping from 110 Hz down to 45 Hz.
        phase += (2 * Math.PI * (45 + 65 * Math.exp(-t * 30))) / RATE;
        v = Math.sin(phase) * Math.exp(-t * 9) * 0.9;
      } else {
        const w = noise() * 2 - 1;
        // Differencing the noise tilts it bright (hats); the snare keeps some body (a 190 Hz tone).
        const bright = w - prev;
        prev = w;
        v = d.kind === 'hat' ? bright * Math.exp(-t * 70) * 0.12 : (w * 0.35 + Math.sin(2 * Math.PI * 190 * t) * 0.3) * Math.exp(-t * 22) * 0.55;
      }
      out[start + i]! += v;
    }
  }
  return out;
}

function toPcm16(samples: Float32Array): Buffer {
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  const scale = peak > 0 ? 0.8 / peak : 0;
  const buf = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) buf.writeInt16LE(Math.max(-32767, Math.min(32767, Math.round(samples[i]! * scale * 32767))), i * 2);
  return buf;
}

/** A listenable MP3 of `req.seconds` seconds: deterministic per prompt and seed. */
export async function localMusic(req: MusicRequest): Promise<MediaResult<'audio/mpeg'>> {
  const seconds = Math.max(1, Math.min(MAX_MUSIC_SECONDS, req.seconds));
  const score = composeScore(req.prompt, req.seed, seconds);
  const pcm = toPcm16(renderScore(score, seconds, `${req.seed ?? 0}:${req.prompt}`));
  const dir = await mkdtemp(join(tmpdir(), 'atelier-music-'));
  try {
    const raw = join(dir, 'score.raw');
    const mixed = join(dir, 'mixed.wav');
    const mp3 = join(dir, 'music.mp3');
    await writeFile(raw, pcm);
    const fade = Math.min(2, seconds / 4);
    // Room, level and ends (-R -D: sox's repeatable mode, no dither, so the bytes are the same every
    // time); `trim 0 <s>` keeps the length exact after the reverb's tail.
    await runTool('sox', ['-R', '-D',
      '-t', 'raw', '-r', String(RATE), '-e', 'signed', '-b', '16', '-c', '1', raw,
      '-b', '16', mixed,
      'reverb', '35', '50', '70', 'gain', '-n', '-1', 'fade', 'q', String(Math.min(0.05, seconds / 10)), String(seconds), String(fade), 'trim', '0', String(seconds),
    ], { signal: req.signal });
    await runTool('ffmpeg', ['-v', 'error', '-y', '-i', mixed, '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact', '-c:a', 'libmp3lame', '-b:a', '160k', mp3], { signal: req.signal });
    return { data: await readFile(mp3), mime: 'audio/mpeg', usage: { seconds } };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
