import sharp from 'sharp';
import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { requiredFile, withWorkspace } from '../../_lib/media';
import { hexColour, renderSvg, storeImage, textSvg } from '../../_lib/render';

const params = z.object({
  before: requiredFile('The "before" image'),
  after: requiredFile('The "after" image'),
  layout: z.enum(['side_by_side', 'stacked']).default('side_by_side').describe('Halves left/right or top/bottom.'),
  height: z.number().int().min(64).max(4096).default(1080).describe('Height of each half (side by side) or width (stacked), in px.'),
  labels: z.tuple([z.string().max(40), z.string().max(40)]).default(['BEFORE', 'AFTER']).describe('Labels of the two halves.'),
  divider: hexColour('Divider and label colour.', '#ffffff'),
});

export const ugcBeforeAfter: NodeDefinition<typeof params> = {
  type: 'ugc.before_after',
  version: 1,
  category: 'ugc',
  subcategory: 'social-proof',
  name: 'Before / after',
  description: 'Puts two images side by side (or stacked), each cover-cropped to the same size, with a divider and labels — the classic before/after post for results, makeovers and edits.',
  tags: ['ugc', 'before-after', 'comparison', 'results', 'image'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{url, mime, size, width, height, format}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    return withWorkspace(ctx, async (ws) => {
      const side = p.layout === 'side_by_side';
      const cw = side ? Math.round((p.height * 4) / 5) : p.height;
      const ch = side ? p.height : Math.round((p.height * 4) / 5);
      const [a, b] = await Promise.all([p.before, p.after].map(async (r, i) => sharp(await ws.read(r, i ? 'after' : 'before')).resize(cw, ch, { fit: 'cover' }).png().toBuffer()));
      const W = side ? cw * 2 : cw;
      const H = side ? ch : ch * 2;
      const line = Math.max(2, Math.round(Math.min(W, H) * 0.006));
      const fs = Math.round(Math.min(cw, ch) * 0.07);
      const label = (text: string, x: number, y: number) => textSvg({ text, x, y, width: cw - 2 * fs, fontSize: fs, colour: p.divider, weight: 'bold', stroke: '#000000', strokeWidth: fs / 10 }).svg;
      const overlay = await renderSvg(W, H, `${side ? `<rect x="${cw - line / 2}" y="0" width="${line}" height="${H}" fill="${p.divider}"/>` : `<rect x="0" y="${ch - line / 2}" width="${W}" height="${line}" fill="${p.divider}"/>`}${label(p.labels[0], fs, fs * 0.6)}${label(p.labels[1], side ? cw + fs : fs, side ? fs * 0.6 : ch + fs * 0.6)}`);
      const img = sharp({ create: { width: W, height: H, channels: 3, background: '#000000' } }).composite([
        { input: a!, left: 0, top: 0 },
        { input: b!, left: side ? cw : 0, top: side ? 0 : ch },
        { input: overlay },
      ]);
      return { output: { main: await storeImage(ws, img, 'jpeg') } };
    });
  },
};
