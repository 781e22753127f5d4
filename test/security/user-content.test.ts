// User bytes served from the API's origin never run as one of its pages, and no page of ours can
// be framed by another site (issue 27: a public HTML/SVG file read the run viewer's stored key).
// - Every route that serves user bytes (public bucket files, signed file URLs) answers with
//   `Content-Security-Policy: sandbox` and `nosniff`, and active types (HTML, SVG, XML, scripts…)
//   as attachments; presigned storage downloads of active types carry an attachment disposition.
// - Every HTML page (the mounted routes marked as pages, and /docs) sends `frame-ancestors 'none'`
//   and `X-Frame-Options: DENY`; so does every other response.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app';
import { listMountedRoutes } from '../../src/infra/http/openapi';
import { attachmentDisposition, isActiveContentType } from '../../src/infra/http/user-content';
import { closeAccess } from '../../src/platform/auth/access-chain';
import type { TestStack } from '../helpers/stack';
import { PNG, startStorageStack, upload } from '../storage/helpers';

let stack: TestStack;
let session: string;
beforeAll(async () => {
  ({ stack, session } = await startStorageStack());
  await stack.atelier.deps.db.updateTable('accounts').set({ tier_override: 'sub-enterprise' }).where('id', '=', stack.accountId).execute();
});
afterAll(async () => {
  await stack?.close();
});

const ACTIVE_FILES: Array<[name: string, bytes: string, type: string]> = [
  ['page.html', '<!doctype html><html><script>localStorage.getItem("atelier.key")</script></html>', 'text/html'],
  ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><circle r="4"/></svg>', 'image/svg+xml'],
  ['feed.xml', '<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>', 'application/xml'],
];

describe('user files cannot run on the API origin', () => {
  it('public bucket files: HTML, SVG and XML download as attachments under a CSP sandbox; images stay inline, sandboxed too', async () => {
    const bucket = await stack.api('POST', '/v1/buckets', { body: { name: 'public-site', is_public: true } });
    expect(bucket.status, bucket.text).toBe(201);
    for (const [name, bytes, type] of ACTIVE_FILES) {
      const up = await upload(stack, { bytes, name, type: 'image/png' }, { bucket_name: 'public-site' });
      expect(up.status, JSON.stringify(up.body)).toBe(201);
      expect(up.body.content_type).toBe(type);
      const res = await fetch(up.body.url);
      expect([name, res.status]).toEqual([name, 200]);
      expect(res.headers.get('content-security-policy')).toBe('sandbox');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
      expect(await res.text()).toBe(bytes);
    }
    const png = await upload(stack, { bytes: PNG, name: 'dot.png' }, { bucket_name: 'public-site' });
    const image = await fetch(png.body.url);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-security-policy')).toBe('sandbox');
    expect(image.headers.get('content-disposition')).toBeNull();
  });

  it('private bucket files: the presigned URL of an active type downloads as an attachment from the storage server', async () => {
    const bucket = await stack.api('POST', '/v1/buckets', { body: { name: 'private-site' } });
    expect(bucket.status).toBe(201);
    const [name, bytes] = ACTIVE_FILES[0]!;
    const up = await upload(stack, { bytes, name }, { bucket_name: 'private-site' });
    expect(up.status).toBe(201);
    const res = await fetch(up.body.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="page.html"/);
  });

  it('signed file URLs (generated files, assets) answer with the sandbox and nosniff whatever the file', async () => {
    for (const name of ['out.json', 'notes.txt', 'clip.mp4', 'no-extension']) {
      const key = `${stack.accountId}/probe/${name}`;
      await stack.atelier.deps.blobs.put(key, '<script>alert(1)</script>');
      const res = await fetch(stack.atelier.deps.blobs.signedUrl(key).url);
      expect([name, res.status]).toEqual([name, 200]);
      expect(res.headers.get('content-security-policy')).toBe('sandbox');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(isActiveContentType(res.headers.get('content-type') ?? '')).toBe(false);
    }
  });

  it('object-store presigned downloads of active types carry an attachment disposition unless the caller chose one', async () => {
    const s3api = (method: string, path: string, body?: unknown) => stack.api(method, `/v1/storage/s3${path}`, { key: session, body });
    const bought = await s3api('POST', '/buy', { display_name: 'site', quota_gb: 1 });
    expect(bought.status, bought.text).toBe(201);
    const id = bought.body.bucket.id;
    for (const [name, bytes, type] of ACTIVE_FILES) {
      const put = await s3api('POST', `/buckets/${id}/objects/presign-upload`, { key: name, content_type: type });
      expect((await fetch(put.body.upload_url, { method: 'PUT', body: bytes, headers: put.body.headers })).status).toBe(200);
      const dl = await s3api('POST', `/buckets/${id}/objects/presign-download`, { key: name });
      expect(dl.status, dl.text).toBe(200);
      const res = await fetch(dl.body.url);
      expect([name, res.status, res.headers.get('content-disposition')]).toEqual([name, 200, attachmentDisposition(name)]);
    }
    const chosen = await s3api('POST', `/buckets/${id}/objects/presign-download`, { key: 'page.html', response_content_disposition: 'inline' });
    expect((await fetch(chosen.body.url)).headers.get('content-disposition')).toBe('inline');
  });

  it('the routes that serve files are exactly the ones above (a new one must join these tests)', async () => {
    const deps = stack.atelier.deps;
    const routes = listMountedRoutes(createApp(deps));
    await closeAccess(deps);
    const serving = routes.filter((r) => r.doc?.produces && !/json|html|javascript|text\/plain|event-stream/.test(r.doc.produces.contentType)).map((r) => `${r.method} ${r.path}`);
    expect(serving.sort()).toEqual(['get /v1/files/{*key}', 'get /v1/public/files/:fileId/:name']);
  });

  it('every type a browser can run is active; only display-only types are shown inline', () => {
    const active = ['text/html', 'text/html; charset=utf-8', 'application/xhtml+xml', 'image/svg+xml', 'application/xml', 'text/xml', 'application/rss+xml',
      'application/javascript', 'text/javascript', 'application/ecmascript', 'text/css', 'application/x-shockwave-flash', 'multipart/x-mixed-replace', 'application/pdf', 'TEXT/HTML', '', 'nonsense'];
    const passive = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'audio/mpeg', 'audio/wav', 'video/mp4', 'video/webm', 'text/plain', 'text/plain; charset=utf-8', 'application/json', 'application/octet-stream'];
    expect(active.filter((t) => !isActiveContentType(t))).toEqual([]);
    expect(passive.filter(isActiveContentType)).toEqual([]);
  });
});

describe('no page of ours can be framed by another site', () => {
  it('every mounted HTML page and /docs send frame-ancestors none and X-Frame-Options DENY; so do API answers', async () => {
    const deps = stack.atelier.deps;
    const app = createApp(deps);
    const pages = listMountedRoutes(app).filter((r) => r.method === 'get' && (r.doc?.page || r.path === '/docs'));
    await closeAccess(deps);
    const paths = [...new Set(pages.map((r) => r.path.replace(/:(\w+)/g, 'sample-$1')))];
    expect(paths).toEqual(expect.arrayContaining(['/docs', '/voice-demo', '/runs', '/runs/sample-run_id']));
    for (const path of paths) {
      const res = await fetch(stack.url + path);
      expect([path, res.status]).toEqual([path, 200]);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy'), path).toMatch(/(^|;\s*)frame-ancestors 'none'(;|$)/);
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
    for (const r of [await stack.api('GET', '/v1/billing/balance'), await stack.api('GET', '/nowhere'), await stack.api('GET', '/openapi.json', { key: null })]) {
      expect(r.headers.get('x-frame-options')).toBe('DENY');
    }
  });
});
