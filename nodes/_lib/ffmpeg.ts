// ffmpeg / ffprobe / sox for the media nodes: real processes with the node's abort signal, progress
// reported through `ctx.heartbeat` (ffmpeg's `-progress` stream), and ffprobe facts for outputs.
import { spawn } from 'node:child_process';
import { type NodeContext, NodeError } from '../../src/engine/node-sdk';

export const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
export const FONT_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/** Runs a tool; rejects with the last lines of stderr. `onStdout` sees output as it arrives. */
export function runProcess(
  ctx: Pick<NodeContext, 'signal'>,
  cmd: string,
  args: string[],
  opts: { input?: Buffer | string; onStdout?: (chunk: string) => void; timeoutMs?: number } = {},
): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    if (ctx.signal.aborted) return reject(new NodeError(`${cmd} cancelled`, { type: 'cancelled' }));
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    const kill = () => child.kill('SIGKILL');
    ctx.signal.addEventListener('abort', kill, { once: true });
    const timer = setTimeout(kill, opts.timeoutMs ?? 10 * 60_000);
    child.stdout.on('data', (d: Buffer) => {
      if (opts.onStdout) opts.onStdout(d.toString());
      else out.push(d);
    });
    child.stderr.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-8192);
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, sig) => {
      clearTimeout(timer);
      ctx.signal.removeEventListener('abort', kill);
      if (code === 0) return resolve({ stdout: Buffer.concat(out), stderr: err });
      const tail = err.trim().split('\n').slice(-3).join(' | ');
      reject(new NodeError(`${cmd} failed (${code ?? sig}): ${tail || 'no message'}`, { type: `${cmd.replace(/\W/g, '')}_failed` }));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(opts.input ?? undefined);
  });
}

/**
 * Runs ffmpeg. With `expectedS` (the output's expected duration) progress is heartbeated as
 * `{stage, progress: 0..1}` at most once a second, so a long render shows where it is.
 */
export async function ffmpeg(ctx: NodeContext, args: string[], opts: { expectedS?: number; stage?: string } = {}): Promise<void> {
  let last = 0;
  const stage = opts.stage ?? 'render';
  await runProcess(ctx, 'ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-progress', 'pipe:1', '-nostats', ...args], {
    onStdout(chunk) {
      const m = chunk.match(/out_time_us=(\d+)/g);
      if (!m || !opts.expectedS) return;
      const now = Date.now();
      if (now - last < 1000) return;
      last = now;
      const us = Number(m[m.length - 1]!.split('=')[1]);
      ctx.heartbeat({ stage, progress: Math.min(1, us / 1e6 / opts.expectedS) });
    },
  });
}

export interface MediaInfo {
  duration_s: number | null;
  format: string | null;
  width?: number;
  height?: number;
  video_codec?: string;
  fps?: number;
  audio_codec?: string;
  sample_rate?: number;
  channels?: number;
  has_audio: boolean;
  has_video: boolean;
  bit_rate?: number;
}

/** ffprobe facts about a media file. */
export async function probe(ctx: Pick<NodeContext, 'signal'>, path: string): Promise<MediaInfo> {
  const { stdout } = await runProcess(ctx, 'ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path]);
  const data = JSON.parse(stdout.toString()) as {
    format?: { duration?: string; format_name?: string; bit_rate?: string };
    streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number; avg_frame_rate?: string; sample_rate?: string; channels?: number; duration?: string }[];
  };
  const streams = data.streams ?? [];
  // Still images report a video stream too; only real motion has a frame rate and a duration.
  const video = streams.find((s) => s.codec_type === 'video');
  const audio = streams.find((s) => s.codec_type === 'audio');
  const duration = Number(data.format?.duration ?? video?.duration ?? audio?.duration);
  const info: MediaInfo = {
    duration_s: Number.isFinite(duration) ? Math.round(duration * 1000) / 1000 : null,
    format: data.format?.format_name ?? null,
    has_audio: Boolean(audio),
    has_video: Boolean(video),
  };
  if (data.format?.bit_rate) info.bit_rate = Number(data.format.bit_rate);
  if (video) {
    info.width = video.width;
    info.height = video.height;
    info.video_codec = video.codec_name;
    const [n, d] = (video.avg_frame_rate ?? '0/1').split('/').map(Number);
    if (n && d) info.fps = Math.round((n / d) * 100) / 100;
  }
  if (audio) {
    info.audio_codec = audio.codec_name;
    info.sample_rate = Number(audio.sample_rate);
    info.channels = audio.channels;
  }
  return info;
}

/** Like `probe`, but the node fails clearly when the file is not the media it needs. */
export async function probeMedia(ctx: NodeContext, path: string, need: 'video' | 'audio' | 'any', what: string): Promise<MediaInfo> {
  let info: MediaInfo;
  try {
    info = await probe(ctx, path);
  } catch (err) {
    throw new NodeError(`${what} is not a media file ffprobe can read: ${(err as Error).message}`, { type: 'invalid_media' });
  }
  if (need === 'video' && (!info.has_video || !info.duration_s)) throw new NodeError(`${what} has no video stream`, { type: 'invalid_media' });
  if (need === 'audio' && !info.has_audio) throw new NodeError(`${what} has no audio stream`, { type: 'invalid_media' });
  return info;
}

/** The metadata an output reference carries (drops nulls and internal fields). */
export function mediaMeta(info: MediaInfo): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(info)) if (v !== null && v !== undefined && k !== 'bit_rate') out[k] = v;
  return out;
}

/** H.264 + AAC MP4 settings every video node writes, so outputs chain into each other and play everywhere. */
export const MP4_OUT = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'];
export const AAC_OUT = ['-c:a', 'aac', '-b:a', '128k'];

/** Even dimension (H.264 with yuv420p needs them). */
export function even(n: number): number {
  const r = Math.max(2, Math.round(n));
  return r - (r % 2);
}

/** Escapes a path or text for an ffmpeg filter argument (`:`, `\`, `'`, `,`, `[`, `]`). */
export function filterPath(p: string): string {
  return p.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/:/g, '\\:').replace(/,/g, '\\,').replace(/\[/g, '\\[').replace(/\]/g, '\\]');
}

/** Parses `#rrggbb` / `#rgb` / `rrggbb` into ffmpeg's `0xRRGGBB`. */
export function ffColour(hex: string): string {
  return `0x${normaliseHex(hex).slice(1)}`;
}

export function normaliseHex(hex: string): string {
  let h = hex.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(h)) h = h.split('').map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}$/i.test(h)) throw new NodeError(`not a hex colour: ${hex}`, { type: 'invalid_params' });
  return `#${h.toLowerCase()}`;
}

/** ffmpeg's audio encoder arguments by output format. */
export const AUDIO_CODECS = { wav: ['-c:a', 'pcm_s16le'], mp3: ['-c:a', 'libmp3lame', '-q:a', '4'], ogg: ['-c:a', 'libvorbis', '-q:a', '4'], flac: ['-c:a', 'flac'] } as const;

/** The ffmpeg filter that fits a frame into w×h with a fit mode. */
export function fitFilter(w: number, h: number, fit: 'contain' | 'cover' | 'stretch', colour = '#000000'): string {
  if (fit === 'stretch') return `scale=${w}:${h},setsar=1`;
  if (fit === 'cover') return `scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},setsar=1`;
  return `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2:color=${ffColour(colour)},setsar=1`;
}

/** atempo takes 0.5–2 per stage: chain stages for larger factors. */
export function atempoChain(factor: number): string {
  const parts: string[] = [];
  let f = factor;
  while (f > 2) {
    parts.push('atempo=2');
    f /= 2;
  }
  while (f < 0.5) {
    parts.push('atempo=0.5');
    f /= 0.5;
  }
  parts.push(`atempo=${f.toFixed(4)}`);
  return parts.join(',');
}
