// The local provider's drawings for structured requests (`ImageRequest.composition`): a scene
// keyframe with its cast, or a character reference sheet, in the caller's palette. Deterministic
// in the seed, so the same story always draws the same pictures.
import sharp from 'sharp';
import { rng } from '../../prng';
import type { Palette, PortraitComposition, SceneComposition } from '../types';

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if ((line + ' ' + w).trim().length > maxChars && line) {
      lines.push(line);
      line = w;
      if (lines.length === maxLines) break;
    } else line = (line + ' ' + w).trim();
  }
  if (line && lines.length < maxLines) lines.push(line);
  return lines;
}

function figure(x: number, groundY: number, h: number, color: string, ink: string, label: string, font: string): string {
  const head = h * 0.16;
  const bodyW = h * 0.34;
  return `<g>
    <rect x="${x - bodyW / 2}" y="${groundY - h * 0.7}" width="${bodyW}" height="${h * 0.7}" rx="${bodyW * 0.35}" fill="${color}" stroke="${ink}" stroke-width="${h * 0.012}"/>
    <circle cx="${x}" cy="${groundY - h * 0.7 - head * 0.9}" r="${head}" fill="${color}" stroke="${ink}" stroke-width="${h * 0.012}"/>
    <text x="${x}" y="${groundY + h * 0.09}" font-family="${font}" font-size="${h * 0.07}" fill="${ink}" text-anchor="middle">${esc(label)}</text>
  </g>`;
}

export type KeyframeSpec = Omit<SceneComposition, 'kind'> & { width: number; height: number };

/** A scene keyframe: sky, horizon, scene-seeded shapes and the cast, in the style's palette. */
export async function renderKeyframe(spec: KeyframeSpec): Promise<Buffer> {
  const p: Palette = spec.palette;
  const r = rng(spec.seed * 131 + spec.sceneIndex * 7919 + spec.version * 104729);
  const { width: W, height: H } = spec;
  const u = Math.min(W, H);
  const horizon = H * (0.55 + r.next() * 0.15);
  const hills = Array.from({ length: 7 }, (_, i) => `${(W * i) / 6},${horizon - r.next() * H * 0.12}`).join(' ');
  const shapes = Array.from({ length: 5 + r.int(0, 5) }, () => {
    const c = r.pick(p.accents);
    const x = r.next() * W;
    const y = r.next() * horizon * 0.8;
    const s = u * (0.03 + r.next() * 0.09);
    return r.next() < 0.5
      ? `<circle cx="${x}" cy="${y}" r="${s}" fill="${c}" opacity="${0.35 + r.next() * 0.5}"/>`
      : `<polygon points="${x},${y - s} ${x + s},${y + s} ${x - s},${y + s}" fill="${c}" opacity="${0.35 + r.next() * 0.5}"/>`;
  }).join('');
  const cast = spec.characters.slice(0, 3).map((c, i, all) =>
    figure(W * ((i + 1) / (all.length + 1)) + (r.next() - 0.5) * W * 0.08, horizon + H * 0.18, H * (0.3 + r.next() * 0.1), p.accents[(i + spec.sceneIndex) % p.accents.length]!, p.ink, c.name, p.font),
  ).join('');
  const lines = wrap(spec.description, Math.max(24, Math.floor(W / (u * 0.028))), 2);
  const fs = u * 0.038;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <circle cx="${W * (0.15 + r.next() * 0.7)}" cy="${horizon * (0.25 + r.next() * 0.3)}" r="${u * 0.09}" fill="${p.accents[0]}" opacity="0.85"/>
    ${shapes}
    <polygon points="0,${H} ${hills} ${W},${H}" fill="${p.ground}"/>
    ${cast}
    <rect x="0" y="0" width="${W}" height="${fs * 2.1}" fill="#000" opacity="0.35"/>
    <text x="${u * 0.03}" y="${fs * 1.4}" font-family="${p.font}" font-size="${fs}" fill="${p.ink}">${esc(`Scene ${spec.sceneIndex + 1} · ${spec.title} · ${spec.camera}${spec.version > 1 ? ` · v${spec.version}` : ''}`)}</text>
    ${lines.map((l, i) => `<text x="${W / 2}" y="${H - fs * (lines.length - i) * 1.3}" font-family="${p.font}" font-size="${fs * 0.8}" fill="${p.ink}" text-anchor="middle" opacity="0.9">${esc(l)}</text>`).join('')}
  </svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

export type PortraitSpec = Omit<PortraitComposition, 'kind'> & { width: number; height: number };

/** A character reference sheet: the figure, name, role and description on the style's palette. */
export async function renderPortrait(spec: PortraitSpec): Promise<Buffer> {
  const p: Palette = spec.palette;
  const r = rng(spec.seed * 31 + spec.version * 7);
  const { width: W, height: H } = spec;
  const u = Math.min(W, H);
  const color = r.pick(p.accents);
  const lines = wrap(spec.description, 40, 3);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <defs><radialGradient id="bg"><stop offset="0" stop-color="${p.sky[1]}"/><stop offset="1" stop-color="${p.sky[0]}"/></radialGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#bg)"/>
    ${figure(W * 0.3, H * 0.85, H * 0.7, color, p.ink, '', p.font)}
    <text x="${W * 0.55}" y="${H * 0.25}" font-family="${p.font}" font-size="${u * 0.09}" fill="${p.ink}">${esc(spec.name)}</text>
    <text x="${W * 0.55}" y="${H * 0.35}" font-family="${p.font}" font-size="${u * 0.05}" fill="${color}">${esc(spec.role)}${spec.version > 1 ? ` · v${spec.version}` : ''}</text>
    ${lines.map((l, i) => `<text x="${W * 0.55}" y="${H * (0.47 + i * 0.07)}" font-family="${p.font}" font-size="${u * 0.04}" fill="${p.ink}">${esc(l)}</text>`).join('')}
  </svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}
