import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { NodeError } from '../../../src/engine/node-sdk';
import { avNode } from '../../_lib/av-node';
import { AAC_OUT, filterPath, MP4_OUT } from '../../_lib/ffmpeg';

export interface Cue { start: number; end: number; text: string }

const assTime = (s: number) => {
  const cs = Math.max(0, Math.round(s * 100));
  return `${Math.floor(cs / 360000)}:${String(Math.floor(cs / 6000) % 60).padStart(2, '0')}:${String(Math.floor(cs / 100) % 60).padStart(2, '0')}.${String(cs % 100).padStart(2, '0')}`;
};
const assColour = (hex: string) => {
  const h = hex.replace('#', '');
  return `&H00${h.slice(4, 6)}${h.slice(2, 4)}${h.slice(0, 2)}`.toUpperCase();
};

/** Cues split into lines of at most `words` words, each line's time shared by word length. */
export function karaokeLines(cues: Cue[], words: number): { start: number; end: number; words: { text: string; cs: number }[] }[] {
  const out = [];
  for (const cue of cues) {
    const ws = cue.text.split(/\s+/).filter(Boolean);
    const total = ws.reduce((n, w) => n + w.length + 1, 0);
    let t = cue.start;
    for (let i = 0; i < ws.length; i += words) {
      const chunk = ws.slice(i, i + words);
      const span = ((cue.end - cue.start) * chunk.reduce((n, w) => n + w.length + 1, 0)) / total;
      out.push({ start: t, end: t + span, words: chunk.map((w) => ({ text: w, cs: Math.max(1, Math.round(((span * (w.length + 1)) / chunk.reduce((n, x) => n + x.length + 1, 0)) * 100)) })) });
      t += span;
    }
  }
  return out;
}

/** An ASS script with one karaoke Dialogue per line: words light up (\kf) from `base` to `highlight`. */
export function karaokeAss(cues: Cue[], o: { width: number; height: number; words: number; fontSize: number; highlight: string; base: string; position: 'bottom' | 'center' }): string {
  const lines = karaokeLines(cues, o.words);
  const align = o.position === 'center' ? 5 : 2;
  return [
    '[Script Info]', 'ScriptType: v4.00+', `PlayResX: ${o.width}`, `PlayResY: ${o.height}`, 'WrapStyle: 0', '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Karaoke,DejaVu Sans,${o.fontSize},${assColour(o.highlight)},${assColour(o.base)},&H00000000,&H80000000,-1,0,0,0,100,100,0,0,1,${Math.max(2, Math.round(o.fontSize / 12))},0,${align},${Math.round(o.width * 0.06)},${Math.round(o.width * 0.06)},${Math.round(o.height * 0.12)},1`,
    '', '[Events]', 'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...lines.map((l) => `Dialogue: 0,${assTime(l.start)},${assTime(l.end)},Karaoke,,0,0,0,,${l.words.map((w) => `{\\kf${w.cs}}${w.text.replace(/[{}\\]/g, '')}`).join(' ')}`),
    '',
  ].join('\n');
}

export const shortsKaraokeCaptions = avNode({
  type: 'shorts.karaoke_captions',
  title: 'Karaoke captions',
  description: 'Burns word-by-word "karaoke" captions into a video with libass: `cues` [{start, end, text}] (e.g. from a script\'s scenes) or one `text` spread over the whole video, split into lines of `words_per_line`; each word fills from the base colour to the highlight as it is spoken (timed by word length within its cue).',
  subcategory: 'captions',
  tags: ['shorts', 'captions', 'karaoke', 'subtitles', 'tiktok', 'reels'],
  needs: 'video',
  shape: {
    cues: z.array(z.object({ start: z.number().min(0).describe('Start (s).'), end: z.number().positive().describe('End (s).'), text: z.string().min(1).max(1000).describe('Spoken text.') })).max(2000).optional().describe('Timed captions; the text is spread over each cue.'),
    text: z.string().max(20_000).optional().describe('Text spread over the whole video when `cues` is omitted.'),
    words_per_line: z.number().int().min(1).max(12).default(4).describe('Words shown at a time.'),
    font_size: z.number().min(0.02).max(0.2).default(0.07).describe('Font size as a fraction of the video height.'),
    highlight: z.string().regex(/^#?[0-9a-fA-F]{6}$/).default('#facc15').describe('Colour of spoken words.'),
    base: z.string().regex(/^#?[0-9a-fA-F]{6}$/).default('#ffffff').describe('Colour of words not yet spoken.'),
    position: z.enum(['bottom', 'center']).default('bottom').describe('Where the captions sit.'),
  },
  async plan({ info }, p, _ctx, ws) {
    const d = info.duration_s ?? 0;
    const cues = p.cues ?? (p.text ? [{ start: 0, end: d, text: p.text }] : undefined);
    if (!cues?.length) throw new NodeError('karaoke_captions needs `cues` or `text`', { type: 'invalid_params' });
    const W = info.width ?? 1080;
    const H = info.height ?? 1920;
    const file = ws.path('captions.ass');
    await writeFile(file, karaokeAss(cues, { width: W, height: H, words: p.words_per_line, fontSize: Math.round(H * p.font_size), highlight: p.highlight, base: p.base, position: p.position }));
    return { args: ['-vf', `ass=${filterPath(file)}`, ...MP4_OUT, ...AAC_OUT], ext: 'mp4', meta: { lines: karaokeLines(cues, p.words_per_line).length } };
  },
});
