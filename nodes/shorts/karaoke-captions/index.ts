import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { NodeError } from '../../../src/engine/node-sdk';
import { avNode } from '../../_lib/av-node';
import { AAC_OUT, filterPath, MP4_OUT } from '../../_lib/ffmpeg';
import { karaokeLines, karaokeAss } from '../../_lib/captions';

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
