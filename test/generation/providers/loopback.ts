// A provider stand-in on 127.0.0.1: records every request (JSON, multipart or raw body) and answers
// with the test's handler, in the provider's own wire format.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  raw: Buffer;
  /** Parsed JSON body, or multipart fields (files as {name, type, size, bytes}). */
  body: any;
}

export type Handler = (req: Recorded, res: ServerResponse) => void | Promise<void>;

export interface Loopback {
  url: string;
  requests: Recorded[];
  handler: Handler;
  close(): Promise<void>;
}

async function parse(req: IncomingMessage, raw: Buffer): Promise<unknown> {
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('application/json')) return raw.length ? JSON.parse(raw.toString('utf8')) : {};
  if (type.startsWith('multipart/form-data')) {
    const form = await new Request('http://x/', { method: 'POST', headers: { 'content-type': type }, body: raw }).formData();
    const out: Record<string, unknown> = {};
    for (const [k, v] of form.entries()) {
      out[k] = typeof v === 'string' ? v : { name: v.name, type: v.type, size: v.size, bytes: Buffer.from(await v.arrayBuffer()) };
    }
    return out;
  }
  return raw.toString('utf8');
}

export async function startLoopback(handler: Handler): Promise<Loopback> {
  const lb: Loopback = { url: '', requests: [], handler, close: async () => undefined };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks);
      const rec: Recorded = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, raw, body: await parse(req, raw) };
      lb.requests.push(rec);
      try {
        await lb.handler(rec, res);
      } catch (err) {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: String(err) } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  lb.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  lb.close = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return lb;
}

export const json = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) =>
  void res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));

/** A tiny valid PNG (1×1) and JPEG header bytes, for "stored as returned" checks. */
export const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
export const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(64, 7), Buffer.from([0xff, 0xd9])]);

/** A short PCM WAV. */
export function wav(seconds = 0.1, rate = 8000): Buffer {
  const data = Buffer.alloc(Math.round(rate * seconds) * 2);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0); h.writeUInt32LE(36 + data.length, 4); h.write('WAVEfmt ', 8); h.writeUInt32LE(16, 16); h.writeUInt16LE(1, 20); h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24); h.writeUInt32LE(rate * 2, 28); h.writeUInt16LE(2, 32); h.writeUInt16LE(16, 34); h.write('data', 36); h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}
