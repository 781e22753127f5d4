// The Workflow Studio (/studio) in real Chromium, by clicking and typing only: from an empty canvas
// build trigger.manual → io.set (add from the catalogue, connect by dragging a port onto a node),
// see the server's validation issue land on the mis-set field and leave once it is fixed, undo a
// deletion, wire an `error` port, save (version 1), edit and save (version 2), run it and follow it to completion in the
// live run view. A screenshot of the editor lands in the test data dir.
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';
import { ensureBuiltPage, launchBrowser, signInWithKey, type Browser } from './studio-browser';

const WAIT = { timeout: 60_000 };

let stack: TestStack;
let context: BrowserContext;
let browser: Browser;

beforeAll(async () => {
  await ensureBuiltPage();
  [stack, browser] = await Promise.all([startStack(), launchBrowser({ width: 1440, height: 860 })]);
  context = browser.context;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('workflow studio', () => {
  it('serves /studio and /studio/{id} as the same strict-CSP page', async () => {
    for (const path of ['/studio', '/studio/new']) {
      const res = await fetch(stack.url + path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await res.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    }
  });

  it('builds trigger.manual → io.set by clicking and typing, validates live, saves two versions and runs it', async () => {
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT.timeout);
    try {
      await signInWithKey(page, `${stack.url}/studio`, stack.adminKey);
      await page.getByTestId('new-workflow').click();
      await page.waitForURL(`${stack.url}/studio/new`);

      // An empty canvas is not a workflow: the server says so.
      await page.locator('[data-testid="validation"][data-state="invalid"]').waitFor();
      await page.getByTestId('general-issues').waitFor();

      // Add both nodes from the searchable catalogue.
      const search = page.getByLabel('Search nodes');
      await search.fill('manual');
      await page.locator('button.add-node[data-type="trigger.manual"]').click();
      await search.fill('set values');
      await page.locator('button.add-node[data-type="io.set"]').click();
      await page.locator('[data-node-id="manual"]').waitFor();
      await page.locator('[data-node-id="set"]').waitFor();

      // Connect by dragging manual's output port onto the io.set node.
      await page.getByTestId('port-manual-main').dragTo(page.locator('[data-node-id="set"] rect.box'));
      await page.locator('[data-edge-id][data-source="manual"][data-target="set"]').waitFor();

      // A mis-set field: `values` must be an object. The server's issue shows on the node and the field.
      await page.locator('[data-node-id="set"]').click();
      const values = page.getByLabel('values', { exact: false });
      await values.fill('["not", "an object"]');
      const fieldIssue = page.getByTestId('issue-set-values');
      await fieldIssue.waitFor();
      expect(await page.locator('[data-node-id="set"]').getAttribute('data-issues')).toBe('1');
      expect(await values.getAttribute('aria-invalid')).toBe('true');

      // Fixed: the issue goes away and the server calls the spec valid.
      await values.fill('{"greeting": "hello {{manual.output.main.who}}"}');
      await fieldIssue.waitFor({ state: 'detached' });
      await page.locator('[data-testid="validation"][data-state="valid"]').waitFor();
      expect(await page.locator('[data-node-id="set"]').getAttribute('data-issues')).toBe('0');

      // Delete the node with the keyboard, then Ctrl+Z brings it back with its connection.
      await page.locator('[data-node-id="set"] rect.box').click();
      await page.keyboard.press('Delete');
      await page.locator('[data-node-id="set"]').waitFor({ state: 'detached' });
      await page.keyboard.press('Control+z');
      await page.locator('[data-node-id="set"]').waitFor();
      await page.locator('[data-edge-id][data-source="manual"][data-target="set"]').waitFor();

      // The `error` port connects like any other: add a log node, wire set's error port to it by
      // dragging; the server accepts it once `set` has continue_on_error.
      await search.fill('system.log');
      await page.locator('button.add-node[data-type="system.log"]').click();
      await page.locator('[data-node-id="log"]').waitFor();
      await page.locator('#param-log-message').fill('"set failed: {{set.output.error.error}}"');
      await page.getByTestId('port-set-error').dragTo(page.locator('[data-node-id="log"] rect.box'));
      const errorEdge = page.locator('[data-edge-id][data-source="set"][data-source-port="error"][data-target="log"]');
      await errorEdge.waitFor();
      // Without continue_on_error `set` has no error port: the server flags the edge and the
      // template that reads it, on the connection and on log's `message` field.
      await page.locator('[data-testid="validation"][data-state="invalid"]').waitFor();
      expect(await errorEdge.getAttribute('class')).toContain('has-issue');
      expect(await page.locator('[data-node-id="log"]').getAttribute('data-issues')).toBe('1');
      await page.locator('[data-node-id="set"] rect.box').click();
      await page.getByLabel('Continue on error', { exact: false }).check();
      await page.locator('[data-testid="validation"][data-state="valid"]').waitFor();
      expect(await errorEdge.getAttribute('class')).not.toContain('has-issue');
      expect(await page.locator('[data-node-id="log"]').getAttribute('data-issues')).toBe('0');
      // And removed again with the keyboard: select the log node, Delete.
      await page.locator('[data-node-id="log"] rect.box').click();
      await page.keyboard.press('Delete');
      await page.locator('[data-node-id="log"]').waitFor({ state: 'detached' });
      await page.locator('[data-node-id="set"] rect.box').click();
      await page.getByLabel('Continue on error', { exact: false }).uncheck();
      await page.getByRole('button', { name: 'Auto-layout' }).click();

      // Save: version 1.
      await page.getByLabel('Workflow name').fill('Studio greeting');
      await page.locator('[data-testid="validation"][data-state="valid"]').waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('saved-version').filter({ hasText: /^v1$/ }).waitFor();
      await page.getByRole('tab', { name: 'Versions' }).click();
      await page.locator('[data-testid="versions"] li[data-version="1"]').waitFor();
      const workflowId = /\/studio\/([^/]+)$/.exec(page.url())?.[1];
      expect(workflowId).toMatch(/.+/);
      expect(workflowId).not.toBe('new');

      // Edit and save: version 2.
      await page.locator('[data-node-id="set"]').click();
      await values.fill('{"greeting": "hi {{manual.output.main.who}}", "edited": true}');
      await page.locator('[data-testid="validation"][data-state="valid"]').waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('saved-version').filter({ hasText: /^v2$/ }).waitFor();
      await page.getByRole('tab', { name: 'Versions' }).click();
      await page.locator('[data-testid="versions"] li[data-version="2"]').waitFor();

      const versions = await stack.api('GET', `/engine/v1/v1/workflows/${workflowId}/versions`);
      expect(versions.status).toBe(200);
      expect(versions.body.total).toBe(2);
      const v2 = await stack.api('GET', `/engine/v1/v1/workflows/${workflowId}/versions/2`);
      expect(v2.body.spec.trigger.type).toBe('manual');
      expect(v2.body.spec.edges).toMatchObject([{ source: 'manual', source_port: 'main', target: 'set', target_port: 'main' }]);
      expect(v2.body.spec.nodes.find((n: { id: string }) => n.id === 'set').params.values).toEqual({ greeting: 'hi {{manual.output.main.who}}', edited: true });

      const shot = join(inject('dataDir'), 'workflow-studio.png');
      await page.screenshot({ path: shot });
      console.log(`[studio] screenshot of the editor: ${shot}`);

      // Run with an input (the form has the field the template reads), then follow it live.
      await page.getByRole('tab', { name: 'Run & test' }).click();
      await page.getByLabel('who').fill('otters');
      await page.getByRole('button', { name: 'Run' }).click();
      await page.getByTestId('run-link').click();
      await page.waitForURL(/\/runs\/[^/]+$/);
      await page.locator('[data-testid="run-status"]', { hasText: 'completed' }).waitFor();
      const runId = /\/runs\/([^/]+)$/.exec(page.url())![1];
      const run = await stack.api('GET', `/engine/v1/v1/runs/${runId}`);
      expect(run.body.status).toBe('completed');
      expect(run.body.version).toBe(2);
      expect(run.body.node_outputs.set.output.main).toEqual({ greeting: 'hi otters', edited: true });

      // The list finds it by name, at version 2.
      await page.goto(`${stack.url}/studio`);
      await page.getByLabel('Search by name').fill('greeting');
      const row = page.locator(`a[data-workflow-id="${workflowId}"]`);
      await row.waitFor();
      expect(await row.locator('xpath=ancestor::tr').textContent()).toContain('v2');
    } finally {
      await page.close();
    }
  });
});
