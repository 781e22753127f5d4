// A loopback Replicate: the predictions API as the replicate SDK calls it (POST
// /v1/models/{owner}/{name}/predictions, GET /v1/predictions/{id}, POST …/cancel), result files
// under /files/, and completion webhooks signed with the Standard Webhooks scheme.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tiny but real MP4 header (ftyp isom), so the type sniffs as video/mp4. */
export const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2'), randomBytes(64)]);

export interface FakePrediction {
  id: string;
  model: string;
  input: Record<string, unknown>;
  webhook?: string;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  gets: number;
  auth?: string;
}

export interface FakeReplicate {
  url: string;
  /** The SDK's base URL (…/v1). */
  baseUrl: string;
  secret: string;
  predictions: FakePrediction[];
  fileGets: number;
  /** What the next create answers: ok, an error status, or a hang (timeout). */
  createMode: 'ok' | 422 | 429 | 'hang' | 500;
  /** GETs a prediction answers `processing` before it succeeds (Infinity: until released). */
  processingGets: number;
  /** Where a finished prediction's output points (default: this server's /files/<id>.mp4). */
  outputUrl?: (p: FakePrediction) => string;
  /** Finish a prediction now and POST its signed webhook (as Replicate does on completion). */
  complete(id: string, opts?: { badSignature?: boolean }): Promise<number>;
  sign(body: string, id?: string, ts?: number): Record<string, string>;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) => new Promise<string>((resolve) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
});

export async function startFakeReplicate(): Promise<FakeReplicate> {
  const secretBytes = randomBytes(24);
  const fake = {
    predictions: [] as FakePrediction[],
    fileGets: 0,
    createMode: 'ok',
    processingGets: 1,
    secret: `whsec_${secretBytes.toString('base64')}`,
  } as unknown as FakeReplicate;
  const view = (p: FakePrediction) => ({
    id: p.id, model: p.model, version: 'v', input: p.input, status: p.status, logs: p.status === 'processing' ? ' 40%|####      | 4/10' : '',
    error: p.status === 'failed' ? 'CUDA out of memory' : null,
    output: p.status === 'succeeded' ? (fake.outputUrl?.(p) ?? `${fake.url}/files/${p.id}.mp4`) : null,
    metrics: p.status === 'succeeded' ? { predict_time: 12.5 } : {},
    urls: { get: `${fake.baseUrl}/predictions/${p.id}`, cancel: `${fake.baseUrl}/predictions/${p.id}/cancel` },
  });
  const hung: Array<() => void> = [];
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(value));
    };
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && (m = /^\/v1\/models\/([^/]+\/[^/]+)\/predictions$/.exec(url.pathname))) {
      if (fake.createMode === 'hang') { hung.push(() => res.destroy()); return; }
      if (fake.createMode === 429) return json(429, { title: 'Too Many Requests', detail: 'Request was throttled.', status: 429 }, { 'retry-after': '7' });
      if (fake.createMode === 422) return json(422, { title: 'Input validation failed', detail: '- input.duration: Must be less than or equal to 12', status: 422 });
      if (fake.createMode === 500) return json(500, { detail: 'internal error' });
      const data = JSON.parse(body) as { input: Record<string, unknown>; webhook?: string };
      const p: FakePrediction = { id: randomBytes(10).toString('hex'), model: m[1]!, input: data.input, webhook: data.webhook, status: 'starting', gets: 0, auth: req.headers.authorization };
      fake.predictions.push(p);
      return json(201, view(p));
    }
    if (req.method === 'GET' && (m = /^\/v1\/predictions\/([^/]+)$/.exec(url.pathname))) {
      const p = fake.predictions.find((x) => x.id === m![1]);
      if (!p) return json(404, { detail: 'Not found.' });
      p.gets++;
      if (p.status === 'starting' || p.status === 'processing') p.status = p.gets > fake.processingGets ? 'succeeded' : 'processing';
      return json(200, view(p));
    }
    if (req.method === 'POST' && (m = /^\/v1\/predictions\/([^/]+)\/cancel$/.exec(url.pathname))) {
      const p = fake.predictions.find((x) => x.id === m![1]);
      if (!p) return json(404, { detail: 'Not found.' });
      if (p.status === 'starting' || p.status === 'processing') p.status = 'canceled';
      return json(200, view(p));
    }
    if (req.method === 'GET' && url.pathname.startsWith('/files/')) {
      fake.fileGets++;
      if (url.pathname === '/files/redirect-private') {
        res.writeHead(302, { location: url.searchParams.get('to') ?? 'http://169.254.169.254/latest/meta-data/' });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return res.end(MP4);
    }
    json(404, { detail: 'Not found.' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.baseUrl = `${fake.url}/v1`;
  fake.sign = (payload, id = `msg_${randomBytes(8).toString('hex')}`, ts = Math.floor(Date.now() / 1000)) => {
    const sig = createHmac('sha256', secretBytes).update(`${id}.${ts}.${payload}`).digest('base64');
    return { 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': `v1,${sig}` };
  };
  fake.complete = async (id, opts = {}) => {
    const p = fake.predictions.find((x) => x.id === id)!;
    // A forged delivery claims success; only a real completion changes the prediction.
    const payload = JSON.stringify(view({ ...p, status: 'succeeded' }));
    if (!opts.badSignature) p.status = 'succeeded';
    const headers = fake.sign(payload);
    if (opts.badSignature) headers['webhook-signature'] = `v1,${Buffer.alloc(32, 1).toString('base64')}`;
    const res = await fetch(p.webhook!, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload });
    return res.status;
  };
  fake.close = () => new Promise<void>((r) => { for (const h of hung) h(); server.closeAllConnections(); server.close(() => r()); });
  return fake;
}
