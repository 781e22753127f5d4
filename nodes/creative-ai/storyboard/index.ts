import { z } from 'zod';
import { contentWords, type NodeDefinition, sentences } from '../../../src/engine/node-sdk';
import { modelParam, structuredTask } from '../../_lib/ai';
import { generateImage } from '../../_lib/compose';
import { pickText, withWorkspace } from '../../_lib/media';
import { loadImage } from '../../_lib/render';
import sharp from 'sharp';

const Scene = z.object({ narration: z.string().min(1), visual: z.string().min(1), seconds: z.number().positive().max(60).default(4) });

const params = z.object({
  script: z.string().max(20_000).optional().describe('Script or idea; when omitted, the text arriving on the input.'),
  scenes: z.number().int().min(1).max(20).default(4).describe('How many scenes.'),
  style: z.string().max(200).default('cinematic, warm light').describe('Visual style added to every shot description.'),
  render: z.boolean().default(false).describe('Also draw one frame per scene with the image provider (charged per image).'),
  frame_width: z.number().int().min(64).max(1536).default(576).describe('Frame width when rendering.'),
  frame_height: z.number().int().min(64).max(1536).default(1024).describe('Frame height when rendering (default vertical).'),
  model: modelParam(),
});

/** Groups the script's sentences into scenes; the shot is built from each scene's content words. */
export function localStoryboard(script: string, n: number, style: string): z.output<typeof Scene>[] {
  const list = sentences(script);
  const count = Math.max(1, Math.min(n, list.length));
  const per = Math.ceil(list.length / count);
  return Array.from({ length: count }, (_, i) => {
    const narration = list.slice(i * per, (i + 1) * per).join(' ');
    const words = contentWords(narration).slice(0, 6).join(', ');
    const shot = i === 0 ? 'establishing wide shot' : i === count - 1 ? 'closing shot' : 'medium shot';
    return { narration, visual: `${shot} of ${words || narration.slice(0, 60)}, ${style}`, seconds: Math.max(2, Math.round(narration.split(/\s+/).length / 2.5)) };
  }).filter((s) => s.narration);
}

export const creativeAiStoryboard: NodeDefinition<typeof params> = {
  type: 'creative_ai.storyboard',
  version: 1,
  category: 'creative_ai',
  subcategory: 'planning',
  name: 'Storyboard',
  description: 'Turns a script into scenes — narration, shot description and length — by asking the chat model for JSON (charged one chat call); when the answer is not usable, sentences are grouped into scenes and each shot is described from its content words (`method: local`). With `render` one frame per scene is drawn by the image provider (charged per image).',
  tags: ['creative-ai', 'storyboard', 'script', 'video-planning', 'scenes'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{scenes: [{n, narration, visual, seconds, frame?}], total_seconds, method}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 600, heartbeatS: 30 },
  async execute(ctx, { params: p, inputs }) {
    const script = pickText(p.script, inputs, 'script');
    const r = await structuredTask(
      ctx,
      'creative_ai.storyboard',
      { model: p.model, system: `Split the script into ${p.scenes} scenes. Style: ${p.style}. JSON: {"scenes":[{"narration":"…","visual":"shot description","seconds":4}]}.`, prompt: script, temperature: 0.5 },
      z.object({ scenes: z.array(Scene).min(1) }),
      () => ({ scenes: localStoryboard(script, p.scenes, p.style) }),
    );
    const scenes: Record<string, unknown>[] = r.result.scenes.slice(0, p.scenes).map((s, i) => ({ n: i + 1, ...s }));
    if (p.render) {
      await withWorkspace(ctx, async (ws) => {
        for (const [i, s] of scenes.entries()) {
          const png = await generateImage(ctx, 'creative_ai.storyboard', { prompt: String(s.visual), width: p.frame_width, height: p.frame_height });
          const path = ws.path('frame.png');
          await (await import('node:fs/promises')).writeFile(path, png);
          const { width, height } = await loadImage(path);
          s.frame = await ws.store(await sharp(png).png().toBuffer(), 'png', { width, height }, `${ctx.nodeId}-scene-${i + 1}`);
          ctx.heartbeat({ stage: 'frames', progress: (i + 1) / scenes.length });
        }
      });
    }
    const total = scenes.reduce((n, s) => n + Number(s.seconds), 0);
    return { output: { main: { scenes, total_seconds: total, method: r.method, model: r.model } } };
  },
};
