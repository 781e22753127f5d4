import { z } from 'zod';
import { avNode } from '../../_lib/av-node';
import { ffColour } from '../../_lib/ffmpeg';

export const audioWaveform = avNode({
  type: 'audio.waveform',
  title: 'Waveform image',
  description: 'Draws the audio\'s waveform as a PNG (`width`×`height`, `colour` on `background`) with ffmpeg showwavespic — for thumbnails, audiograms and previews.',
  subcategory: 'visualise',
  tags: ['audio', 'waveform', 'image', 'audiogram', 'visualization'],
  needs: 'audio',
  shape: {
    width: z.number().int().min(32).max(4096).default(800).describe('Image width (px).'),
    height: z.number().int().min(16).max(2048).default(200).describe('Image height (px).'),
    colour: z.string().regex(/^#?[0-9a-fA-F]{6}$/).default('#4f46e5').describe('Wave colour.'),
    background: z.string().regex(/^#?[0-9a-fA-F]{6}$/).default('#ffffff').describe('Background colour.'),
  },
  plan(_input, p) {
    const filter = `[0:a]aformat=channel_layouts=mono,showwavespic=s=${p.width}x${p.height}:colors=${ffColour(p.colour)}[w];color=c=${ffColour(p.background)}:s=${p.width}x${p.height}[bg];[bg][w]overlay=format=auto`;
    return { args: ['-filter_complex', filter, '-frames:v', '1'], ext: 'png', expectedS: 0 };
  },
});
