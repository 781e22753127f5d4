import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { type NodeDefinition, sentences } from '../../../src/engine/node-sdk';
import { speechCall } from '../../_lib/ai';
import { storeMedia } from '../../_lib/av-node';
import { cardSlide, slidesToVideo } from '../../_lib/compose';
import { AAC_OUT, even, ffmpeg, filterPath, MP4_OUT, probe } from '../../_lib/ffmpeg';
import { filesInput, pickFiles, pickText, withWorkspace, type FileRef } from '../../_lib/media';
import { hexColour } from '../../_lib/render';
import { isRecord } from '../../_lib/items';
import { karaokeAss } from '../../_lib/captions';

const params = z.object({
  script: z.string().max(20_000).optional().describe('The script; one scene per line, or sentences grouped into `max_scenes`. When omitted, the text arriving on the input (e.g. a summary).'),
  title: z.string().max(120).default('').describe('Optional hook/title shown over the first scene.'),
  max_scenes: z.number().int().min(1).max(30).default(6).describe('Most scenes (sentences are grouped to fit).'),
  voice: z.string().min(1).max(40).default('nova').describe('Narration voice (voice.list_voices).'),
  images: filesInput('Optional background images, one per scene in turn'),
  captions: z.boolean().default(true).describe('Burn word-by-word karaoke captions of the narration.'),
  height: z.number().int().min(128).max(3840).default(1920).describe('Video height; width is 9/16 of it.'),
  background: hexColour('Slide background (gradient start).', '#312e81'),
  background2: hexColour('Slide background (gradient end).', '#0f172a'),
  colour: hexColour('Slide text colour.', '#ffffff'),
});

interface Done { scene: number; url: string; seconds: number; text: string }

/** Scenes of a script: its lines, or its sentences grouped into at most `max` scenes. */
export function scenesOf(script: string, max: number): string[] {
  const lines = script.split(/\n+/).map((l) => l.trim()).filter(Boolean);
  const units = lines.length > 1 ? lines : sentences(script);
  const per = Math.ceil(units.length / Math.min(max, units.length));
  return Array.from({ length: Math.ceil(units.length / per) }, (_, i) => units.slice(i * per, (i + 1) * per).join(' '));
}

/**
 * Script → vertical short: every scene is narrated by the speech provider (charged), drawn as a
 * 9:16 slide (over an image when given) lasting as long as its line, rendered and stored; then the
 * scenes are joined and karaoke captions burned in. A retried node resumes from the scenes it had
 * finished (its heartbeat checkpoint lists their stored clips).
 */
export const shortsVerticalFromScript: NodeDefinition<typeof params> = {
  type: 'shorts.vertical_from_script',
  version: 1,
  category: 'shorts',
  subcategory: 'video',
  name: 'Vertical short from script',
  description: 'Makes a 9:16 short from a script: each scene (a line, or grouped sentences) is narrated with the speech provider (charged per 1,000 characters), shown as a slide with its text (over the scene\'s image when `images` are given) for as long as its narration, and the scenes are joined into one H.264/AAC MP4 with word-by-word karaoke captions. Heartbeats progress per scene and resumes from finished scenes on retry.',
  tags: ['shorts', 'vertical', 'tiktok', 'reels', 'youtube-shorts', 'tts', 'captions', 'faceless'],
  params,
  inputs: [{ name: 'main', description: 'Script text (or an object with text/summary), and optional image references' }],
  outputs: [{ name: 'main', description: '{url, mime, size, duration_s, width, height, scenes: [{scene, seconds, text}]}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 1800, heartbeatS: 60 },
  async execute(ctx, { params: p, inputs }) {
    const script = pickText(p.script, inputs, 'script');
    const scenes = scenesOf(script, p.max_scenes);
    const imageRefs = p.images?.length ? pickFiles(p.images, {}, 'images', 0) : pickFiles(undefined, Object.fromEntries(Object.entries(inputs).filter(([, v]) => !(typeof v === 'string'))), 'images', 0);
    const H = even(p.height);
    const W = even((H * 9) / 16);
    const previous = isRecord(ctx.checkpoint) && Array.isArray(ctx.checkpoint.done) ? (ctx.checkpoint.done as Done[]) : [];
    return withWorkspace(ctx, async (ws) => {
      const done: Done[] = [];
      const clips: string[] = [];
      for (const [i, text] of scenes.entries()) {
        const resumed = previous.find((d) => d.scene === i && d.text === text);
        if (resumed) {
          try {
            clips.push(await ws.input(resumed.url, 'scene'));
            done.push(resumed);
            ctx.log('info', `scene ${i + 1} resumed from the checkpoint`);
            continue;
          } catch {
            /* the stored clip is gone: render it again */
          }
        }
        const wav = ws.path(`scene-${i}.wav`);
        await writeFile(wav, await speechCall(ctx, 'shorts.vertical_from_script', { model: 'atelier-tts-v1', input: text, voice: p.voice }));
        const seconds = ((await probe(ctx, wav)).duration_s ?? 2) + 0.25;
        const image = imageRefs.length ? await ws.read(imageRefs[i % imageRefs.length]!, 'image') : undefined;
        const m = Math.round(W * 0.08);
        const slide = await cardSlide(ws, {
          width: W, height: H, background: p.background, background2: p.background2, image, dim: 0.35,
          blocks: [
            ...(i === 0 && p.title ? [{ text: p.title, x: m, y: H * 0.14, width: W - 2 * m, fontSize: Math.round(W * 0.085), colour: '#facc15', weight: 'bold' as const, align: 'center' as const, maxLines: 3, stroke: '#000000' }] : []),
            ...(p.captions ? [] : [{ text, x: m, y: H * 0.5, width: W - 2 * m, fontSize: Math.round(W * 0.065), colour: p.colour, weight: 'bold' as const, align: 'center' as const, anchor: 'middle' as const, maxLines: 8 }]),
          ],
        }, seconds);
        const clip = await slidesToVideo(ctx, ws, [slide], { width: W, height: H, audio: wav, stage: `scene ${i + 1}` });
        const stored: FileRef = await ws.store(clip, 'mp4', {}, `${ctx.nodeId}-scene-${i + 1}`);
        clips.push(clip);
        done.push({ scene: i, url: stored.url, seconds, text });
        ctx.heartbeat({ stage: 'scenes', progress: (i + 1) / (scenes.length + 1), done });
      }
      // Join the scenes, then burn the captions timed by each scene's narration.
      let t = 0;
      const cues = done.map((d) => {
        const cue = { start: t + 0.05, end: t + d.seconds - 0.2, text: d.text };
        t += d.seconds;
        return cue;
      });
      const assFile = ws.path('captions.ass');
      await writeFile(assFile, karaokeAss(cues, { width: W, height: H, words: 3, fontSize: Math.round(H * 0.055), highlight: '#facc15', base: '#ffffff', position: 'center' }));
      const parts = clips.map((_, i) => `[${i}:v][${i}:a]`).join('');
      const vf = p.captions ? `;[v]ass=${filterPath(assFile)}[vc]` : '';
      const out = ws.path('short.mp4');
      await ffmpeg(ctx, [...clips.flatMap((c) => ['-i', c]), '-filter_complex', `${parts}concat=n=${clips.length}:v=1:a=1[v][a]${vf}`, '-map', p.captions ? '[vc]' : '[v]', '-map', '[a]', ...MP4_OUT, ...AAC_OUT, out], { expectedS: t, stage: 'join' });
      ctx.heartbeat({ stage: 'done', progress: 1, done });
      return { output: { main: await storeMedia(ctx, ws, out, 'mp4', { scenes: done.map(({ scene, seconds, text }) => ({ scene: scene + 1, seconds: Math.round(seconds * 100) / 100, text })), captions: p.captions }) } };
    });
  },
};
