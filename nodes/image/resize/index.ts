import { z } from 'zod';
import { NodeError } from '../../../src/engine/node-sdk';
import { imageNode } from '../../_lib/image-node';
import { hexColour } from '../../_lib/render';

/** Resize to a box with sharp's fit modes. */
export const imageResize = imageNode({
  name: 'resize',
  type: 'image.resize',
  title: 'Resize image',
  description: 'Resizes to `width`×`height` (either may be omitted to keep the aspect ratio) with a fit mode: cover (crop to fill), contain (letterbox with `background`), fill (stretch), inside, outside.',
  subcategory: 'resize',
  tags: ['image', 'resize', 'scale', 'thumbnail'],
  shape: {
    width: z.number().int().min(1).max(8192).optional().describe('Target width in px.'),
    height: z.number().int().min(1).max(8192).optional().describe('Target height in px.'),
    fit: z.enum(['cover', 'contain', 'fill', 'inside', 'outside']).default('cover').describe('How the image fits the box.'),
    background: hexColour('Letterbox colour for `contain`.', '#000000'),
    without_enlargement: z.boolean().default(false).describe('Never make the image larger than it is.'),
  },
  transform({ img }, p) {
    if (!p.width && !p.height) throw new NodeError('resize needs width or height', { type: 'invalid_params' });
    return { img: img.resize({ width: p.width, height: p.height, fit: p.fit, background: p.background, withoutEnlargement: p.without_enlargement }) };
  },
});
