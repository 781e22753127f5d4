import sharp from 'sharp';
import type { MediaResult } from '../types';

/**
 * Background removal by colour distance: the background colour is the median of the border
 * pixels; pixels close to it become transparent, with a soft ramp so edges are not jagged.
 */
export async function localRemoveBackground(image: Buffer): Promise<MediaResult<'image/png'>> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const border: number[][] = [[], [], []];
  const sample = (x: number, y: number) => {
    const i = (y * width + x) * channels;
    for (let c = 0; c < 3; c++) border[c]!.push(data[i + c]!);
  };
  for (let x = 0; x < width; x++) {
    sample(x, 0);
    sample(x, height - 1);
  }
  for (let y = 0; y < height; y++) {
    sample(0, y);
    sample(width - 1, y);
  }
  const bg = border.map((values) => {
    values.sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] ?? 0;
  });
  const inner = 40; // distance below which a pixel is background
  const outer = 90; // distance above which a pixel is fully kept
  for (let i = 0; i < width * height; i++) {
    const p = i * channels;
    const d = Math.hypot(data[p]! - bg[0]!, data[p + 1]! - bg[1]!, data[p + 2]! - bg[2]!);
    const keep = d <= inner ? 0 : d >= outer ? 1 : (d - inner) / (outer - inner);
    data[p + 3] = Math.round(data[p + 3]! * keep);
  }
  const out = await sharp(data, { raw: { width, height, channels } }).png().toBuffer();
  return { data: out, mime: 'image/png' };
}
