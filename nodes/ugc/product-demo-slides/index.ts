import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { speechCall } from '../../_lib/ai';
import { storeMedia } from '../../_lib/av-node';
import { cardSlide, slidesToVideo, type Slide } from '../../_lib/compose';
import { ffmpeg, probe } from '../../_lib/ffmpeg';
import { filesInput, pickFiles, withWorkspace } from '../../_lib/media';
import { hexColour } from '../../_lib/render';
import { writeFile } from 'node:fs/promises';

const params = z.object({
  product: z.string().min(1).max(100).describe('Product name (title slide).'),
  tagline: z.string().max(200).default('').describe('One line under the name.'),
  features: z.array(z.string().min(1).max(200)).min(1).max(10).describe('One slide per feature, in order.'),
  images: filesInput('Product images, used as backgrounds of the feature slides in order'),
  cta: z.string().max(120).default('Try it today').describe('Text of the closing slide.'),
  narrate: z.boolean().default(false).describe('Speak each slide\'s text with the speech provider (charged per 1,000 characters); slides then last as long as their narration.'),
  voice: z.string().min(1).max(40).default('nova').describe('Narration voice.'),
  seconds: z.number().min(1).max(15).default(3).describe('Seconds per slide without narration.'),
  width: z.number().int().min(64).max(3840).default(1080).describe('Video width.'),
  height: z.number().int().min(64).max(3840).default(1920).describe('Video height (1080×1920 vertical).'),
  background: hexColour('Slide background.', '#111827'),
  colour: hexColour('Text colour.', '#ffffff'),
});

/** A product demo from a feature list: title, one slide per feature (over product shots), CTA. */
export const ugcProductDemoSlides: NodeDefinition<typeof params> = {
  type: 'ugc.product_demo_slides',
  version: 1,
  category: 'ugc',
  subcategory: 'video',
  name: 'Product demo slides',
  description: 'Builds a UGC-style product demo video: a title slide (name, tagline), one slide per feature over the product images (darkened), and a call-to-action slide; optionally narrated slide by slide with the speech provider (charged), each slide then lasting as long as its line.',
  tags: ['ugc', 'product', 'demo', 'video', 'ecommerce', 'slides'],
  params,
  inputs: [{ name: 'main', description: 'Product image references (optional)' }],
  outputs: [{ name: 'main', description: '{url, mime, size, duration_s, width, height, slides, narrated}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 900, heartbeatS: 30 },
  async execute(ctx, { params: p, inputs }) {
    const refs = p.images?.length || Object.keys(inputs).length ? pickFiles(p.images, inputs, 'images', 0) : [];
    return withWorkspace(ctx, async (ws) => {
      const W = p.width;
      const H = p.height;
      const m = Math.round(W * 0.08);
      const texts = [`${p.product}${p.tagline ? `. ${p.tagline}` : ''}`, ...p.features, p.cta];
      const slides: Slide[] = [];
      const voice: string[] = [];
      for (const [i, text] of texts.entries()) {
        let seconds = p.seconds;
        if (p.narrate) {
          const wavPath = ws.path('line.wav');
          await writeFile(wavPath, await speechCall(ctx, 'ugc.product_demo_slides', { model: 'atelier-tts-v1', input: text, voice: p.voice }));
          seconds = Math.max(1, ((await probe(ctx, wavPath)).duration_s ?? p.seconds) + 0.3);
          voice.push(wavPath);
        }
        const isFeature = i > 0 && i < texts.length - 1;
        const image = isFeature && refs.length ? await ws.read(refs[(i - 1) % refs.length]!, 'image') : undefined;
        const title = i === 0 || i === texts.length - 1;
        slides.push(await cardSlide(ws, {
          width: W, height: H, background: p.background, image, dim: 0.45,
          blocks: [{ text: i === 0 ? p.product : text, x: m, y: H / 2, width: W - 2 * m, fontSize: Math.round(W * (title ? 0.1 : 0.07)), colour: p.colour, weight: 'bold', align: 'center', anchor: 'middle', maxLines: 6 },
            ...(i === 0 && p.tagline ? [{ text: p.tagline, x: m, y: H / 2 + W * 0.12, width: W - 2 * m, fontSize: Math.round(W * 0.05), colour: p.colour, align: 'center' as const }] : [])],
        }, seconds));
        ctx.heartbeat({ stage: 'slides', progress: (i + 1) / texts.length / 2 });
      }
      let audio: string | undefined;
      if (voice.length) {
        audio = ws.path('narration.wav');
        const parts = voice.map((_, i) => `[${i}:a]aresample=44100,apad=whole_dur=${slides[i]!.seconds.toFixed(3)}[a${i}]`);
        await ffmpeg(ctx, [...voice.flatMap((v) => ['-i', v]), '-filter_complex', `${parts.join(';')};${voice.map((_, i) => `[a${i}]`).join('')}concat=n=${voice.length}:v=0:a=1[a]`, '-map', '[a]', audio], { stage: 'narration' });
      }
      const out = await slidesToVideo(ctx, ws, slides, { width: W, height: H, audio });
      return { output: { main: await storeMedia(ctx, ws, out, 'mp4', { slides: slides.length, narrated: p.narrate }) } };
    });
  },
};
