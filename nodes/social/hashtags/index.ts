import { z } from 'zod';
import { hashtagsFrom, type NodeDefinition } from '../../../src/engine/node-sdk';
import { pickText } from '../../_lib/media';
import { LIMITS, PLATFORMS } from '../platforms';

const params = z.object({
  text: z.string().max(100_000).optional().describe('Text to take hashtags from; when omitted, the text arriving on the input.'),
  platform: z.enum(PLATFORMS).default('instagram').describe('Platform whose sensible hashtag count caps `count`.'),
  count: z.number().int().min(1).max(30).default(5).describe('How many hashtags at most.'),
  always: z.array(z.string().regex(/^#?[\p{L}\p{N}_]+$/u)).max(10).default([]).describe('Brand hashtags always included first.'),
});

export const socialHashtags: NodeDefinition<typeof params> = {
  type: 'social.hashtags',
  version: 1,
  category: 'social',
  subcategory: 'compose',
  name: 'Hashtags from text',
  description: 'Suggests hashtags from the text\'s most frequent keywords and two-word phrases (camel-cased, stopwords dropped), after any `always` brand tags, capped by `count` and the platform\'s sensible maximum. Local and free.',
  tags: ['social', 'hashtags', 'seo', 'reach'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{hashtags, text: "#a #b"}' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const n = Math.min(p.count, LIMITS[p.platform].hashtags);
    const fixed = p.always.map((h) => (h.startsWith('#') ? h : `#${h}`));
    const seen = new Set(fixed.map((h) => h.toLowerCase()));
    const found = hashtagsFrom(pickText(p.text, inputs), n + fixed.length).filter((h) => !seen.has(h.toLowerCase()));
    const hashtags = [...fixed, ...found].slice(0, n);
    return { output: { main: { hashtags, text: hashtags.join(' ') } } };
  },
};
