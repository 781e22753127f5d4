// SSRF through the real routes (test/foundation/safe-fetch.test.ts checks the fetch itself): with
// private networks not allowed (the default), every user URL that points at this machine in any
// spelling — loopback by name, *.localhost, IPv6 and IPv4-mapped IPv6, decimal, hex, octal and
// short IPv4 forms, 0.0.0.0 — is refused by the http.request node, webhook registration, image
// inputs and connection tests, and a loopback server that counts requests sees none of them.
// Private, link-local and metadata addresses are refused before any connection is tried.
// Redirects: one loopback server stands in for a public site (the only exception in
// ATELIER_PRIVATE_NETWORK_ALLOW, an exact address:port), and answers with redirects into the
// private network — another port of this machine, by address and by name, and the metadata
// address. Nothing that follows redirects (image inputs, knowledge URLs, the extract-text node)
// follows them there, the http.request node follows none, and the private server sees no request.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkflow, runToEnd, spec, waitFor } from '../engine-runs/helpers';
import { startStack, type TestStack } from '../helpers/stack';

let stack: TestStack;
let server: Server;
let port = 0;
let hits = 0;
/** The stand-in public site (allowed by address:port) and the private service behind it. */
let site: Server;
let sitePort = 0;
let siteHits = 0;
let inside: Server;
let insidePort = 0;
let insideHits = 0;

async function listen(handler: RequestListener, host: string): Promise<[Server, number]> {
  const s = createServer(handler);
  await new Promise<void>((r) => s.listen(0, host, r));
  return [s, (s.address() as AddressInfo).port];
}

beforeAll(async () => {
  [server, port] = await listen((_req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'image/png' }).end('reached');
  }, '0.0.0.0');
  // '::' takes IPv4 and IPv6 (dual stack), so the private service would see 127.0.0.1 and ::1 alike.
  [inside, insidePort] = await listen((_req, res) => {
    insideHits++;
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>internal secret</p>');
  }, '::');
  [site, sitePort] = await listen((req, res) => {
    siteHits++;
    const url = new URL(req.url ?? '/', 'http://site');
    const to = url.searchParams.get('to');
    if (to) res.writeHead(302, { location: to }).end();
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<p>public page</p>');
  }, '127.0.0.1');
  stack = await startStack({ ATELIER_ALLOW_PRIVATE_NETWORK: '0', ATELIER_PRIVATE_NETWORK_ALLOW: `127.0.0.1:${sitePort}` });
});
afterAll(async () => {
  await stack?.close();
  for (const s of [server, site, inside]) {
    s?.closeAllConnections();
    await new Promise<void>((r) => (s ? s.close(() => r()) : r()));
  }
});

/** This machine, spelled every way a URL parser or resolver accepts. */
const loopbackHosts = () => [
  '127.0.0.1', 'localhost', 'LOCALHOST', 'a.b.localhost', 'localhost.', '127.1', '127.0.1', '2130706433', '0x7f000001', '0x7f.0.0.1', '0177.0.0.1',
  '017700000001', '0.0.0.0', '0', '[::1]', '[::]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[0:0:0:0:0:ffff:127.0.0.1]', '127.0.0.1.nip.io.invalid',
];
/** Private, link-local and metadata addresses (nothing listens there; they must be refused up front). */
const privateHosts = ['10.0.0.1', '172.16.0.1', '192.168.0.1', '169.254.169.254', '[fe80::1]', '[fd00::1]', '100.64.0.1', '[::ffff:10.0.0.1]', '[::ffff:a9fe:a9fe]'];

describe('user URLs never reach this machine or a private network', () => {
  it('the http.request node refuses every spelling of loopback and every private address; the loopback server sees nothing', async () => {
    const urls = [...loopbackHosts().map((h) => `http://${h}:${port}/x`), ...privateHosts.map((h) => `http://${h}/latest/meta-data`)];
    const nodes = [
      { id: 'start', type: 'trigger.manual', position: [0, 0], params: {} },
      ...urls.map((url, i) => ({ id: `u${i}`, type: 'http.request', position: [200, i * 50], params: { url, timeout_s: 5 }, retry: { max_attempts: 1 }, continue_on_error: true })),
    ];
    const edges = urls.map((_, i) => ({ id: `e${i}`, source: 'start', target: `u${i}`, source_port: 'main' }));
    const wf = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'ssrf', spec: { nodes, edges, trigger: { type: 'manual', config: {} }, error_handler: 'continue' } } });
    expect(wf.status, wf.text).toBe(201);
    const run = await stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: wf.body.id, input: {} } });
    expect(run.status, run.text).toBe(201);
    let body: any;
    for (let i = 0; i < 300; i++) {
      body = (await stack.api('GET', `/engine/v1/v1/runs/${run.body.run_id}`)).body;
      if (['completed', 'failed'].includes(body.status)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const reached: string[] = [];
    urls.forEach((url, i) => {
      const out = body.node_outputs?.[`u${i}`];
      if (!out || out.ok !== false) reached.push(`${url}: ${JSON.stringify(out).slice(0, 200)}`);
      // Refused as an address (or as a URL no resolver accepts), never by a timeout.
      else if (!/not allowed|Refusing|Invalid URL|ENOTFOUND|EAI_AGAIN|unresolved/i.test(String(out.error))) reached.push(`${url}: failed for another reason: ${out.error}`);
    });
    expect(reached).toEqual([]);
    expect(hits).toBe(0);
  }, 120_000);

  it('webhook registration, image inputs and connection tests refuse them too, and charge nothing', async () => {
    const balance = async () => (await stack.api('GET', '/v1/billing/balance')).body;
    const before = await balance();
    const problems: string[] = [];
    for (const h of [...loopbackHosts(), ...privateHosts]) {
      const hook = await stack.api('POST', '/v1/console/webhooks', { body: { name: 'x', url: `https://${h}:${port}/hook`, events: ['generation.completed'] } });
      if (hook.status !== 400 && hook.status !== 422) problems.push(`webhook https://${h}: ${hook.status} ${hook.text.slice(0, 120)}`);
      const img = await stack.api('POST', '/v1/ai/edit/remove-background', { body: { image_url: `http://${h}:${port}/face.png` } });
      if (img.status < 400 || img.status >= 500) problems.push(`image_url http://${h}: ${img.status} ${img.text.slice(0, 120)}`);
    }
    const conn = await stack.api('POST', '/engine/v1/v1/connections', { body: { provider: 'http', name: 'ssrf', secret: 'x-secret-value', metadata: { base_url: `http://127.0.0.1:${port}`, test_path: '/me' } } });
    if (conn.status === 201) {
      const tested = await stack.api('POST', `/engine/v1/v1/connections/${conn.body.id}/test`);
      if (tested.status < 400 && tested.body?.valid !== false) problems.push(`connection test reached loopback: ${tested.text.slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
    expect(hits).toBe(0);
    expect(await balance()).toEqual(before);
  }, 120_000);
});

describe('redirects and names into the private network', () => {
  const siteUrl = (path = '/page') => `http://127.0.0.1:${sitePort}${path}`;
  /** The site redirecting to `to`, directly or through a second hop of its own. */
  const redirectsTo = (to: string, hops = 1): string => (hops <= 1 ? siteUrl(`/r?to=${encodeURIComponent(to)}`) : redirectsTo(redirectsTo(to, hops - 1)));
  const privateTargets = () => [
    `http://127.0.0.1:${insidePort}/secret`, // the allowed address, another port
    `http://localhost:${insidePort}/secret`, // a name resolving to loopback
    `http://[::1]:${insidePort}/secret`,
    'http://169.254.169.254/latest/meta-data/', // nothing listens there: refused, not timed out
  ];
  const refusal = /Refusing to connect|private, loopback or link-local address/;

  it('nodes: the extract-text node follows the site but not its redirects inward; the http.request node follows no redirect', async () => {
    const targets = privateTargets();
    const extract = targets.map((to, i) => ({ id: `x${i}`, type: 'knowledge.extract_text', params: { url: redirectsTo(to, 1 + (i % 2)) }, retry: { max_attempts: 1 }, continue_on_error: true }));
    const nodes = [
      { id: 'start', type: 'trigger.manual' },
      // Controls: the allowed site itself is reached (so the refusals below are the redirects').
      { id: 'page', type: 'knowledge.extract_text', params: { url: siteUrl() }, retry: { max_attempts: 1 }, continue_on_error: true },
      { id: 'plain', type: 'http.request', params: { url: redirectsTo(targets[0]!), timeout_s: 5 }, retry: { max_attempts: 1 }, continue_on_error: true },
      // A name that resolves to loopback, straight away.
      { id: 'named', type: 'knowledge.extract_text', params: { url: `http://localhost:${insidePort}/secret` }, retry: { max_attempts: 1 }, continue_on_error: true },
      ...extract,
    ];
    const run = await runToEnd(stack, spec(nodes, nodes.slice(1).map((n): [string, string] => ['start', n.id]), { error_handler: 'continue' }));
    const out = run.node_outputs;
    expect(out.page?.ok, JSON.stringify(out.page)).toBe(true);
    expect(JSON.stringify(out.page.output)).toContain('public page');
    // Returned as is: the 302 and its Location, nothing fetched behind it.
    expect(out.plain?.ok, JSON.stringify(out.plain)).toBe(true);
    expect(out.plain.output.main.status).toBe(302);
    expect(out.named?.ok).toBe(false);
    expect(String(out.named.error)).toMatch(refusal);
    for (const [i, to] of targets.entries()) {
      expect(out[`x${i}`]?.ok, `${to}: ${JSON.stringify(out[`x${i}`]).slice(0, 300)}`).toBe(false);
      expect(String(out[`x${i}`].error), to).toMatch(refusal);
    }
    expect(insideHits).toBe(0);
  }, 120_000);

  it('image inputs and knowledge documents: refused with a clear message, nothing charged, the private server untouched', async () => {
    const balance = async () => (await stack.api('GET', '/v1/billing/balance')).body.balance_usd;
    const before = await balance();
    const siteBefore = siteHits;
    const problems: string[] = [];
    const workflow_id = await createWorkflow(stack, spec([{ id: 'start', type: 'trigger.manual' }], []), { name: 'knowledge owner' });
    for (const to of privateTargets()) {
      const img = await stack.api('POST', '/v1/ai/edit/remove-background', { body: { image_url: redirectsTo(to) } });
      if (img.status !== 400 || !/image_url points to a private, loopback or link-local address/.test(img.text)) problems.push(`image_url → ${to}: ${img.status} ${img.text.slice(0, 160)}`);
    }
    // Knowledge URLs: a name resolving to loopback is refused at the door (nothing stored)…
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      const doc = await stack.api('POST', '/engine/v1/v1/knowledge', { body: { workflow_id, source_type: 'url', source_url: `http://${host}:${insidePort}/doc` } });
      if (doc.status !== 422 || !/url_blocked/.test(doc.text)) problems.push(`knowledge http://${host}: ${doc.status} ${doc.text.slice(0, 160)}`);
    }
    // …and the allowed site passes the door, but its redirect inward fails the ingest.
    for (const to of privateTargets()) {
      const doc = await stack.api('POST', '/engine/v1/v1/knowledge', { body: { workflow_id, source_type: 'url', source_url: redirectsTo(to) } });
      if (doc.status !== 201) {
        problems.push(`knowledge via the site → ${to}: ${doc.status} ${doc.text.slice(0, 160)}`);
        continue;
      }
      const done = await waitFor(`document ${doc.body.id}`, async () => {
        const d = (await stack.api('GET', `/engine/v1/v1/knowledge/${doc.body.id}`)).body;
        return d.status !== 'pending' ? d : undefined;
      }, 60_000);
      if (done.status !== 'failed' || !refusal.test(String(done.error))) problems.push(`knowledge via the site → ${to}: ${done.status} ${done.error}`);
    }
    expect(problems).toEqual([]);
    expect(siteHits).toBeGreaterThan(siteBefore); // the first hop was made: the refusals are the redirects'
    expect(insideHits).toBe(0);
    expect(await balance()).toBe(before);
  }, 120_000);

  it('MCP server URLs and webhooks naming a private host are refused at registration', async () => {
    const problems: string[] = [];
    // 127.0.0.1 is the excepted address, but not on this port.
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '[::1]']) {
      const mcp = await stack.api('POST', '/engine/v1/v1/tools/mcp', { body: { name: 'x', transport: 'streamable_http', url: `http://${host}:${insidePort}/mcp` } });
      if (mcp.status !== 400 || !/MCP server URLs must point to a public host/.test(mcp.text)) problems.push(`mcp http://${host}: ${mcp.status} ${mcp.text.slice(0, 160)}`);
      const hook = await stack.api('POST', '/v1/console/webhooks', { body: { name: 'x', url: `https://${host}:${insidePort}/hook`, events: ['generation.completed'] } });
      if (hook.status !== 400 || !/Webhook URLs must point to a public host/.test(hook.text)) problems.push(`webhook https://${host}: ${hook.status} ${hook.text.slice(0, 160)}`);
    }
    expect(problems).toEqual([]);
    expect(insideHits).toBe(0);
  }, 60_000);
});
