import sharp from 'sharp';
import { z } from 'zod';
import { imageNode } from '../../_lib/image-node';
import { requiredFile } from '../../_lib/media';
import { place, POSITIONS } from '../../_lib/layout';

/** The brand logo on an image, sized and placed by the brand's rules. */
export const brandLogoPlace = imageNode({
  name: 'logo_place',
  type: 'brand.logo_place',
  title: 'Place logo',
  description: 'Places the brand logo on an image at `position`, sized to `size` of the image width with a clear-space `margin`, optionally on a `plate` (a rounded backing for legibility on busy images). For video use video.overlay.',
  subcategory: 'kit',
  tags: ['brand', 'logo', 'branding', 'image'],
  shape: {
    logo: requiredFile('Logo image (PNG with transparency works best)'),
    position: z.enum(POSITIONS).default('bottom-right').describe('Where the logo goes.'),
    size: z.number().min(0.03).max(0.6).default(0.18).describe('Logo width as a fraction of the image width.'),
    margin: z.number().min(0).max(0.2).default(0.04).describe('Clear space from the edges as a fraction of the shorter side.'),
    plate: z.string().regex(/^#?[0-9a-fA-F]{6}$/).optional().describe('Colour of a backing plate behind the logo; none when omitted.'),
  },
  async transform({ img, width, height }, p, _ctx, ws) {
    const w = Math.max(8, Math.round(width * p.size));
    let logo = await sharp(await ws.read(p.logo, 'logo')).resize({ width: w }).ensureAlpha().png().toBuffer();
    const lm = await sharp(logo).metadata();
    if (p.plate) {
      const pad = Math.round(w * 0.08);
      const plate = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w + 2 * pad}" height="${lm.height! + 2 * pad}"><rect width="100%" height="100%" rx="${pad}" fill="${p.plate.startsWith('#') ? p.plate : `#${p.plate}`}"/></svg>`);
      logo = await sharp(plate).composite([{ input: logo, left: pad, top: pad }]).png().toBuffer();
    }
    const m = await sharp(logo).metadata();
    const lw = Math.min(width, m.width!);
    const lh = Math.min(height, m.height!);
    const fitted = await sharp(logo).resize(lw, lh, { fit: 'inside' }).png().toBuffer();
    const { left, top } = place(p.position, width, height, lw, lh, Math.round(Math.min(width, height) * p.margin));
    return { img: sharp(await img.toBuffer()).composite([{ input: fitted, left, top }]), meta: { logo_box: { left, top, width: lw, height: lh } } };
  },
});
