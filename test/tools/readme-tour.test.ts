// The README's five-minute tour, run as written: every bash block of that section, in order, in
// one shell against a real stack (its address in place of localhost:3000, `atelier` as the
// repository's CLI, the `<workflow_id>`/`<run_id>` placeholders as the ids the tour made).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');

/** The bash blocks between a README heading and the next heading of the same level. */
export function bashBlocks(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README has no "## ${heading}" section`);
  const end = markdown.indexOf('\n## ', start + heading.length + 4);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

let stack: TestStack;
let dir: string;
beforeAll(async () => {
  stack = await startStack({ S3_ENDPOINT: inject('s3Endpoint') });
  dir = mkdtempSync(join(tmpdir(), 'atelier-tour-'));
});
afterAll(async () => {
  await stack?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the README's tour", () => {
  it('runs as written and answers what it says', { timeout: 240_000 }, async () => {
    const blocks = bashBlocks(readFileSync(join(root, 'README.md'), 'utf8'), 'A five-minute tour');
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#b03a2e' } }).png().toFile(join(dir, 'shoe.png'));
    const host = new URL(stack.url).host;
    const script = [
      'set -euo pipefail',
      `cd ${JSON.stringify(dir)}`,
      `ln -sf ${JSON.stringify(join(root, 'examples'))} examples`,
      `atelier() { ${JSON.stringify(process.execPath)} --no-node-snapshot ${JSON.stringify(join(root, 'bin/atelier.mjs'))} "$@"; }`,
      ...blocks.map((b) => b
        .replaceAll('localhost:3000', host)
        .replace(/^export KEY=.*$/m, '')
        .replaceAll('<workflow_id>', '$WF')
        .replaceAll('<run_id>', '$RUN')),
    ].join('\n');
    writeFileSync(join(dir, 'tour.sh'), script);
    const { stdout } = await run('bash', [join(dir, 'tour.sh')], {
      env: { ...process.env, KEY: stack.adminKey, ATELIER_API_KEY: stack.adminKey, ATELIER_BASE_URL: stack.url, ATELIER_CONFIG: join(dir, 'none.json') },
      timeout: 220_000,
      maxBuffer: 32 << 20,
    }).catch((err: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`the tour failed: ${err.message}\n${err.stdout ?? ''}\n${err.stderr ?? ''}`);
    });
    expect(stdout).toMatch(/"object":"balance","balance_usd":100/);
    expect(stdout).toMatch(/event: run_finished\ndata: \{[^\n]*"status":"completed"/);
    expect(stdout).toContain('"greeting": "Hello, Ada!"');
    expect(stdout).toMatch(/examples\/hello\.json: valid \(2 nodes, 1 edges/);
    expect(stdout).toMatch(/^workflow wf_\w+ version 1 \(unchanged\)$/m);
    expect(stdout).toMatch(/^run \S+ completed/m);
    expect(stdout).toMatch(/event: complete\ndata: \{[^\n]*"video_url":"http/);
    expect(stdout).toMatch(/"filename":"shoe.png"[^\n]*"content_type":"image\/png"/);
  });
});
