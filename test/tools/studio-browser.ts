// What the Studio's browser tests share: the built page (rebuilt when web/src is newer than
// web/dist, as a direct `vitest run` may find it), a Chromium with a fresh profile, and signing in
// with an API key from the login form.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** The newest modification time under a directory (the web sources vs. the built page). */
function newest(dir: string): number {
  let t = statSync(dir).mtimeMs;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    t = Math.max(t, statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** Built by scripts/setup.sh under `npm test`; rebuilt here when missing or older than web/src. */
export async function ensureBuiltPage(): Promise<void> {
  const built = join(root, 'web/dist/index.html');
  if (existsSync(built) && statSync(built).mtimeMs >= newest(join(root, 'web/src'))) return;
  const { build } = await import('vite');
  await build({ root: join(root, 'web'), configFile: join(root, 'web/vite.config.ts'), logLevel: 'warn' });
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Debian's Chromium, headless, in a profile of its own under the test data dir. */
export async function launchBrowser(viewport: { width: number; height: number }): Promise<Browser> {
  const profile = mkdtempSync(join(inject('dataDir'), 'chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Opens `path` and signs in with the API key tab of the login form. */
export async function signInWithKey(page: Page, url: string, key: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('tab', { name: 'API key' }).click();
  await page.locator('input[name="api_key"]').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
