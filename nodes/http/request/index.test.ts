// http.request against a real HTTP server on loopback.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeError } from '../../../src/engine/contract/node-error';
import { getNode } from '../../index';
import { harness, run } from '../../_lib/core-harness';

describe('http.request', () => {
  let server: Server;
  let base: string;
  const seen: { method?: string; url?: string; headers: Record<string, unknown>; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        if (req.url?.startsWith('/json')) {
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-reply': 'yes' });
          res.end(JSON.stringify({ ok: true, got: body ? JSON.parse(body) : null }));
        } else if (req.url?.startsWith('/text')) {
          res.writeHead(201, { 'content-type': 'text/plain' });
          res.end('plain words');
        } else if (req.url?.startsWith('/bin')) {
          res.writeHead(200, { 'content-type': 'application/octet-stream' });
          res.end(Buffer.from([0, 1, 2, 255]));
        } else if (req.url?.startsWith('/slow')) {
          setTimeout(() => res.end('late'), 3000);
        } else {
          res.writeHead(503, { 'content-type': 'application/json' });
          res.end('{"error":"down"}');
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  const allowed = () => harness({ capabilities: { allowPrivateNetwork: true } });

  it('GETs with query and headers; JSON bodies come back parsed', async () => {
    const r = await run('http.request', { url: `${base}/json`, query: { q: 'a b', n: 2 }, headers: { 'X-Token': 't1' } }, allowed());
    expect(r.output.main).toMatchObject({ status: 200, body: { ok: true, got: null } });
    expect((r.output.main as { headers: Record<string, string> }).headers['x-reply']).toBe('yes');
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/json?q=a+b&n=2' });
    expect(seen.at(-1)!.headers['x-token']).toBe('t1');
  });

  it('POSTs objects as JSON, strings as they are', async () => {
    const r = await run('http.request', { method: 'POST', url: `${base}/json`, body: { hello: ['world'] } }, allowed());
    expect(r.output.main).toMatchObject({ status: 200, body: { got: { hello: ['world'] } } });
    expect(seen.at(-1)!.headers['content-type']).toBe('application/json');
    await run('http.request', { method: 'PUT', url: `${base}/text`, body: 'raw=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, allowed());
    expect(seen.at(-1)).toMatchObject({ method: 'PUT', body: 'raw=1' });
  });

  it('returns text as a string and binary as base64', async () => {
    expect((await run('http.request', { url: `${base}/text` }, allowed())).output.main).toMatchObject({ status: 201, body: 'plain words' });
    expect((await run('http.request', { url: `${base}/bin` }, allowed())).output.main).toMatchObject({ body: Buffer.from([0, 1, 2, 255]).toString('base64') });
  });

  it('emits error statuses, or fails on them with fail_on_status (5xx retryable)', async () => {
    expect((await run('http.request', { url: `${base}/down` }, allowed())).output.main).toMatchObject({ status: 503, body: { error: 'down' } });
    const err = await run('http.request', { url: `${base}/down`, fail_on_status: true }, allowed()).catch((e: unknown) => e);
    expect(err).toMatchObject({ type: 'http_status', retryable: true, message: expect.stringContaining('503') });
  });

  it('fails on timeout (retryable)', async () => {
    const err = await run('http.request', { url: `${base}/slow`, timeout_s: 0.3 }, allowed()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NodeError);
    expect(err).toMatchObject({ type: 'http_error', retryable: true });
  });

  it('refuses loopback and private targets unless the deployment allows them', async () => {
    for (const url of [`${base}/json`, 'http://10.0.0.1/', 'http://[::1]/', 'http://169.254.169.254/latest/meta-data', 'http://localhost/']) {
      const before = seen.length;
      const err = await run('http.request', { url }, harness()).catch((e: unknown) => e);
      expect(err, url).toBeInstanceOf(NodeError);
      expect(err, url).toMatchObject({ type: 'blocked_address', retryable: false });
      expect(seen.length).toBe(before);
    }
  });

  it('validates its params', () => {
    const def = getNode('http.request')!;
    expect(() => def.params.parse({ url: 'ftp://x' })).toThrow();
    expect(() => def.params.parse({ url: 'http://x', method: 'FETCH' })).toThrow();
    expect(def.params.parse({ url: 'http://x' })).toMatchObject({ method: 'GET', headers: {}, query: {}, timeout_s: 30 });
  });
});
