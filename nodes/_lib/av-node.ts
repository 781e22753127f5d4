// The shape shared by the one-media-in, one-media-out nodes (trim, resize, fade, normalise, …):
// the node folder declares its params and the ffmpeg arguments; this builds the NodeDefinition —
// input resolution, ffprobe of the input, ffmpeg with heartbeated progress, ffprobe of the output,
// and storage of the result as a file reference.
import { z } from 'zod';
import type { NodeContext, NodeDefinition } from '../../src/engine/node-sdk';
import { ffmpeg, mediaMeta, probe, probeMedia, type MediaInfo } from './ffmpeg';
import { fileInput, pickFile, withWorkspace, type FileRef, type Workspace } from './media';

export interface AvPlan {
  /** ffmpeg arguments after `-i <input>` and before the output path (filters, codecs…). */
  args: string[];
  /** Output extension (mp4, wav, mp3, gif, …). */
  ext: string;
  /** Extra inputs placed before the main one's args, e.g. ['-i', other]. */
  preInputs?: string[];
  /** Arguments before the main `-i` (e.g. `-ss` for fast seeking). */
  inputArgs?: string[];
  /** Expected output duration for progress. */
  expectedS?: number;
  meta?: Record<string, unknown>;
}

export function avNode<S extends z.ZodRawShape>(spec: {
  type: string;
  title: string;
  description: string;
  subcategory: string;
  tags: string[];
  /** What the input must hold. */
  needs: 'video' | 'audio' | 'any';
  shape: S;
  timeoutS?: number;
  plan(input: { path: string; info: MediaInfo }, p: z.output<z.ZodObject<S>>, ctx: NodeContext, ws: Workspace): Promise<AvPlan> | AvPlan;
}) {
  const what = spec.needs === 'audio' ? 'audio' : spec.needs === 'video' ? 'video' : 'media';
  const params = z.object({ [what]: fileInput(`${what[0]!.toUpperCase()}${what.slice(1)} file to process`), ...spec.shape });
  const def: NodeDefinition<typeof params> = {
    type: spec.type,
    version: 1,
    category: spec.type.split('.')[0]!,
    subcategory: spec.subcategory,
    name: spec.title,
    description: `${spec.description} Emits \`main\` = a file reference {url, mime, size, duration_s, …ffprobe facts}.`,
    tags: spec.tags,
    params,
    inputs: [{ name: 'main', description: `A ${what} file reference (or set \`${what}\`)` }],
    outputs: [{ name: 'main', description: '{url, mime, size, duration_s, width, height, video_codec, audio_codec, …}' }],
    execution: 'activity',
    defaults: { maxAttempts: 3, timeoutS: spec.timeoutS ?? 600, heartbeatS: 30 },
    async execute(ctx, { params: raw, inputs }) {
      const p = raw as Record<string, unknown>;
      return withWorkspace(ctx, async (ws) => {
        const path = await ws.input(pickFile(p[what] as string | { url: string } | undefined, inputs, what), what);
        const info = await probeMedia(ctx, path, spec.needs, what);
        const plan = await spec.plan({ path, info }, raw as unknown as z.output<z.ZodObject<S>>, ctx, ws);
        const out = ws.path(`out.${plan.ext}`);
        await ffmpeg(ctx, [...(plan.preInputs ?? []), ...(plan.inputArgs ?? []), '-i', path, ...plan.args, out], { expectedS: plan.expectedS ?? info.duration_s ?? undefined });
        return { output: { main: await storeMedia(ctx, ws, out, plan.ext, plan.meta) } };
      });
    },
  };
  return def;
}

/** Probes a finished media file and stores it with its facts. */
export async function storeMedia(ctx: NodeContext, ws: Workspace, path: string, ext: string, meta: Record<string, unknown> = {}): Promise<FileRef> {
  const info = await probe(ctx, path);
  return ws.store(path, ext, { ...mediaMeta(info), ...meta });
}
