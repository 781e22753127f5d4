/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely-typed node outputs */
// Test support for the media and AI node tests: a harness whose context has a real blob store, the
// real local providers and a charge recorder; tiny real fixtures (PNG, MP4, WAV) made with sharp,
// ffmpeg and sox; and probes that open what a node produced (ffprobe, sharp metadata).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createLocalProviders } from '../../src/generation/providers/index';
import type { NodeCapabilities, NodeResult } from '../../src/engine/node-sdk';
import { getNode } from '../index';
import { harness, keyOfUrl, tempBlobs, type Harness } from './harness';
import type { FileRef } from './media';

export interface MediaHarness extends Harness {
  charges: { micros: number; operation: string }[];
  blobs: ReturnType<typeof tempBlobs>['blobs'];
  run(type: string, params?: Record<string, unknown>, inputs?: Record<string, unknown>): Promise<NodeResult>;
  main<T = any>(type: string, params?: Record<string, unknown>, inputs?: Record<string, unknown>): Promise<T>;
  /** Stores bytes as a blob of this account and returns a reference to it (like a node output). */
  ref(data: Buffer, ext: string): Promise<FileRef>;
  pathOf(ref: { url: string } | string): string;
}

export function mediaHarness(opts: { checkpoint?: unknown; capabilities?: Partial<NodeCapabilities> } = {}): MediaHarness {
  const { blobs } = tempBlobs();
  const h = harness({ capabilities: { blobs, providers: createLocalProviders(), ...opts.capabilities }, checkpoint: opts.checkpoint });
  const charges: MediaHarness['charges'] = [];
  h.ctx.charge = async (micros, operation) => {
    charges.push({ micros, operation });
  };
  const run = async (type: string, params: Record<string, unknown> = {}, inputs: Record<string, unknown> = {}) => {
    const def = getNode(type);
    if (!def?.execute) throw new Error(`no executable node ${type}`);
    return def.execute(h.ctx, { params: def.params.parse(params), inputs });
  };
  let n = 0;
  return {
    ...h,
    charges,
    blobs,
    run,
    main: async (type, params, inputs) => (await run(type, params, inputs)).output.main as any,
    async ref(data, ext) {
      const key = blobs.newKey(h.ctx.accountId, 'fixtures', `f${++n}.${ext}`);
      const stored = await blobs.put(key, data);
      return { url: blobs.signedUrl(key, 3600).url, mime: stored.contentType, size: stored.size };
    },
    pathOf: (ref) => blobs.pathOf(keyOfUrl(typeof ref === 'string' ? ref : ref.url)),
  };
}

const dir = mkdtempSync(join(tmpdir(), 'media-fixtures-'));

/** A PNG: a coloured background with a contrasting square (and optional text). */
export async function pngFixture(width = 160, height = 120, bg = '#2255cc', text?: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${bg}"/><rect x="${width / 4}" y="${height / 4}" width="${width / 2}" height="${height / 2}" fill="#ffcc00"/>${text ? `<rect width="100%" height="100%" fill="#ffffff"/><text x="10" y="${height / 2 + 10}" font-family="DejaVu Sans" font-size="28" fill="#000000">${text}</text>` : ''}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** An MP4 (H.264 + AAC tone) of `seconds`, `w`×`h`. */
export function mp4Fixture(seconds = 2, w = 160, h = 120, colour = 'blue'): Buffer {
  const out = join(dir, `v-${seconds}-${w}x${h}-${colour}-${Math.random().toString(36).slice(2)}.mp4`);
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=s=${w}x${h}:r=15:d=${seconds}`, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-vf', `drawbox=c=${colour}@0.3:t=fill`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out]);
  return readFileSync(out);
}

/** A WAV sine tone (with `silenceS` of silence before and after). */
export function wavFixture(seconds = 1, freq = 440, silenceS = 0): Buffer {
  const out = join(dir, `a-${seconds}-${freq}-${silenceS}-${Math.random().toString(36).slice(2)}.wav`);
  const args = ['-n', '-r', '22050', '-c', '1', out, 'synth', String(seconds), 'sine', String(freq), 'vol', '0.5'];
  if (silenceS > 0) args.push('pad', String(silenceS), String(silenceS));
  execFileSync('sox', args);
  return readFileSync(out);
}

export interface Probed {
  duration: number;
  format: string;
  video?: { codec: string; width: number; height: number; frames?: number };
  audio?: { codec: string; sample_rate: number; channels: number };
}

/** ffprobe of a produced file. */
export function ffprobe(path: string): Probed {
  const data = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path]).toString()) as {
    format: { duration?: string; format_name: string };
    streams: { codec_type: string; codec_name: string; width?: number; height?: number; sample_rate?: string; channels?: number; nb_frames?: string }[];
  };
  const v = data.streams.find((s) => s.codec_type === 'video');
  const a = data.streams.find((s) => s.codec_type === 'audio');
  return {
    duration: Number(data.format.duration ?? 0),
    format: data.format.format_name,
    video: v ? { codec: v.codec_name, width: v.width!, height: v.height!, frames: v.nb_frames ? Number(v.nb_frames) : undefined } : undefined,
    audio: a ? { codec: a.codec_name, sample_rate: Number(a.sample_rate), channels: a.channels! } : undefined,
  };
}

/** Mean RGB of a region of an image (sharp), for checking what was drawn where. */
export async function meanColour(path: string, region?: { left: number; top: number; width: number; height: number }): Promise<[number, number, number]> {
  // stats() reads the input, not the pipeline: extract into a buffer first.
  const img = region ? sharp(await sharp(path).extract(region).png().toBuffer()) : sharp(path);
  const { channels } = await img.stats();
  return [channels[0]!.mean, channels[1]!.mean, channels[2]!.mean].map(Math.round) as [number, number, number];
}
