// Compositions shared by the creative, brand, shorts and UGC nodes: text cards rendered with sharp,
// still slides turned into H.264 video with ffmpeg, and images from the image provider (charged).
import { writeFile } from 'node:fs/promises';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { type NodeContext, NodeError } from '../../src/engine/node-sdk';
import { operationPriceMicros, providerError, providersOf } from './ai';
import { AAC_OUT, even, ffmpeg, MP4_OUT } from './ffmpeg';
import type { Workspace } from './media';
import { backgroundSvg, renderSvg, svgDoc, type TextBlock, textSvg } from './render';

export interface Card {
  width: number;
  height: number;
  background: string;
  background2?: string;
  /** A picture under the text (cover-fitted), darkened by `dim` (0–1). */
  image?: Buffer;
  dim?: number;
  blocks: TextBlock[];
  /** Extra SVG drawn after the background and before the text (shapes, bars). */
  svg?: string;
}

/** A PNG card: background (colour, gradient or picture), shapes, wrapped text. */
export async function renderCard(c: Card): Promise<Buffer> {
  const layers: OverlayOptions[] = [];
  let base: Sharp;
  if (c.image) {
    base = sharp(await sharp(c.image).resize(c.width, c.height, { fit: 'cover' }).png().toBuffer());
    if (c.dim) layers.push({ input: svgDoc(c.width, c.height, `<rect width="100%" height="100%" fill="#000" fill-opacity="${c.dim}"/>`) });
  } else {
    base = sharp(await renderSvg(c.width, c.height, backgroundSvg(c.width, c.height, c.background, c.background2)));
  }
  const body = (c.svg ?? '') + c.blocks.map((b) => textSvg(b).svg).join('');
  if (body) layers.push({ input: svgDoc(c.width, c.height, body) });
  return base.composite(layers).png().toBuffer();
}

export interface Slide {
  /** PNG/JPEG path of the slide. */
  path: string;
  seconds: number;
}

/**
 * Still slides as one H.264 MP4 (each letterboxed to width×height), with a soft zoom when
 * `motion` is set, and `audio` laid under it (cut or padded to the slides' length).
 */
export async function slidesToVideo(
  ctx: NodeContext,
  ws: Workspace,
  slides: Slide[],
  opts: { width: number; height: number; fps?: number; audio?: string; motion?: boolean; stage?: string },
): Promise<string> {
  if (slides.length === 0) throw new NodeError('no slides to render', { type: 'missing_input' });
  const W = even(opts.width);
  const H = even(opts.height);
  const fps = opts.fps ?? 25;
  const total = slides.reduce((n, s) => n + s.seconds, 0);
  const inputs = slides.flatMap((s) => ['-loop', '1', '-framerate', String(fps), '-t', s.seconds.toFixed(3), '-i', s.path]);
  const parts = slides.map((s, i) => {
    const fit = `scale=${W}:${H}:force_original_aspect_ratio=decrease,pad=${W}:${H}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1`;
    const frames = Math.max(1, Math.round(s.seconds * fps));
    // A slow push-in (1.0 → 1.06) so still slides do not look frozen.
    const zoom = opts.motion ? `,scale=${W * 2}:${H * 2},zoompan=z='1+0.06*on/${frames}':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=${W}x${H}:fps=${fps}` : '';
    return `[${i}:v]${fit}${zoom},format=yuv420p,fps=${fps}[s${i}]`;
  });
  parts.push(`${slides.map((_, i) => `[s${i}]`).join('')}concat=n=${slides.length}:v=1:a=0[v]`);
  const audioIdx = slides.length;
  const audioArgs = opts.audio ? ['-i', opts.audio] : [];
  if (opts.audio) parts.push(`[${audioIdx}:a]aresample=44100,apad[a]`);
  const out = ws.path('slides.mp4');
  await ffmpeg(
    ctx,
    [...inputs, ...audioArgs, '-filter_complex', parts.join(';'), '-map', '[v]', ...(opts.audio ? ['-map', '[a]', ...AAC_OUT] : []), '-t', total.toFixed(3), ...MP4_OUT, '-r', String(fps), out],
    { expectedS: total, stage: opts.stage ?? 'slides' },
  );
  return out;
}

/** A PNG card written into the workspace, as a slide. */
export async function cardSlide(ws: Workspace, card: Card, seconds: number): Promise<Slide> {
  const path = ws.path('slide.png');
  await writeFile(path, await renderCard(card));
  return { path, seconds };
}

/** One image from the image provider (charged at the published image price first). */
export async function generateImage(ctx: NodeContext, operation: string, req: { prompt: string; width: number; height: number; model?: string }): Promise<Buffer> {
  const providers = providersOf(ctx);
  if (typeof providers.image !== 'function') throw new NodeError('No image provider is configured', { type: 'provider_unavailable' });
  const model = req.model && req.model !== 'atelier-local' ? req.model : 'atelier-image-v1';
  await ctx.charge(operationPriceMicros('image', model), `${operation}:${model}`);
  try {
    return (await providers.image({ model, prompt: req.prompt, width: req.width, height: req.height, signal: ctx.signal })).data;
  } catch (err) {
    throw providerError('image', err);
  }
}

/** A grid of images (cover-fitted cells) on a background. */
export async function grid(images: Buffer[], opts: { columns: number; cell: number; gap: number; background: string; cellHeight?: number }): Promise<Sharp> {
  const cols = Math.min(opts.columns, images.length);
  const rows = Math.ceil(images.length / cols);
  const ch = opts.cellHeight ?? opts.cell;
  const width = cols * opts.cell + (cols + 1) * opts.gap;
  const height = rows * ch + (rows + 1) * opts.gap;
  const tiles = await Promise.all(images.map((img) => sharp(img).resize(opts.cell, ch, { fit: 'cover' }).png().toBuffer()));
  return sharp({ create: { width, height, channels: 4, background: opts.background } }).composite(
    tiles.map((input, i) => ({ input, left: opts.gap + (i % cols) * (opts.cell + opts.gap), top: opts.gap + Math.floor(i / cols) * (ch + opts.gap) })),
  );
}

/** Card sizes (width, height in px) by format, for the card and carousel nodes. */
export const SIZES = { square: [1080, 1080], portrait: [1080, 1350], story: [1080, 1920], landscape: [1200, 675] } as const;
