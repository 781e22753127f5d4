// The `creative` category (compositions: memes, collages, cards, slideshows), one folder per node type.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { creativeCarousel } from './carousel/index';
import { creativeCollage } from './collage/index';
import { creativeMeme } from './meme/index';
import { creativeQuoteCard } from './quote-card/index';
import { creativeSlideshow } from './slideshow/index';

export const creativeNodes: Record<string, NodeDefinition[]> = {
  'creative/carousel': [creativeCarousel],
  'creative/collage': [creativeCollage],
  'creative/meme': [creativeMeme],
  'creative/quote-card': [creativeQuoteCard],
  'creative/slideshow': [creativeSlideshow],
};
