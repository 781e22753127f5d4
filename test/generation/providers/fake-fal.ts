// A loopback fal queue host as @fal-ai/client calls it: POST /<app>[/<path>]?fal_webhook=…,
// GET /<owner>/<alias>/requests/<id>/status, GET …/requests/<id> (the result), PUT …/cancel;
// its JWKS at /.well-known/jwks.json, result files under /files/, and ED25519-signed webhooks.
import { createHash, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MP4 } from '../provider-jobs/fake-replicate';

export interface FalRequest {
  id: string;
  app: string;
  input: Record<string, unknown>;
  webhook?: string;
  status: 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED' | 'CANCELED';
  failed?: boolean;
  auth?: string;
}

export interface FakeFal {
  url: string;
  jwksUrl: string;
  requests: FalRequest[];
  submitMode: 'ok' | 429 | 422 | 'hang';
  /** Status reads before a request completes (Infinity: never, until `complete`). */
  pendingReads: number;
  reads: Map<string, number>;
  complete(id: string, opts?: { wrongKey?: boolean }): Promise<number>;
  signed(body: string, opts?: { wrongKey?: boolean; ts?: number; requestId?: string }): Record<string, string>;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) => new Promise<string>((resolve) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
});

export async function startFakeFal(): Promise<FakeFal> {
  const keys = generateKeyPairSync('ed25519');
  const other = generateKeyPairSync('ed25519');
  const fake = { requests: [], submitMode: 'ok', pendingReads: 1, reads: new Map() } as unknown as FakeFal;
  const hung: Array<() => void> = [];
  const result = (r: FalRequest) => ({ video: { url: `${fake.url}/files/${r.id}.mp4`, content_type: 'video/mp4', file_size: MP4.length }, seed: 42 });
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === '/.well-known/jwks.json') return json(200, { keys: [{ ...keys.publicKey.export({ format: 'jwk' }), kid: 'k1' }] });
    if (url.pathname.startsWith('/files/')) {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      return res.end(MP4);
    }
    let m: RegExpExecArray | null;
    if ((m = /^\/([^/]+\/[^/]+)\/requests\/([^/]+)(\/status|\/cancel)?$/.exec(url.pathname))) {
      const r = fake.requests.find((x) => x.id === m![2]);
      if (!r) return json(404, { detail: 'Request not found' });
      if (m[3] === '/cancel' && req.method === 'PUT') {
        if (r.status === 'COMPLETED') return json(400, { status: 'ALREADY_COMPLETED' });
        r.status = 'CANCELED';
        return json(202, { status: 'CANCELLATION_REQUESTED' });
      }
      if (m[3] === '/status') {
        const n = (fake.reads.get(r.id) ?? 0) + 1;
        fake.reads.set(r.id, n);
        if (r.status === 'IN_QUEUE' || r.status === 'IN_PROGRESS') r.status = n > fake.pendingReads ? 'COMPLETED' : 'IN_PROGRESS';
        return json(200, { status: r.status === 'CANCELED' ? 'COMPLETED' : r.status, request_id: r.id });
      }
      if (r.failed) return json(422, { detail: [{ loc: ['body', 'prompt'], msg: 'field required', type: 'value_error.missing' }] });
      if (r.status === 'CANCELED') return json(400, { detail: 'Request was canceled' });
      return json(200, result(r), { 'x-fal-request-id': r.id });
    }
    if (req.method === 'POST') {
      if (fake.submitMode === 'hang') { hung.push(() => res.destroy()); return; }
      if (fake.submitMode === 429) return json(429, { detail: 'Too many requests' }, { 'retry-after': '3' });
      if (fake.submitMode === 422) return json(422, { detail: [{ loc: ['body', 'duration'], msg: "unexpected value; permitted: '5', '10'", type: 'value_error' }] });
      const r: FalRequest = { id: randomUUID(), app: url.pathname.slice(1), input: JSON.parse(body || '{}'), webhook: url.searchParams.get('fal_webhook') ?? undefined, status: 'IN_QUEUE', auth: req.headers.authorization };
      fake.requests.push(r);
      return json(200, { request_id: r.id, gateway_request_id: r.id, status_url: `${fake.url}/x/requests/${r.id}/status` });
    }
    json(404, { detail: 'Not found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.jwksUrl = `${fake.url}/.well-known/jwks.json`;
  fake.signed = (payload, opts = {}) => {
    const requestId = opts.requestId ?? (JSON.parse(payload) as { request_id: string }).request_id;
    const ts = String(opts.ts ?? Math.floor(Date.now() / 1000));
    const message = [requestId, 'user_1', ts, createHash('sha256').update(payload).digest('hex')].join('\n');
    const key: KeyObject = opts.wrongKey ? other.privateKey : keys.privateKey;
    return {
      'x-fal-webhook-request-id': requestId, 'x-fal-webhook-user-id': 'user_1', 'x-fal-webhook-timestamp': ts,
      'x-fal-webhook-signature': sign(null, Buffer.from(message), key).toString('hex'),
    };
  };
  fake.complete = async (id, opts = {}) => {
    const r = fake.requests.find((x) => x.id === id)!;
    const payload = JSON.stringify({ request_id: r.id, gateway_request_id: r.id, status: 'OK', payload: result(r) });
    if (!opts.wrongKey) r.status = 'COMPLETED';
    const res = await fetch(r.webhook!, { method: 'POST', headers: { 'content-type': 'application/json', ...fake.signed(payload, opts) }, body: payload });
    return res.status;
  };
  fake.close = () => new Promise<void>((r) => { for (const h of hung) h(); server.closeAllConnections(); server.close(() => r()); });
  return fake;
}
