import { z } from 'zod';
import { keywords, type NodeDefinition } from '../../../src/engine/node-sdk';
import { modelParam, structuredTask } from '../../_lib/ai';
import { pickText } from '../../_lib/media';

const params = z.object({
  topic: z.string().max(5000).optional().describe('Topic or script the hook is for; when omitted, the text arriving on the input.'),
  count: z.number().int().min(1).max(10).default(5).describe('How many hooks.'),
  max_chars: z.number().int().min(20).max(150).default(70).describe('Longest hook (on-screen text must be readable in ~2 s).'),
  model: modelParam(),
});

const PATTERNS = [
  (t: string) => `Stop scrolling if you care about ${t}`,
  (t: string) => `Nobody tells you this about ${t}`,
  (t: string, n: string) => `${n} ${t} mistakes you're making`,
  (t: string) => `I tried ${t} so you don't have to`,
  (t: string) => `Is ${t} worth it? The honest answer`,
  (t: string) => `The ${t} trick that changed everything`,
  (t: string, n: string) => `${t} in ${n} seconds`,
];

/** Scroll-stopping opening lines; the shortest is `best`. */
export const shortsHookText: NodeDefinition<typeof params> = {
  type: 'shorts.hook_text',
  version: 1,
  category: 'shorts',
  subcategory: 'copy',
  name: 'Hook text',
  description: 'Writes scroll-stopping opening lines for a short (curiosity, list, contrarian, test-drive patterns) within `max_chars`, by asking the chat model for JSON (charged one chat call); when the answer is not usable, hook patterns are filled with the topic\'s key phrase (`method: local`). `main` = {hooks, best}.',
  tags: ['shorts', 'hook', 'copywriting', 'tiktok', 'reels', 'retention'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{hooks, best, method}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p, inputs }) {
    const topic = pickText(p.topic, inputs, 'topic');
    const key = keywords(topic, 3).find((k) => k.keyword.includes(' '))?.keyword ?? keywords(topic, 1)[0]?.keyword ?? topic.slice(0, 30);
    const n = topic.match(/\b([2-9]|1\d)\b/)?.[1] ?? '3';
    const r = await structuredTask(
      ctx,
      'shorts.hook_text',
      { model: p.model, system: `Write ${p.count} different scroll-stopping hooks (first line of a vertical video), each under ${p.max_chars} characters. JSON: {"hooks":["…"]}.`, prompt: topic, temperature: 0.9 },
      z.object({ hooks: z.array(z.string().min(3)).min(1) }),
      () => ({ hooks: PATTERNS.map((f) => f(key, n)) }),
    );
    const hooks = r.result.hooks.map((h) => h.trim()).filter((h) => h.length <= p.max_chars).slice(0, p.count);
    const best = [...hooks].sort((a, b) => a.length - b.length)[0] ?? null;
    return { output: { main: { hooks, best, text: best, method: r.method, model: r.model } } };
  },
};
