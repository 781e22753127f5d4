import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { avNode } from '../../_lib/av-node';
import { AAC_OUT, FONT_BOLD, ffColour, filterPath, MP4_OUT } from '../../_lib/ffmpeg';

export const videoTextOverlay = avNode({
  type: 'video.text_overlay',
  title: 'Text on video',
  description: 'Draws text (DejaVu Sans Bold, outlined, optional box) on the video at `position`, from `start` to `end` seconds (the whole video by default).',
  subcategory: 'text',
  tags: ['video', 'text', 'title', 'caption', 'drawtext'],
  needs: 'video',
  shape: {
    text: z.string().min(1).max(500).describe('Text to draw (use \\n for line breaks).'),
    position: z.enum(['top', 'center', 'bottom']).default('bottom').describe('Vertical placement.'),
    font_size: z.number().min(0.02).max(0.3).default(0.07).describe('Font size as a fraction of the video height.'),
    colour: z.string().regex(/^#?[0-9a-fA-F]{6}$/).default('#ffffff').describe('Text colour.'),
    box: z.boolean().default(false).describe('Draw a translucent black box behind the text.'),
    start: z.number().min(0).default(0).describe('When the text appears (s).'),
    end: z.number().positive().optional().describe('When it disappears (s); end of video when omitted.'),
  },
  async plan(_input, p, _ctx, ws) {
    const textFile = ws.path('text.txt');
    await writeFile(textFile, p.text.replace(/\\n/g, '\n'));
    const y = p.position === 'top' ? 'h*0.06' : p.position === 'center' ? '(h-text_h)/2' : 'h-text_h-h*0.08';
    const enable = p.end !== undefined ? `:enable='between(t,${p.start},${p.end})'` : p.start > 0 ? `:enable='gte(t,${p.start})'` : '';
    const box = p.box ? ':box=1:boxcolor=black@0.5:boxborderw=12' : '';
    const filter = `drawtext=fontfile=${FONT_BOLD}:textfile=${filterPath(textFile)}:fontcolor=${ffColour(p.colour)}:fontsize=h*${p.font_size}:borderw=2:bordercolor=black${box}:x=(w-text_w)/2:y=${y}${enable}`;
    return { args: ['-vf', filter, ...MP4_OUT, ...AAC_OUT], ext: 'mp4' };
  },
});
