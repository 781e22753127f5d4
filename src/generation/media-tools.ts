import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * Runs the media tools (ffmpeg, ffprobe, espeak-ng) and keeps a process-wide tally of the time
 * spent in them, so the benchmark can separate media work from orchestration.
 */
export const mediaClock = {
  /** Sum of every tool run's duration (parallel runs add up). */
  ms: 0,
  /** Wall-clock time during which at least one tool was running. */
  wallMs: 0,
  calls: 0,
  byTool: {} as Record<string, number>,
};
let active = 0;
let busySince = 0;

function begin(): number {
  const now = performance.now();
  if (active++ === 0) busySince = now;
  return now;
}

export class MediaToolError extends Error {
  constructor(readonly tool: string, readonly code: number | null, readonly stderr: string) {
    super(`${tool} exited with ${code}: ${stderr.split('\n').filter(Boolean).slice(-3).join(' | ')}`);
    this.name = 'MediaToolError';
  }
}

/**
 * ffmpeg runs are bounded per process (one per core, at least two): several stories rendering at
 * once queue here instead of thrashing the CPU. Waiting does not count as media time.
 */
const FFMPEG_SLOTS = Math.max(2, availableParallelism());
let ffmpegRunning = 0;
const ffmpegQueue: Array<() => void> = [];

async function slot<T>(fn: () => Promise<T>): Promise<T> {
  if (ffmpegRunning >= FFMPEG_SLOTS) await new Promise<void>((resolve) => ffmpegQueue.push(resolve));
  ffmpegRunning++;
  try {
    return await fn();
  } finally {
    ffmpegRunning--;
    ffmpegQueue.shift()?.();
  }
}

export function runTool(tool: string, args: string[], opts: { input?: string; signal?: AbortSignal } = {}): Promise<{ stdout: string; stderr: string }> {
  return tool === 'ffmpeg' ? slot(() => spawnTool(tool, args, opts)) : spawnTool(tool, args, opts);
}

function spawnTool(tool: string, args: string[], opts: { input?: string; signal?: AbortSignal }): Promise<{ stdout: string; stderr: string }> {
  const started = begin();
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['pipe', 'pipe', 'pipe'], signal: opts.signal });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (stderr.length > 20_000) stderr = stderr.slice(-10_000);
    });
    child.on('error', (err) => {
      account(tool, started);
      reject(err);
    });
    child.on('close', (code) => {
      account(tool, started);
      if (code === 0) resolve({ stdout, stderr });
      else reject(new MediaToolError(tool, code, stderr));
    });
    if (opts.input !== undefined) child.stdin.end(opts.input);
    else child.stdin.end();
  });
}

function account(tool: string, started: number) {
  const now = performance.now();
  const ms = now - started;
  if (--active === 0) mediaClock.wallMs += now - busySince;
  mediaClock.ms += ms;
  mediaClock.calls += 1;
  mediaClock.byTool[tool] = (mediaClock.byTool[tool] ?? 0) + ms;
}

export const ffmpeg = (args: string[], signal?: AbortSignal) => runTool('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { signal });

export async function probeDuration(path: string): Promise<number> {
  const { stdout } = await runTool('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', path]);
  return Number(stdout.trim());
}
