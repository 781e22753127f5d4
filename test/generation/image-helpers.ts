// Loopback servers for the image toolbox tests: an HTTPS webhook receiver (self-signed, trusted
// through ATELIER_WEBHOOK_CA_FILE) and a few input pictures.
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { run } from '../platform/billing/helpers';

export interface Hook { event: string; data: any }

export class HookReceiver {
  received: Hook[] = [];
  private server!: Server;
  certFile = '';
  private port = 0;

  async start(): Promise<void> {
    const dir = mkdtempSync(join(tmpdir(), 'image-hooks-'));
    const keyFile = join(dir, 'key.pem');
    this.certFile = join(dir, 'cert.pem');
    await run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', this.certFile, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost']);
    this.server = createServer({ cert: readFileSync(this.certFile), key: readFileSync(keyFile) }, (req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const body = JSON.parse(raw);
        this.received.push({ event: body.event, data: body.data });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }
  url(path = '/hook'): string {
    return `https://127.0.0.1:${this.port}${path}`;
  }
  /** Waits until `n` events of `event` arrived, then a little longer to catch duplicates. */
  async waitFor(event: string, n = 1, ms = 20_000): Promise<Hook[]> {
    const until = Date.now() + ms;
    while (this.received.filter((h) => h.event === event).length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500));
    return this.received.filter((h) => h.event === event);
  }
  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A flat picture of one colour. */
export const flat = (colour: string, width = 120, height = 80) => sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();

/** A greyscale ramp, left dark to right light (colorize input). */
export async function greyRamp(width = 64, height = 32): Promise<Buffer> {
  const px = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) px[y * width + x] = Math.round((x / (width - 1)) * 255);
  return sharp(px, { raw: { width, height, channels: 1 } }).png().toBuffer();
}

/** The RGBA pixel at (x, y). */
export async function pixel(data: Buffer, x: number, y: number): Promise<[number, number, number, number]> {
  const { data: raw, info } = await sharp(data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 4;
  return [raw[i]!, raw[i + 1]!, raw[i + 2]!, raw[i + 3]!];
}
