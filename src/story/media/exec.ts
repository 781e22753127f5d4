import { spawn } from 'node:child_process';

/**
 * Runs the media tools (ffmpeg, ffprobe, espeak-ng) and keeps a process-wide tally of the time
 * spent in them, so the benchmark can separate media work from orchestration.
 */
export const mediaClock = { ms: 0, calls: 0, byTool: {} as Record<string, number> };

export class MediaToolError extends Error {
  constructor(readonly tool: string, readonly code: number | null, readonly stderr: string) {
    super(`${tool} exited with ${code}: ${stderr.split('\n').filter(Boolean).slice(-3).join(' | ')}`);
    this.name = 'MediaToolError';
  }
}

export function runTool(tool: string, args: string[], opts: { input?: string; signal?: AbortSignal } = {}): Promise<{ stdout: string; stderr: string }> {
  const started = performance.now();
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
  const ms = performance.now() - started;
  mediaClock.ms += ms;
  mediaClock.calls += 1;
  mediaClock.byTool[tool] = (mediaClock.byTool[tool] ?? 0) + ms;
}

export const ffmpeg = (args: string[], signal?: AbortSignal) => runTool('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { signal });

export async function probeDuration(path: string): Promise<number> {
  const { stdout } = await runTool('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', path]);
  return Number(stdout.trim());
}
