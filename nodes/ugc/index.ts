// The `ugc` category (user-generated-content formats: testimonials, reactions, demos, before/after),
// one folder per node type, each registered here as `ugc/<folder>`.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { ugcBeforeAfter } from './before-after/index';
import { ugcProductDemoSlides } from './product-demo-slides/index';
import { ugcReactionLayout } from './reaction-layout/index';
import { ugcTestimonialCard } from './testimonial-card/index';

export const ugcNodes: Record<string, NodeDefinition[]> = {
  'ugc/before-after': [ugcBeforeAfter],
  'ugc/product-demo-slides': [ugcProductDemoSlides],
  'ugc/reaction-layout': [ugcReactionLayout],
  'ugc/testimonial-card': [ugcTestimonialCard],
};
