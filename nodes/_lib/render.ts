// Drawing for the image, brand, creative and UGC nodes: text laid out as SVG (wrapped, escaped)
// and rasterised by sharp (librsvg + DejaVu fonts), and images stored with their sharp metadata.
import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';
import { NodeError } from '../../src/engine/node-sdk';
import type { FileRef, Workspace } from './media';

export const hexColour = (what: string, dflt: string) =>
  z.string().regex(/^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'a hex colour like #1a2b3c').default(dflt).describe(what);

export const imageFormat = z.enum(['png', 'jpeg', 'webp']);

export function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

export function hex(c: string): string {
  let h = c.replace(/^#/, '');
  if (h.length === 3) h = h.split('').map((x) => x + x).join('');
  return `#${h.toLowerCase()}`;
}

export function rgbOf(c: string): [number, number, number] {
  const h = hex(c).slice(1);
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

export function toHex([r, g, b]: number[]): string {
  return `#${[r, g, b].map((v) => Math.max(0, Math.min(255, Math.round(v ?? 0))).toString(16).padStart(2, '0')).join('')}`;
}

/** Greedy word wrap by an average glyph width (DejaVu Sans ≈ 0.58 em). */
export function wrapText(text: string, fontSize: number, maxWidth: number, maxLines = 12): string[] {
  const perLine = Math.max(4, Math.floor(maxWidth / (fontSize * 0.58)));
  const lines: string[] = [];
  for (const paragraph of text.split(/\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const chunks = word.length > perLine ? word.match(new RegExp(`.{1,${perLine}}`, 'g'))! : [word];
      for (const chunk of chunks) {
        if (!line) line = chunk;
        else if (line.length + 1 + chunk.length <= perLine) line += ` ${chunk}`;
        else {
          lines.push(line);
          line = chunk;
        }
      }
    }
    lines.push(line);
  }
  while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/.{0,1}$/, '')}…`;
    return kept;
  }
  return lines;
}

export interface TextBlock {
  text: string;
  x: number;
  y: number;
  width: number;
  fontSize: number;
  colour?: string;
  weight?: 'normal' | 'bold';
  align?: 'left' | 'center' | 'right';
  /** Outline (e.g. meme style). */
  stroke?: string;
  strokeWidth?: number;
  maxLines?: number;
  lineHeight?: number;
  /** 'top': y is the top of the block; 'middle': y is its centre; 'bottom': y is its bottom. */
  anchor?: 'top' | 'middle' | 'bottom';
}

/** SVG `<text>` for a wrapped block; returns the markup and the block's height. */
export function textSvg(b: TextBlock): { svg: string; height: number; lines: string[] } {
  const lines = wrapText(b.text, b.fontSize, b.width, b.maxLines);
  const lh = b.fontSize * (b.lineHeight ?? 1.25);
  const height = lines.length * lh;
  const top = b.anchor === 'middle' ? b.y - height / 2 : b.anchor === 'bottom' ? b.y - height : b.y;
  const align = b.align ?? 'left';
  const tx = align === 'center' ? b.x + b.width / 2 : align === 'right' ? b.x + b.width : b.x;
  const anchor = align === 'center' ? 'middle' : align === 'right' ? 'end' : 'start';
  const stroke = b.stroke ? ` stroke="${hex(b.stroke)}" stroke-width="${b.strokeWidth ?? Math.max(1, b.fontSize / 12)}" paint-order="stroke" stroke-linejoin="round"` : '';
  const tspans = lines
    .map((l, i) => `<tspan x="${tx.toFixed(1)}" y="${(top + lh * i + b.fontSize).toFixed(1)}">${escapeXml(l)}</tspan>`)
    .join('');
  const svg = `<text font-family="DejaVu Sans" font-size="${b.fontSize}" font-weight="${b.weight ?? 'normal'}" fill="${hex(b.colour ?? '#ffffff')}" text-anchor="${anchor}"${stroke}>${tspans}</text>`;
  return { svg, height, lines };
}

export function svgDoc(width: number, height: number, body: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`);
}

/** A PNG of just the SVG (transparent where nothing is drawn). */
export function renderSvg(width: number, height: number, body: string): Promise<Buffer> {
  return sharp(svgDoc(width, height, body)).png().toBuffer();
}

/** Decodes an image file, failing clearly when it is not one. */
export async function loadImage(path: string, what = 'image'): Promise<{ img: Sharp; width: number; height: number; format: string; hasAlpha: boolean }> {
  try {
    const img = sharp(path, { failOn: 'error' }).rotate();
    const meta = await img.metadata();
    const swap = (meta.orientation ?? 1) >= 5;
    const width = (swap ? meta.height : meta.width) ?? 0;
    const height = (swap ? meta.width : meta.height) ?? 0;
    if (!width || !height) throw new Error('no dimensions');
    return { img, width, height, format: meta.format ?? 'unknown', hasAlpha: Boolean(meta.hasAlpha) };
  } catch (err) {
    throw new NodeError(`${what} is not an image sharp can read: ${(err as Error).message}`, { type: 'invalid_media' });
  }
}

/** Encodes and stores an image; the reference carries its real width, height and format. */
export async function storeImage(ws: Workspace, img: Sharp, format: 'png' | 'jpeg' | 'webp' = 'png', meta: Record<string, unknown> = {}, quality = 90): Promise<FileRef> {
  const encoded = format === 'jpeg' ? img.jpeg({ quality }) : format === 'webp' ? img.webp({ quality }) : img.png();
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return ws.store(data, format === 'jpeg' ? 'jpg' : format, { width: info.width, height: info.height, format, ...meta });
}

/** A solid or two-colour gradient background as SVG. */
export function backgroundSvg(width: number, height: number, from: string, to?: string): string {
  if (!to) return `<rect width="${width}" height="${height}" fill="${hex(from)}"/>`;
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hex(from)}"/><stop offset="1" stop-color="${hex(to)}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#bg)"/>`;
}

/** Relative luminance (WCAG 2). */
export function luminance(c: string): number {
  const [r, g, b] = rgbOf(c).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return Math.round(((x + 0.05) / (y + 0.05)) * 100) / 100;
}

/**
 * The dominant colours of an image: k-means (deterministic seeds) over a 64 px thumbnail, by share
 * of pixels. Transparent pixels are ignored.
 */
export async function dominantColours(input: Sharp | string, k: number): Promise<{ hex: string; share: number }[]> {
  const base = typeof input === 'string' ? sharp(input) : input.clone();
  const { data, info } = await base.resize(64, 64, { fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const px: [number, number, number][] = [];
  for (let i = 0; i < info.width * info.height; i++) {
    if (data[i * 4 + 3]! < 128) continue;
    px.push([data[i * 4]!, data[i * 4 + 1]!, data[i * 4 + 2]!]);
  }
  if (px.length === 0) return [];
  // Seeds spread over the pixels sorted by brightness, so the result is deterministic.
  const sorted = [...px].sort((a, b) => a[0] + a[1] + a[2] - (b[0] + b[1] + b[2]));
  let centres = Array.from({ length: Math.min(k, px.length) }, (_, i) => [...sorted[Math.floor(((i + 0.5) * sorted.length) / Math.min(k, px.length))]!] as number[]);
  let assign = new Array<number>(px.length).fill(0);
  for (let iter = 0; iter < 12; iter++) {
    assign = px.map((p) => {
      let best = 0;
      let bestD = Infinity;
      centres.forEach((c, j) => {
        const d = (p[0] - c[0]!) ** 2 + (p[1] - c[1]!) ** 2 + (p[2] - c[2]!) ** 2;
        if (d < bestD) [best, bestD] = [j, d];
      });
      return best;
    });
    centres = centres.map((c, j) => {
      const members = px.filter((_, i) => assign[i] === j);
      if (members.length === 0) return c;
      return [0, 1, 2].map((ch) => members.reduce((s, m) => s + m[ch]!, 0) / members.length);
    });
  }
  const counts = centres.map((_, j) => assign.filter((a) => a === j).length);
  const merged = new Map<string, number>();
  centres.forEach((c, j) => {
    if (counts[j]! > 0) merged.set(toHex(c), (merged.get(toHex(c)) ?? 0) + counts[j]!);
  });
  return [...merged.entries()]
    .map(([h, n]) => ({ hex: h, share: Math.round((n / px.length) * 1000) / 1000 }))
    .sort((a, b) => b.share - a.share || a.hex.localeCompare(b.hex));
}

/** CIE76 distance between two colours in Lab (≈ 2.3 is just noticeable). */
export function deltaE(a: string, b: string): number {
  const [l1, a1, b1] = lab(a);
  const [l2, a2, b2] = lab(b);
  return Math.round(Math.hypot(l1 - l2, a1 - a2, b1 - b2) * 10) / 10;
}

function lab(c: string): [number, number, number] {
  const [r, g, b] = rgbOf(c).map((v) => {
    const s = v / 255;
    return s > 0.04045 ? ((s + 0.055) / 1.055) ** 2.4 : s / 12.92;
  }) as [number, number, number];
  const x = (r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047;
  const y = r * 0.2126 + g * 0.7152 + b * 0.0722;
  const z = (r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** The `format` param of image nodes. */
export const outputFormat = (dflt: 'png' | 'jpeg' | 'webp' | 'same' = 'same') =>
  z.enum(['same', 'png', 'jpeg', 'webp']).default(dflt).describe('Output format: png, jpeg, webp, or `same` as the input (png when the input is another format).');

export function formatFor(choice: 'same' | 'png' | 'jpeg' | 'webp', inputFormat: string): 'png' | 'jpeg' | 'webp' {
  if (choice !== 'same') return choice;
  return inputFormat === 'jpeg' || inputFormat === 'webp' ? inputFormat : 'png';
}
