import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { storeMedia } from '../../_lib/av-node';
import { renderCard, slidesToVideo } from '../../_lib/compose';
import { AAC_OUT, even, ffmpeg, fitFilter, MP4_OUT, probeMedia } from '../../_lib/ffmpeg';
import { fileInput, pickFile, withWorkspace } from '../../_lib/media';
import { hexColour } from '../../_lib/render';
import sharp from 'sharp';

const params = z.object({
  video: fileInput('Video to wrap'),
  logo: fileInput('Brand logo shown on the intro and outro cards'),
  intro_text: z.string().max(120).default('').describe('Text on the intro card (e.g. the episode title).'),
  outro_text: z.string().max(160).default('').describe('Text on the outro card (e.g. the call to action and URL).'),
  seconds: z.number().min(0.5).max(10).default(1.5).describe('Length of each card (s).'),
  background: hexColour('Card background.', '#0f172a'),
  colour: hexColour('Card text colour.', '#ffffff'),
});

/** Branded intro and outro cards around a video, crossfaded in. */
export const brandIntroOutro: NodeDefinition<typeof params> = {
  type: 'brand.intro_outro',
  version: 1,
  category: 'brand',
  subcategory: 'motion',
  name: 'Intro / outro',
  description: 'Wraps a video in branded cards: an intro (logo and `intro_text`) before and an outro (logo and `outro_text`) after, each `seconds` long in the brand colours at the video\'s size, faded in and out, with silence under the cards.',
  tags: ['brand', 'intro', 'outro', 'video', 'bumper', 'end-card'],
  params,
  inputs: [{ name: 'main', description: 'A video file reference' }],
  outputs: [{ name: 'main', description: '{url, mime, size, duration_s, width, height}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 900, heartbeatS: 30 },
  async execute(ctx, { params: p, inputs }) {
    return withWorkspace(ctx, async (ws) => {
      const video = await ws.input(pickFile(p.video, inputs, 'video'), 'video');
      const info = await probeMedia(ctx, video, 'video', 'video');
      const W = even(info.width ?? 640);
      const H = even(info.height ?? 360);
      const logo = p.logo ? await sharp(await ws.read(p.logo, 'logo')).resize({ width: Math.round(Math.min(W, H) * 0.4), height: Math.round(H * 0.3), fit: 'inside' }).png().toBuffer() : undefined;
      const card = async (text: string) => {
        let png = await renderCard({ width: W, height: H, background: p.background, blocks: text ? [{ text, x: W * 0.08, y: H * (logo ? 0.72 : 0.5), width: W * 0.84, fontSize: Math.round(Math.min(W, H) * 0.08), colour: p.colour, weight: 'bold', align: 'center', anchor: 'middle', maxLines: 3 }] : [] });
        if (logo) {
          const m = await sharp(logo).metadata();
          png = await sharp(png).composite([{ input: logo, left: Math.round((W - m.width!) / 2), top: Math.round(H * (text ? 0.42 : 0.5) - m.height! / 2) }]).png().toBuffer();
        }
        const path = ws.path('card.png');
        await writeFile(path, png);
        return path;
      };
      const fade = Math.min(0.4, p.seconds / 3);
      const intro = await slidesToVideo(ctx, ws, [{ path: await card(p.intro_text), seconds: p.seconds }], { width: W, height: H, stage: 'intro' });
      const outro = await slidesToVideo(ctx, ws, [{ path: await card(p.outro_text), seconds: p.seconds }], { width: W, height: H, stage: 'outro' });
      const d = info.duration_s ?? 0;
      const parts = [
        `[0:v]fade=t=out:st=${(p.seconds - fade).toFixed(3)}:d=${fade},setsar=1,fps=25,format=yuv420p[i]`,
        `[1:v]${fitFilter(W, H, 'contain')},fps=25,format=yuv420p,fade=t=in:st=0:d=${fade}[m]`,
        `[2:v]fade=t=in:st=0:d=${fade},setsar=1,fps=25,format=yuv420p[o]`,
        `anullsrc=r=44100:cl=stereo,atrim=0:${p.seconds}[ia]`,
        info.has_audio ? `[1:a]aresample=44100,aformat=channel_layouts=stereo[ma]` : `anullsrc=r=44100:cl=stereo,atrim=0:${d}[ma]`,
        `anullsrc=r=44100:cl=stereo,atrim=0:${p.seconds}[oa]`,
        `[i][ia][m][ma][o][oa]concat=n=3:v=1:a=1[v][a]`,
      ];
      const out = ws.path('wrapped.mp4');
      await ffmpeg(ctx, ['-i', intro, '-i', video, '-i', outro, '-filter_complex', parts.join(';'), '-map', '[v]', '-map', '[a]', ...MP4_OUT, ...AAC_OUT, out], { expectedS: d + 2 * p.seconds, stage: 'wrap' });
      return { output: { main: await storeMedia(ctx, ws, out, 'mp4') } };
    });
  },
};
