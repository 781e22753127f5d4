import { z } from 'zod';
import { type NodeDefinition, sentences } from '../../../src/engine/node-sdk';
import { pickText } from '../../_lib/media';
import { fitText, LIMITS, PLATFORMS, platformLength } from '../platforms';

const params = z.object({
  text: z.string().max(200_000).optional().describe('Long text to split; when omitted, the text arriving on the input.'),
  platform: z.enum(PLATFORMS).default('x').describe('Platform whose limit each post must respect.'),
  numbering: z.boolean().default(true).describe('Append " 1/n" counters.'),
  max_posts: z.number().int().min(1).max(100).default(25).describe('Most posts in the thread.'),
});

/** A long text as a numbered thread of posts within the platform limit, split at sentence ends. */
export const socialThreadSplit: NodeDefinition<typeof params> = {
  type: 'social.thread_split',
  version: 1,
  category: 'social',
  subcategory: 'compose',
  name: 'Split into a thread',
  description: 'Splits a long text into a thread: posts filled sentence by sentence up to the platform\'s limit (room kept for " i/n" counters), a sentence longer than a post split at words. `main` = {posts: [text], count}.',
  tags: ['social', 'thread', 'twitter', 'bluesky', 'mastodon'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{posts, count, platform}' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const limit = LIMITS[p.platform].chars - (p.numbering ? 7 : 0);
    const len = (t: string) => platformLength(t, p.platform);
    const pieces = sentences(pickText(p.text, inputs)).flatMap((s) => {
      if (len(s) <= limit) return [s];
      const out: string[] = [];
      let rest = s;
      while (len(rest) > limit) {
        const head = fitText(rest, limit, p.platform).replace(/…$/, '');
        out.push(head);
        rest = rest.slice(head.length).trim();
      }
      if (rest) out.push(rest);
      return out;
    });
    const posts: string[] = [];
    for (const piece of pieces) {
      const last = posts[posts.length - 1];
      if (last !== undefined && len(`${last} ${piece}`) <= limit) posts[posts.length - 1] = `${last} ${piece}`;
      else posts.push(piece);
    }
    const kept = posts.slice(0, p.max_posts);
    const numbered = p.numbering && kept.length > 1 ? kept.map((t, i) => `${t} ${i + 1}/${kept.length}`) : kept;
    return { output: { main: { posts: numbered, count: numbered.length, platform: p.platform } } };
  },
};
