import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { NodeError } from '../../../src/engine/node-sdk';
import { avNode } from '../../_lib/av-node';
import { AAC_OUT, filterPath, MP4_OUT } from '../../_lib/ffmpeg';

const Cue = z.object({
  start: z.number().min(0).describe('Start (s).'),
  end: z.number().positive().describe('End (s).'),
  text: z.string().min(1).max(500).describe('Caption text.'),
});

const ts = (s: number) => {
  const ms = Math.round(s * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3600000))}:${pad(Math.floor(ms / 60000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;
};

export function toSrt(cues: { start: number; end: number; text: string }[]): string {
  return cues.map((c, i) => `${i + 1}\n${ts(c.start)} --> ${ts(c.end)}\n${c.text}\n`).join('\n');
}

/** Captions rendered into the picture with libass. */
export const videoBurnSubtitles = avNode({
  type: 'video.burn_subtitles',
  title: 'Burn in subtitles',
  description: 'Renders captions into the picture with libass: `cues` [{start, end, text}] or `srt` text, in a bottom-centred outlined style (`font_size` relative to the video height, `colour`, `outline`).',
  subcategory: 'captions',
  tags: ['video', 'subtitles', 'captions', 'srt', 'accessibility'],
  needs: 'video',
  shape: {
    cues: z.array(Cue).max(5000).optional().describe('Captions as [{start, end, text}] in seconds.'),
    srt: z.string().max(500_000).optional().describe('Captions as SRT text (used when `cues` is omitted).'),
    font_size: z.number().min(0.02).max(0.2).default(0.055).describe('Font size as a fraction of the video height.'),
    colour: z.string().regex(/^#?[0-9a-fA-F]{6}$/).default('#ffffff').describe('Text colour.'),
    outline: z.string().regex(/^#?[0-9a-fA-F]{6}$/).default('#000000').describe('Outline colour.'),
  },
  async plan({ info }, p, _ctx, ws) {
    const srt = p.cues ? toSrt(p.cues) : p.srt;
    if (!srt || !srt.trim()) throw new NodeError('burn_subtitles needs `cues` or `srt`', { type: 'invalid_params' });
    const file = ws.path('subs.srt');
    await writeFile(file, srt);
    const bgr = (c: string) => { const h = c.replace('#', ''); return `&H00${h.slice(4, 6)}${h.slice(2, 4)}${h.slice(0, 2)}`; };
    // libass scales styles from a 288-line script height.
    const size = Math.round(288 * p.font_size);
    const style = `FontName=DejaVu Sans,Bold=1,FontSize=${size},PrimaryColour=${bgr(p.colour)},OutlineColour=${bgr(p.outline)},BorderStyle=1,Outline=2,Shadow=0,Alignment=2,MarginV=${Math.round(288 * 0.06)}`;
    return { args: ['-vf', `subtitles=${filterPath(file)}:force_style='${style}'`, ...MP4_OUT, ...AAC_OUT], ext: 'mp4', meta: { cues: srt.split(/\n\s*\n/).filter((b) => b.trim()).length, height: info.height } };
  },
});
