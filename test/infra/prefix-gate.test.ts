import type { AddressInfo } from 'node:net';
import express, { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { literalPrefixes, prefixGate } from '../../src/infra/http/prefix-gate';

describe('prefixGate', () => {
  it("reads the literal start of each of a router's paths, or none when a layer could match any path", () => {
    const r = Router();
    r.get('/files/:id', (_req, res) => res.end());
    r.post('/Runs', (_req, res) => res.end());
    r.get(['/a/b', '/c{/:d}'], (_req, res) => res.end());
    r.use('/hooks', (_req, _res, next) => next());
    expect(literalPrefixes(r)).toEqual(['/files/', '/runs', '/a/b', '/c', '/hooks']);

    const open = Router();
    open.get('/x', (_req, res) => res.end());
    open.use((_req, _res, next) => next());
    expect(literalPrefixes(open)).toBeUndefined();
    expect(prefixGate(open)).toBe(open);

    const param = Router();
    param.get('/:anything', (_req, res) => res.end());
    expect(literalPrefixes(param)).toBeUndefined();
  });

  describe('in an app', () => {
    let url = '';
    let server: ReturnType<ReturnType<typeof express>['listen']>;
    /** The paths that reached the router behind the gate. */
    const entered: string[] = [];
    beforeAll(async () => {
      const files = Router();
      files.get('/files/:id', (req, res) => res.json({ id: req.params.id, route: req.route.path }));
      files.get('/health', (_req, res) => res.json({ ok: true }));
      const counted = Object.assign(
        (req: express.Request, res: express.Response, next: express.NextFunction) => {
          entered.push(req.path);
          files(req, res, next);
        },
        { stack: files.stack },
      ) as unknown as Router;
      const gated = prefixGate(counted);
      expect(gated).not.toBe(counted);
      const app = express();
      app.use('/v1', gated);
      app.use((_req, res) => res.status(404).json({ detail: 'Not Found' }));
      server = app.listen(0, '127.0.0.1');
      await new Promise((r) => server.once('listening', r));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('passes what its routes can match to the router, case-insensitively and with a trailing slash, and skips the rest', async () => {
      const get = async (path: string) => {
        const res = await fetch(url + path);
        return { status: res.status, body: await res.json() };
      };
      expect(await get('/v1/files/abc')).toEqual({ status: 200, body: { id: 'abc', route: '/files/:id' } });
      expect(await get('/v1/FILES/Abc')).toEqual({ status: 200, body: { id: 'Abc', route: '/files/:id' } });
      expect(await get('/v1/health/')).toEqual({ status: 200, body: { ok: true } });
      expect(await get('/v1/runs/x')).toEqual({ status: 404, body: { detail: 'Not Found' } });
      expect(await get('/v1/filesx')).toEqual({ status: 404, body: { detail: 'Not Found' } });
      expect(await get('/v1/files/a/b')).toEqual({ status: 404, body: { detail: 'Not Found' } });
      // The router saw its own paths and one that starts like one of them, never /runs/x or /filesx.
      expect(entered).toEqual(['/files/abc', '/FILES/Abc', '/health/', '/files/a/b']);
    });
  });
});
