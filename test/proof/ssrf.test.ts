// SSRF through the real routes (test/infra/safe-fetch.test.ts checks the fetch itself): with
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
import { assertPublicUrl, BlockedAddressError, isBlockedAddress } from '../../src/infra/net/safe-fetch';
import { createWorkflow, runToEnd, spec, waitFor } from '../engine/runs/helpers';
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

// ---- the whole class: IANA's special-purpose registries, in every spelling that reaches them ----

/** IANA IPv4 Special-Purpose Address Registry, plus multicast (224/4). */
const SPECIAL_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.31.196.0', 24], ['192.52.193.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16],
  ['192.175.48.0', 24], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
  ['255.255.255.255', 32],
];
/** IANA IPv6 Special-Purpose Address Registry (the IPv4-carrying prefixes are spelled out below), plus multicast and site-local. */
const SPECIAL_V6: Array<[string, number]> = [
  ['::1', 128], ['::', 128], ['64:ff9b:1::', 48], ['100::', 64], ['100:0:0:1::', 64], ['2001::', 23], ['2001::', 32], ['2001:1::1', 128],
  ['2001:2::', 48], ['2001:3::', 32], ['2001:4:112::', 48], ['2001:20::', 28], ['2001:30::', 28], ['2001:db8::', 32], ['2620:4f:8000::', 48],
  ['3fff::', 20], ['5f00::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
];

const v4ToInt = (a: string) => a.split('.').reduce((n, o) => n * 256 + Number(o), 0);
const intToV4 = (n: number) => [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');
/** First, middle and last address of an IPv4 block. */
const v4Samples = ([base, bits]: [string, number]) => {
  const first = v4ToInt(base);
  const size = 2 ** (32 - bits);
  return [...new Set([first, first + Math.floor(size / 2), first + size - 1])].map(intToV4);
};
const hex4 = (a: string) => {
  const [b0, b1, b2, b3] = a.split('.').map(Number) as [number, number, number, number];
  return [((b0 << 8) | b1).toString(16), ((b2 << 8) | b3).toString(16)];
};
/** Every IPv6 spelling that routes to an IPv4 address: mapped (dotted and hex), translated (SIIT), NAT64 (well-known and local-use), 6to4, compatible. */
const v6FormsOf = (a: string) => {
  const [hi, lo] = hex4(a);
  return [`::ffff:${a}`, `::ffff:${hi}:${lo}`, `0:0:0:0:0:ffff:${a}`, `::ffff:0:${a}`, `::ffff:0:${hi}:${lo}`, `64:ff9b::${a}`, `64:ff9b::${hi}:${lo}`, `64:ff9b:1::${a}`, `2002:${hi}:${lo}::1`, `::${a}`];
};
const words = (a: string) => {
  const [head, tail] = a.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  return [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t].map((w) => parseInt(w || '0', 16));
};
const fromWords = (w: number[]) => w.map((x) => x.toString(16)).join(':');
/** First, middle and last address of an IPv6 block. */
const v6Samples = ([base, bits]: [string, number]) => {
  const w = words(base);
  const at = (fill: 'zero' | 'mid' | 'ones') => fromWords(w.map((word, i) => {
    const hostBits = Math.max(0, Math.min(16, (i + 1) * 16 - bits));
    if (hostBits === 0) return word;
    const mask = (1 << hostBits) - 1;
    const keep = word & ~mask & 0xffff;
    if (fill === 'zero') return keep;
    if (fill === 'ones') return keep | mask;
    return keep | (i === Math.floor(bits / 16) ? 1 << (hostBits - 1) : 0x1234 & mask);
  }));
  return [...new Set([at('zero'), at('mid'), at('ones')])];
};

describe('the SSRF guard covers every special-purpose range, not only the ones probed', () => {
  const v4 = SPECIAL_V4.flatMap(v4Samples);
  const v6 = SPECIAL_V6.flatMap(v6Samples);
  const carried = v4.flatMap(v6FormsOf);

  it('refuses every sampled address of every range, and every IPv6 form carrying one; public addresses and their forms pass', async () => {
    const passed = [...v4, ...v6, ...carried].filter((a) => !isBlockedAddress(a));
    expect(passed).toEqual([]);
    // Resolution-free check as the routes make it (a literal is judged without DNS).
    for (const a of [...v4, ...v6, ...carried]) {
      await expect(assertPublicUrl(`http://${a.includes(':') ? `[${a}]` : a}/`, { allowPrivateNetwork: false }), a).rejects.toBeInstanceOf(BlockedAddressError);
    }
    // Controls: public unicast, and public IPv4 behind the forms that really route to it.
    const publicV4 = ['8.8.8.8', '1.1.1.1', '192.88.98.1', '192.88.100.1', '100.128.0.1', '198.20.0.1', '223.255.255.254'];
    const publicV6 = ['2606:4700:4700::1111', '2a00:1450:4001::1', '2001:200::1', '3ffe:1::1', '2620:4f:8001::1'];
    const routable = publicV4.flatMap((a) => [`::ffff:${a}`, `::ffff:0:${a}`, `64:ff9b::${a}`, `2002:${hex4(a).join(':')}::1`]);
    expect([...publicV4, ...publicV6, ...routable].filter(isBlockedAddress)).toEqual([]);
  });

  it('the issue-27 probes (SIIT, NAT64 local use, the 6to4 relay block) are refused by a real route, and nothing is created', async () => {
    const probes = ['[::ffff:0:7f00:1]', '[::ffff:0:a9fe:a9fe]', '[64:ff9b:1::a00:1]', '[64:ff9b:1::808:808]', '192.88.99.1', '[2001::1]', '[5f00::1]'];
    const problems: string[] = [];
    for (const host of probes) {
      const hook = await stack.api('POST', '/v1/console/webhooks', { body: { name: 'x', url: `https://${host}/hook`, events: ['generation.completed'] } });
      if (hook.status !== 400 || !/Webhook URLs must point to a public host/.test(hook.text)) problems.push(`webhook https://${host}: ${hook.status} ${hook.text.slice(0, 160)}`);
    }
    expect(problems).toEqual([]);
    const hooks = await stack.api('GET', '/v1/console/webhooks');
    expect(hooks.body.filter((h: { url: string }) => probes.some((p) => h.url.includes(p)))).toEqual([]);
  });
});
