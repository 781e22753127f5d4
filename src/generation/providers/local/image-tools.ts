// The offline image toolbox (POST /v1/images/*), all with sharp. Background replace/blur and the
// drop shadow are exact compositing; colorize, face restore and the depth map are honest
// approximations (no learned model runs offline) and docs/images.md says so.
import sharp from 'sharp';
import { detail } from '../../../infra/http/errors';
import type { ImageToolRequest, MediaResult, UpscaleRequest } from '../types';
import { localRemoveBackground } from './background';
import { localImage } from './image';

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

async function size(image: Buffer): Promise<{ width: number; height: number }> {
  const m = await sharp(image).metadata();
  return { width: m.width ?? 1, height: m.height ?? 1 };
}

/** The subject on a new background: a supplied picture (cover-fitted) or one drawn from the prompt. */
async function replaceBackground(req: ImageToolRequest): Promise<Buffer> {
  const { width, height } = await size(req.image);
  const cutout = (await localRemoveBackground(req.image)).data;
  const backdrop = req.background
    ? await sharp(req.background).resize(width, height, { fit: 'cover' }).removeAlpha().png().toBuffer()
    : (await localImage({ model: 'atelier-image-v1', prompt: String(req.params.background_prompt ?? 'plain studio backdrop'), width, height })).data;
  return sharp(backdrop).composite([{ input: cutout }]).png().toBuffer();
}

/** The subject sharp over its own background blurred (a portrait-mode look). */
async function blurBackground(req: ImageToolRequest): Promise<Buffer> {
  const cutout = (await localRemoveBackground(req.image)).data;
  const radius = Math.max(0.3, num(req.params.blur_radius, 12));
  const blurred = await sharp(req.image).removeAlpha().blur(radius).png().toBuffer();
  return sharp(blurred).composite([{ input: cutout }]).png().toBuffer();
}

/**
 * A soft drop shadow from the subject's alpha: an image without transparency (opaque) has its
 * background removed first. The canvas grows so the shadow is never cut off.
 */
async function dropShadow(req: ImageToolRequest): Promise<Buffer> {
  // An alpha channel that is fully opaque (many PNGs carry one) counts as no transparency.
  const { isOpaque } = await sharp(req.image).stats();
  const subject = isOpaque ? (await localRemoveBackground(req.image)).data : await sharp(req.image).png().toBuffer();
  const { width, height } = await size(subject);
  const opacity = Math.min(1, Math.max(0, num(req.params.opacity, 0.5)));
  const blur = Math.max(0, num(req.params.blur, 8));
  const ox = Math.round(num(req.params.offset_x, 10));
  const oy = Math.round(num(req.params.offset_y, 10));
  const pad = Math.ceil(blur * 2) + Math.max(Math.abs(ox), Math.abs(oy));
  const alpha = await sharp(subject).ensureAlpha().extractChannel(3).raw().toBuffer();
  const shadowAlpha = Buffer.from(alpha.map((a) => Math.round(a * opacity)));
  const black = await sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } } }).raw().toBuffer();
  let shadow = sharp(black, { raw: { width, height, channels: 3 } }).joinChannel(shadowAlpha, { raw: { width, height, channels: 1 } })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0, alpha: 0 } });
  if (blur >= 0.3) shadow = shadow.blur(blur);
  const shadowPng = await shadow.png().toBuffer();
  return sharp({ create: { width: width + pad * 2, height: height + pad * 2, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      { input: shadowPng, left: Math.max(0, ox), top: Math.max(0, oy) },
      { input: subject, left: pad, top: pad },
    ])
    .png()
    .toBuffer();
}

/**
 * Colorize (approximation): the picture's luminance through a gradient map — cool shadows, warm
 * mid-tones, light highlights — which tints a greyscale photo plausibly but does not know objects.
 */
async function colorize(req: ImageToolRequest): Promise<Buffer> {
  const { data, info } = await sharp(req.image).removeAlpha().greyscale().raw().toBuffer({ resolveWithObject: true });
  const stops: Array<[number, [number, number, number]]> = [[0, [18, 24, 48]], [0.35, [92, 84, 110]], [0.6, [196, 150, 118]], [1, [252, 244, 226]]];
  const lut: Array<[number, number, number]> = [];
  for (let v = 0; v < 256; v++) {
    const t = v / 255;
    let i = 0;
    while (i < stops.length - 2 && t > stops[i + 1]![0]) i++;
    const [t0, c0] = stops[i]!;
    const [t1, c1] = stops[i + 1]!;
    const f = (t - t0) / (t1 - t0);
    lut.push([0, 1, 2].map((c) => Math.round(c0[c]! + (c1[c]! - c0[c]!) * f)) as [number, number, number]);
  }
  const out = Buffer.alloc(info.width * info.height * 3);
  for (let i = 0; i < info.width * info.height; i++) {
    const rgb = lut[data[i * info.channels]!]!;
    out[i * 3] = rgb[0];
    out[i * 3 + 1] = rgb[1];
    out[i * 3 + 2] = rgb[2];
  }
  return sharp(out, { raw: { width: info.width, height: info.height, channels: 3 } }).png().toBuffer();
}

/** Face restore (approximation): a median denoise, then an unsharp mask and a contrast stretch. */
async function faceRestore(req: ImageToolRequest): Promise<Buffer> {
  const strength = Math.min(1, Math.max(0, num(req.params.strength, 0.6)));
  return sharp(req.image).median(3).sharpen({ sigma: 0.6 + strength * 1.4, m1: 1, m2: 2 + strength * 2 }).normalise().png().toBuffer();
}

/**
 * Depth map (approximation): nearer is brighter, guessed from two cues — lower in the frame is
 * nearer, and sharp, detailed regions are nearer than smooth ones — blurred into smooth planes.
 */
async function depthMap(req: ImageToolRequest): Promise<Buffer> {
  const { data, info } = await sharp(req.image).removeAlpha().greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const at = (x: number, y: number) => data[(Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))) * channels]!;
  const out = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const edge = Math.min(255, Math.abs(at(x + 1, y) - at(x - 1, y)) + Math.abs(at(x, y + 1) - at(x, y - 1)));
      const vertical = (y / Math.max(1, height - 1)) * 255;
      out[y * width + x] = Math.round(0.55 * vertical + 0.45 * edge);
    }
  }
  const sigma = Math.max(1, Math.min(width, height) / 40);
  return sharp(out, { raw: { width, height, channels: 1 } }).blur(sigma).normalise().png().toBuffer();
}

const TOOLS: Record<string, (req: ImageToolRequest) => Promise<Buffer>> = {
  'atelier-background-replace-v1': replaceBackground,
  'atelier-background-blur-v1': blurBackground,
  'atelier-shadow-v1': dropShadow,
  'atelier-colorize-v1': colorize,
  'atelier-face-restore-v1': faceRestore,
  'atelier-depth-v1': depthMap,
};

export async function localImageTool(req: ImageToolRequest): Promise<MediaResult<'image/png'>> {
  const tool = TOOLS[req.model];
  if (!tool) throw detail(400, `The local provider has no image tool '${req.model}'.`);
  return { data: await tool(req), mime: 'image/png' };
}

/** Upscale with the Lanczos-3 kernel (no detail is invented: edges stay sharp, textures do not gain). */
export async function localUpscale(req: UpscaleRequest): Promise<MediaResult<'image/png'>> {
  const { width, height } = await size(req.image);
  const data = await sharp(req.image).resize(Math.round(width * req.scale), Math.round(height * req.scale), { kernel: 'lanczos3' }).png().toBuffer();
  return { data, mime: 'image/png' };
}
