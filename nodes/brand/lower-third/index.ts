import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { avNode } from '../../_lib/av-node';
import { AAC_OUT, ffColour, filterPath, FONT, FONT_BOLD, MP4_OUT } from '../../_lib/ffmpeg';

/** A broadcast-style name/title bar that slides in over the lower third. */
export const brandLowerThird = avNode({
  type: 'brand.lower_third',
  title: 'Lower third',
  description: 'Adds a branded lower third to a video — a bar in the brand colour with a name and a title line — that slides in from the left at `start` and disappears after `duration` seconds.',
  subcategory: 'motion',
  tags: ['brand', 'lower-third', 'video', 'titles', 'broadcast'],
  needs: 'video',
  shape: {
    name: z.string().min(1).max(60).describe('First line (usually a person\'s name).'),
    title: z.string().max(80).default('').describe('Second line (role, company).'),
    colour: z.string().regex(/^#?[0-9a-fA-F]{6}$/).default('#1d4ed8').describe('Bar colour.'),
    text_colour: z.string().regex(/^#?[0-9a-fA-F]{6}$/).default('#ffffff').describe('Text colour.'),
    start: z.number().min(0).default(0.3).describe('When it slides in (s).'),
    duration: z.number().positive().max(60).default(4).describe('How long it stays (s).'),
  },
  async plan({ info }, p, _ctx, ws) {
    const H = info.height ?? 360;
    const W = info.width ?? 640;
    const nameFile = ws.path('name.txt');
    const titleFile = ws.path('title.txt');
    await writeFile(nameFile, p.name);
    await writeFile(titleFile, p.title || ' ');
    const barH = Math.round(H * 0.16);
    const y = Math.round(H * 0.78) - barH;
    const barW = Math.round(W * 0.6);
    const end = p.start + p.duration;
    // Slides in over 0.4 s: x goes from -barW to the margin.
    const x = `'if(lt(t,${p.start}+0.4),-${barW}+(t-${p.start})/0.4*(${barW}+${Math.round(W * 0.05)}),${Math.round(W * 0.05)})'`;
    const on = `enable='between(t,${p.start},${end})'`;
    const filter = [
      `color=c=${ffColour(p.colour)}:s=${barW}x${barH}[bar]`,
      `[0:v][bar]overlay=x=${x}:y=${y}:shortest=1:${on}[b]`,
      `[b]drawtext=fontfile=${FONT_BOLD}:textfile=${filterPath(nameFile)}:fontcolor=${ffColour(p.text_colour)}:fontsize=${Math.round(barH * 0.38)}:x=${Math.round(W * 0.08)}:y=${y + Math.round(barH * 0.12)}:enable='between(t,${p.start + 0.4},${end})',` +
        `drawtext=fontfile=${FONT}:textfile=${filterPath(titleFile)}:fontcolor=${ffColour(p.text_colour)}:fontsize=${Math.round(barH * 0.26)}:x=${Math.round(W * 0.08)}:y=${y + Math.round(barH * 0.6)}:enable='between(t,${p.start + 0.4},${end})'[v]`,
    ].join(';');
    return { args: ['-filter_complex', filter, '-map', '[v]', '-map', '0:a?', ...MP4_OUT, ...AAC_OUT], ext: 'mp4', meta: { bar: { x: Math.round(W * 0.05), y, width: barW, height: barH } } };
  },
});
