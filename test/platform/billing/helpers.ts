// Loopback servers for the platform-billing tests: an image host (for image_url inputs) and
// small parsers for the artefacts the local provider produces.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import sharp from 'sharp';

export const run = promisify(execFile);

export interface ImageHost {
  url(name: string): string;
  close(): Promise<void>;
}

/** Serves fixed images over plain HTTP on 127.0.0.1. */
export async function startImageHost(files: Record<string, Buffer>): Promise<ImageHost> {
  const server: Server = createServer((req, res) => {
    const name = (req.url ?? '/').slice(1);
    const body = files[name];
    if (!body) {
      res.writeHead(404).end('missing');
      return;
    }
    res.writeHead(200, { 'content-type': name.endsWith('.txt') ? 'text/plain' : 'image/png', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name) => `http://127.0.0.1:${port}/${name}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A white canvas with a red square in the middle (background removal input). */
export function squareOnWhite(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 80, channels: 3, background: '#ffffff' } })
    .composite([{ input: { create: { width: 40, height: 40, channels: 3, background: '#d01010' } }, left: 40, top: 20 }])
    .png()
    .toBuffer();
}

/** Black text on white (OCR input). */
export function textImage(text: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="140"><rect width="100%" height="100%" fill="white"/><text x="24" y="90" font-family="DejaVu Sans" font-size="52" fill="black">${text}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function download(url: string): Promise<{ status: number; type: string | null; data: Buffer }> {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), data: Buffer.from(await res.arrayBuffer()) };
}

/** Polls GET /v1/jobs/{id} every 250 ms until the job leaves `processing`. */
export async function pollJob(api: (m: string, p: string, o?: any) => Promise<any>, jobId: string, key?: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await api('GET', `/v1/jobs/${jobId}`, key ? { key } : undefined);
    if (r.body?.status !== 'processing') return r;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still processing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
