import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';

export interface ExecResult {
  stdout: Buffer;
  stderr: string;
}

/** Runs a tool with optional stdin, a timeout and an abort signal; rejects on a non-zero exit. */
export function runTool(
  cmd: string,
  args: string[],
  opts: { input?: Buffer | string; timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<ExecResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'], signal: opts.signal });
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => {
      if (err.length < 8192) err += d.toString();
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, sig) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout: Buffer.concat(out), stderr: err });
      else reject(new Error(`${cmd} exited with ${code ?? sig}: ${err.trim().split('\n').slice(-3).join(' | ')}`));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(opts.input ?? undefined);
  });
}

/** A deterministic pseudo-random generator seeded from text (mulberry32 over a sha256 prefix). */
export function seededRandom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A colour (hex, no #) picked deterministically. */
export function seededColour(rand: () => number): string {
  const h = Math.floor(rand() * 360);
  const s = 55 + Math.floor(rand() * 35);
  const l = 35 + Math.floor(rand() * 30);
  return hslToHex(h, s, l);
}

function hslToHex(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l / 100 - a * Math.max(Math.min(k - 3, 9 - k, 1), -1);
    return Math.round(255 * c).toString(16).padStart(2, '0');
  };
  return `${f(0)}${f(8)}${f(4)}`;
}

export function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}
