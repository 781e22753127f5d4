// Shared by the music, transcription, embeddings and openai-client tests: an HTTPS webhook receiver
// on loopback, and measurements of audio made with the real tools (ffprobe, sox, espeak-ng).
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const run = promisify(execFile);

export interface Received { headers: Record<string, string | string[] | undefined>; body: any }

/** An HTTPS receiver with a certificate made at test time (the stack trusts it via ATELIER_WEBHOOK_CA_FILE). */
export async function startReceiver(): Promise<{ certFile: string; url: string; received: Received[]; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'whcert-'));
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  await run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost']);
  const received: Received[] = [];
  const server: Server = createServer({ cert: readFileSync(certFile), key: readFileSync(keyFile) }, (req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(raw) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { certFile, url: `https://127.0.0.1:${port}/hook`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export async function waitFor<T>(fn: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

function tmpFile(data: Buffer, name: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'atelier-audio-t-')), name);
  writeFileSync(file, data);
  return file;
}

/** Duration in seconds as ffprobe reads the container. */
export function probeSeconds(data: Buffer, name = 'audio.mp3'): number {
  return Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', tmpFile(data, name)]).toString().trim());
}

function decodedWav(data: Buffer, name: string): string {
  const wav = join(mkdtempSync(join(tmpdir(), 'atelier-audio-t-')), 'decoded.wav');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', tmpFile(data, name), '-ac', '1', wav]);
  return wav;
}

/** sox `stat` (printed on stderr) of a decoded file, or of a window of it. */
function stat(wav: string, window?: [number, number]): { rms: number; freq: number } {
  const trim = window ? ['trim', String(window[0]), String(window[1])] : [];
  const r = spawnSync('sox', [wav, '-n', ...trim, 'stat'], { encoding: 'utf8' });
  const num = (label: string) => Number(new RegExp(`${label}:\\s+(-?[\\d.]+)`).exec(r.stderr)?.[1]);
  return { rms: num('RMS\\s+amplitude'), freq: num('Rough\\s+frequency') };
}

/** RMS amplitude (0..1) and rough frequency (Hz) of the whole audio. */
export const soxStats = (data: Buffer, name = 'audio.mp3') => stat(decodedWav(data, name));

/** The same per `step`-second window over the first `seconds`. */
export function windowStats(data: Buffer, seconds: number, step = 0.5, name = 'audio.mp3'): Array<{ rms: number; freq: number }> {
  const wav = decodedWav(data, name);
  const out: Array<{ rms: number; freq: number }> = [];
  for (let t = 0; t + step <= seconds + 1e-9; t += step) out.push(stat(wav, [t, step]));
  return out;
}

/** `text` spoken by espeak-ng's American voice, as a WAV file. */
export function spokenWav(text: string): Buffer {
  return execFileSync('espeak-ng', ['-v', 'en-us', '--stdout', text]);
}

/** Words of `expected` found, in order, in `heard` (longest common subsequence over words), 0..1. */
export function wordMatch(expected: string, heard: string): number {
  const a = expected.toLowerCase().match(/[a-z']+/g) ?? [];
  const b = heard.toLowerCase().match(/[a-z']+/g) ?? [];
  const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) dp[i]![j] = a[i - 1] === b[j - 1] ? dp[i - 1]![j - 1]! + 1 : Math.max(dp[i - 1]![j]!, dp[i]![j - 1]!);
  return a.length ? dp[a.length]![b.length]! / a.length : 0;
}
