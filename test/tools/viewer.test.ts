// The run viewer (/runs, /runs/{run_id}) in real Chromium: sign in once (console login or a pasted
// key, never in the URL), open a run in progress, watch a node turn running → completed without a
// reload, approve a waiting approval node from the page and see the run finish; a screenshot lands
// in the test data dir. One browser (a fresh profile) for the whole file.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';

const root = resolve(import.meta.dirname, '../..');
const WAIT = { timeout: 45_000 };

/** A loopback "external API" whose answers wait until the test releases them. */
class HeldServer {
  private held: ServerResponse[] = [];
  private open = false;
  url = '';
  requests = 0;
  private server = createServer((_req, res) => {
    this.requests++;
    if (this.open) return void res.setHeader('content-type', 'application/json').end('{"fetched":true}');
    this.held.push(res);
  });
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }
  release() {
    this.open = true;
    for (const res of this.held.splice(0)) res.setHeader('content-type', 'application/json').end('{"fetched":true}');
  }
  async stop() {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

let stack: TestStack;
let held: HeldServer;
let context: BrowserContext;
let profile: string;

async function createWorkflow(spec: unknown): Promise<string> {
  const r = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'viewer demo', spec } });
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}

async function startRun(workflowId: string): Promise<{ run_id: string; temporal_workflow_id: string }> {
  const r = await stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: workflowId, input: { topic: 'otters' } } });
  expect(r.status, r.text).toBe(201);
  return r.body;
}

beforeAll(async () => {
  // `npm test` builds the viewer in scripts/setup.sh; a direct `vitest run` builds it here if missing.
  if (!existsSync(join(root, 'web/dist/index.html'))) {
    const { build } = await import('vite');
    await build({ root: join(root, 'web'), configFile: join(root, 'web/vite.config.ts'), logLevel: 'warn' });
  }
  profile = mkdtempSync(join(inject('dataDir'), 'chromium-'));
  [stack, held, context] = await Promise.all([
    startStack({ TEMPORAL_UI_URL: 'http://temporal-ui.test:8233' }),
    new HeldServer().start(),
    chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      headless: true,
      viewport: { width: 1280, height: 760 },
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    }),
  ]);
});

afterAll(async () => {
  held?.release();
  await context?.close();
  await stack?.close();
  await held?.stop();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

describe('run viewer', () => {
  it('serves the page with a strict CSP and its assets from this origin', async () => {
    const res = await fetch(`${stack.url}/runs/00000000-0000-0000-0000-000000000000`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await res.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script
    expect(html).toContain('<meta name="atelier-temporal-ui" content="http://temporal-ui.test:8233">');
    const script = /src="(\/runs\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const js = await fetch(stack.url + script!);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect((await fetch(`${stack.url}/runs/assets/..%2Fpackage.json`)).status).toBe(404);
    expect((await fetch(`${stack.url}/runs/assets/missing.js`)).status).toBe(404);
  });

  it('follows a run live: running → completed without reload, approve from the page, the run finishes', async () => {
    const workflowId = await createWorkflow({
      trigger: { type: 'manual', config: {} },
      nodes: [
        { id: 'start', type: 'trigger.manual', position: [0, 0] },
        { id: 'fetch', type: 'http.request', position: [0, 0], params: { url: `${held.url}/research`, timeout_s: 120 } },
        { id: 'gate', type: 'control.approval', position: [0, 0], params: { message: 'Publish the otter article?' } },
        { id: 'publish', type: 'io.set', position: [0, 0], params: { values: { published: '{{start.output.main.topic}}' } } },
        { id: 'discard', type: 'system.log', position: [0, 0], params: { message: 'discarded' } },
      ],
      edges: [
        { id: 'e1', source: 'start', target: 'fetch' },
        { id: 'e2', source: 'fetch', target: 'gate' },
        { id: 'e3', source: 'gate', source_port: 'approved', target: 'publish' },
        { id: 'e4', source: 'gate', source_port: 'rejected', target: 'discard' },
      ],
    });
    const run = await startRun(workflowId);

    const page: Page = await context.newPage();
    try {
      // Sign in by pasting the key once: it is kept in sessionStorage, never put in a URL.
      await page.goto(`${stack.url}/runs/${run.run_id}`);
      await page.getByRole('tab', { name: 'API key' }).click();
      await page.locator('input[name="api_key"]').fill(stack.adminKey);
      await page.getByRole('button', { name: 'Sign in' }).click();
      // Every node at [0, 0]: the spec's positions overlap, so dagre lays the graph out.
      await page.locator('svg.graph[data-layout="dagre"]').waitFor(WAIT);
      expect(page.url()).toBe(`${stack.url}/runs/${run.run_id}`);
      expect(await page.evaluate(() => (globalThis as any).sessionStorage.getItem('atelier.viewer.credential'))).toContain(stack.adminKey);
      const fetchNode = page.locator('[data-node-id="fetch"]');
      await page.locator('[data-node-id="fetch"][data-status="running"]').waitFor(WAIT);
      await expect.poll(() => page.locator('[data-testid="detail-fetch"]').textContent(), WAIT).toMatch(/\d+(\.\d)? (ms|s)$/);
      // The page was not reloaded between "running" and "completed": a marker set now survives.
      await page.evaluate(() => ((globalThis as any).viewerMarker = 42));
      held.release();
      await page.locator('[data-node-id="fetch"][data-status="completed"]').waitFor(WAIT);
      expect(await fetchNode.getAttribute('data-status')).toBe('completed');
      expect(await page.evaluate(() => (globalThis as any).viewerMarker)).toBe(42);

      // The approval node waits; approve it from the page.
      mkdirSync(inject('dataDir'), { recursive: true });
      await page.locator('[data-node-id="gate"][data-status="waiting"]').waitFor(WAIT);
      await expect.poll(() => page.locator('[data-testid="approval-gate"]').textContent(), WAIT).toContain('Publish the otter article?');
      const waiting = join(inject('dataDir'), `run-viewer-${run.run_id}-waiting.png`);
      await page.screenshot({ path: waiting, fullPage: true });
      console.log(`[viewer] screenshot of the run waiting for approval: ${waiting}`);
      await page.locator('[data-testid="approve-gate"]').click();
      await page.locator('[data-testid="run-status"]', { hasText: 'completed' }).waitFor(WAIT);
      await page.locator('[data-node-id="gate"][data-status="completed"]').waitFor(WAIT);
      await page.locator('[data-node-id="publish"][data-status="completed"]').waitFor(WAIT);
      await page.locator('[data-node-id="discard"][data-status="skipped"]').waitFor(WAIT);
      expect(await page.evaluate(() => (globalThis as any).viewerMarker)).toBe(42);

      // The API agrees: the approval went through and the run completed.
      const final = await stack.api('GET', `/engine/v1/v1/runs/${run.run_id}`);
      expect(final.body.status).toBe('completed');
      expect(final.body.node_outputs.gate.output.approved).toMatchObject({ approved: true });

      // A node's outputs on click; the Temporal UI link points at this execution.
      await page.locator('[data-node-id="publish"]').click();
      await expect.poll(() => page.locator('[data-testid="node-output"]').textContent(), WAIT).toContain('"published": "otters"');
      expect(await page.locator('[data-testid="temporal-link"]').getAttribute('href')).toBe(
        `http://temporal-ui.test:8233/namespaces/default/workflows/${encodeURIComponent(run.temporal_workflow_id)}`,
      );
      expect(await page.locator('[data-testid="run-cost"]').textContent()).toBe('$0');

      const shot = join(inject('dataDir'), `run-viewer-${run.run_id}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      console.log(`[viewer] screenshot of the finished run: ${shot}`);
      expect(existsSync(shot)).toBe(true);
    } finally {
      await page.close();
    }
  });

  it('signs in with the console session and lists recent runs; a refused credential brings the login back', async () => {
    const workflowId = await createWorkflow({
      trigger: { type: 'manual', config: {} },
      nodes: [{ id: 'start', type: 'trigger.manual', position: [0, 0] }],
      edges: [],
    });
    const run = await startRun(workflowId);
    const page = await context.newPage();
    try {
      await page.goto(`${stack.url}/runs`);
      // A fresh tab of the same profile: the session store of the last page is not shared.
      await page.evaluate(() => {
        (globalThis as any).sessionStorage.clear();
        (globalThis as any).localStorage.clear();
      });
      await page.reload();
      await page.locator('input[name="email"]').fill('owner@atelier.local');
      await page.locator('input[name="password"]').fill('wrong password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor(WAIT);

      await page.locator('input[name="password"]').fill('correct horse battery staple');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.locator(`a[data-run-id="${run.run_id}"]`).waitFor(WAIT);
      expect(await page.locator('[data-testid="signed-in-as"]').textContent()).toBe('owner@atelier.local');

      // Into the run and back without a reload.
      await page.locator(`a[data-run-id="${run.run_id}"]`).click();
      await page.locator('[data-node-id="start"]').waitFor(WAIT);
      expect(page.url()).toBe(`${stack.url}/runs/${run.run_id}`);

      // A token the server no longer accepts: the page asks to sign in again.
      await page.evaluate(() => {
        const store = (globalThis as any).sessionStorage;
        const raw = store.getItem('atelier.viewer.credential');
        store.setItem('atelier.viewer.credential', JSON.stringify({ ...JSON.parse(raw), token: 'sk_live_not_a_real_key_000000000000' }));
      });
      await page.reload();
      await page.getByText('Sign in again').waitFor(WAIT);
    } finally {
      await page.close();
    }
  });
});
