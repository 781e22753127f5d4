import { z } from 'zod';
import { imageNode } from '../../_lib/image-node';
import { hexColour } from '../../_lib/render';

export const imageRotate = imageNode({
  name: 'rotate',
  type: 'image.rotate',
  title: 'Rotate image',
  description: 'Rotates clockwise by `angle` degrees; right angles are lossless, other angles enlarge the canvas and fill the corners with `background`.',
  subcategory: 'transform',
  tags: ['image', 'rotate', 'orientation'],
  shape: {
    angle: z.number().min(-360).max(360).default(90).describe('Degrees clockwise.'),
    background: hexColour('Fill for the corners uncovered by a non-right angle.', '#000000'),
  },
  transform({ img }, p) {
    return { img: img.rotate(p.angle, { background: p.background }) };
  },
});
