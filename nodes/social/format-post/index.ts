import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { pickText } from '../../_lib/media';
import { fitText, LIMITS, PLATFORMS, platformLength } from '../platforms';

const params = z.object({
  text: z.string().max(100_000).optional().describe('Post text; when omitted, the text arriving on the input.'),
  platform: z.enum(PLATFORMS).describe(`Target platform: ${PLATFORMS.join(', ')}.`),
  hashtags: z.array(z.string().regex(/^#?[\p{L}\p{N}_]+$/u)).max(50).default([]).describe('Hashtags to append (with or without #); cut to the platform\'s sensible maximum.'),
  link: z.string().url().optional().describe('Link to append (counted as the platform counts links).'),
  mentions: z.array(z.string().regex(/^@?[\w.-]+$/)).max(20).default([]).describe('Handles to mention at the start.'),
});

/** Fits a post to a platform's limits, keeping link and hashtags whole. */
export const socialFormatPost: NodeDefinition<typeof params> = {
  type: 'social.format_post',
  version: 1,
  category: 'social',
  subcategory: 'compose',
  name: 'Format post for a platform',
  description: `Fits a post to a platform: mentions first, then the text shortened at a word boundary with "…" so that the link and hashtags still fit, counted as the platform counts (graphemes; links as 23 characters on X and Mastodon). Limits: ${PLATFORMS.map((p) => `${LIMITS[p].name} ${LIMITS[p].chars}`).join(', ')}.`,
  tags: ['social', 'post', 'twitter', 'linkedin', 'instagram', 'character-limit'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text, platform, length, limit, truncated, hashtags}' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const limit = LIMITS[p.platform];
    const tags = [...new Set(p.hashtags.map((h) => (h.startsWith('#') ? h : `#${h}`)))].slice(0, limit.hashtags);
    const head = p.mentions.map((m) => (m.startsWith('@') ? m : `@${m}`)).join(' ');
    const tail = [p.link, tags.join(' ')].filter(Boolean).join('\n\n');
    const body = pickText(p.text, inputs).trim();
    const compose = (b: string) => [[head, b].filter(Boolean).join(' '), tail].filter(Boolean).join('\n\n');
    const room = limit.chars - (compose('') ? platformLength(compose('x'), p.platform) - 1 : 0);
    const fitted = fitText(body, Math.max(1, room), p.platform);
    const text = compose(fitted);
    return { output: { main: { text, platform: p.platform, length: platformLength(text, p.platform), limit: limit.chars, truncated: fitted !== body, hashtags: tags } } };
  },
};
