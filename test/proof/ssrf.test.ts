// SSRF through the real routes (test/foundation/safe-fetch.test.ts checks the fetch itself): with
// private networks not allowed (the default), every user URL that points at this machine in any
// spelling — loopback by name, *.localhost, IPv6 and IPv4-mapped IPv6, decimal, hex, octal and
// short IPv4 forms, 0.0.0.0 — is refused by the http.request node, webhook registration, image
// inputs and connection tests, and a loopback server that counts requests sees none of them.
// Private, link-local and metadata addresses are refused before any connection is tried.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';

let stack: TestStack;
let server: Server;
let port = 0;
let hits = 0;

beforeAll(async () => {
  server = createServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'image/png' }).end('reached');
  });
  await new Promise<void>((r) => server.listen(0, '0.0.0.0', r));
  port = (server.address() as AddressInfo).port;
  stack = await startStack({ ATELIER_ALLOW_PRIVATE_NETWORK: '0' });
});
afterAll(async () => {
  await stack?.close();
  server?.closeAllConnections();
  await new Promise<void>((r) => server?.close(() => r()));
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
