import sharp from 'sharp';
import type { ImageRequest, MediaResult } from '../types';
import { escapeXml, seededColour, seededRandom } from './exec';

/**
 * A deterministic PNG from the prompt: a two-colour gradient, a handful of shapes and the prompt
 * text laid over it (SVG rendered by sharp). Same prompt and size, same bytes.
 */
export async function localImage(req: ImageRequest): Promise<MediaResult<'image/png'>> {
  const { width, height } = req;
  const rand = seededRandom(`image:${req.model}:${req.prompt}`);
  const from = seededColour(rand);
  const to = seededColour(rand);
  const shapes: string[] = [];
  const count = 4 + Math.floor(rand() * 6);
  for (let i = 0; i < count; i++) {
    const colour = seededColour(rand);
    const x = Math.round(rand() * width);
    const y = Math.round(rand() * height);
    const size = Math.round((0.05 + rand() * 0.2) * Math.min(width, height));
    const opacity = (0.35 + rand() * 0.5).toFixed(2);
    shapes.push(
      rand() < 0.5
        ? `<circle cx="${x}" cy="${y}" r="${size}" fill="#${colour}" fill-opacity="${opacity}"/>`
        : `<rect x="${x - size}" y="${y - size}" width="${size * 2}" height="${Math.round(size * 1.4)}" rx="${Math.round(size / 5)}" fill="#${colour}" fill-opacity="${opacity}" transform="rotate(${Math.round(rand() * 90)} ${x} ${y})"/>`,
    );
  }
  const fontSize = Math.max(10, Math.round(Math.min(width, height) / 14));
  const lines = wrap(req.prompt, Math.max(8, Math.floor(width / (fontSize * 0.6)))).slice(0, 4);
  const text = lines
    .map((line, i) => `<text x="50%" y="${Math.round(height - (lines.length - i) * fontSize * 1.3)}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${fontSize}" fill="#ffffff" stroke="#000000" stroke-opacity="0.4" stroke-width="1">${escapeXml(line)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#${from}"/><stop offset="1" stop-color="#${to}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}${text}</svg>`;
  const data = await sharp(Buffer.from(svg)).png().toBuffer();
  return { data, mime: 'image/png' };
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
