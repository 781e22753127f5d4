// The local provider's image-to-video (`VideoRequest.still`): a camera move over one still.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ffmpeg } from '../../media-tools';
import type { CameraMove, MediaResult, MotionIntensity, VideoRequest } from '../types';

type Motion = MotionIntensity;
type CameraDirection = CameraMove;

export interface ClipSpec {
  framePath: string;
  outPath: string;
  width: number;
  height: number;
  duration: number;
  fps: 24 | 30;
  motion: Motion;
  camera: CameraDirection;
}

/** How far the camera travels over a clip, as a share of the frame. */
const AMPLITUDE: Record<Motion, number> = { low: 0.06, medium: 0.14, high: 0.26 };

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * One scene clip from its keyframe: the still is decoded once (loop filter), scaled up by the
 * motion amplitude, and a moving crop window (pan, tilt, orbit) or a zoom (push-in, pull-out)
 * animates it; h264 with a fast preset at the keyframe's own size.
 */
export function motionFilter(spec: Pick<ClipSpec, 'width' | 'height' | 'duration' | 'fps' | 'motion' | 'camera'>): string {
  const { width: W, height: H, duration: D, fps } = spec;
  const frames = Math.round(D * fps);
  const a = AMPLITUDE[spec.motion];
  const still = `loop=loop=${frames - 1}:size=1:start=0,setpts=N/(${fps}*TB)`;
  if (spec.camera === 'push-in' || spec.camera === 'pull-out') {
    const z = spec.camera === 'push-in' ? `1+${a}*on/${frames}` : `1+${a}-${a}*on/${frames}`;
    return `scale=${even(W * 1.25)}:${even(H * 1.25)},zoompan=z='${z}':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=${frames}:s=${W}x${H}:fps=${fps}`;
  }
  const SW = even(W * (1 + a));
  const SH = even(H * (1 + a));
  const cx = '(iw-ow)/2';
  const cy = '(ih-oh)/2';
  const p = `(t/${D})`;
  const pos: Record<string, [string, string]> = {
    'pan-left': [`(iw-ow)*(1-${p})`, cy],
    'pan-right': [`(iw-ow)*${p}`, cy],
    'tilt-up': [cx, `(ih-oh)*(1-${p})`],
    'tilt-down': [cx, `(ih-oh)*${p}`],
    static: [`(iw-ow)*(0.45+0.1*${p})`, cy],
    orbit: [`(iw-ow)*(0.5+0.5*sin(2*PI*${p}))`, `(ih-oh)*(0.5+0.5*cos(2*PI*${p}))`],
  };
  const [x, y] = pos[spec.camera] ?? pos.static!;
  return `scale=${SW}:${SH},${still},crop=${W}:${H}:'${x}':'${y}'`;
}

export async function renderClip(spec: ClipSpec, signal?: AbortSignal): Promise<void> {
  const frames = Math.round(spec.duration * spec.fps);
  await ffmpeg(
    [
      '-i', spec.framePath,
      '-vf', `${motionFilter(spec)},format=yuv420p`,
      '-frames:v', String(frames),
      '-r', String(spec.fps),
      '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'stillimage', '-crf', '24', '-threads', '2',
      '-an', '-movflags', '+faststart',
      spec.outPath,
    ],
    signal,
  );
}

/** A `VideoRequest` with a still: the clip at the still's own size, `seconds` long. */
export async function localStillMotion(req: VideoRequest & { still: NonNullable<VideoRequest['still']> }): Promise<MediaResult<'video/mp4'>> {
  const meta = await sharp(req.still.image).metadata();
  const dir = await mkdtemp(join(tmpdir(), 'atelier-still-'));
  try {
    const framePath = join(dir, 'still.png');
    const outPath = join(dir, 'clip.mp4');
    await writeFile(framePath, req.still.image);
    await renderClip({
      framePath, outPath, width: meta.width ?? 1280, height: meta.height ?? 720, duration: req.seconds ?? 5,
      fps: req.still.fps, motion: req.still.motion, camera: req.still.camera,
    }, req.signal);
    return { data: await readFile(outPath), mime: 'video/mp4' };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
