// `npm run bench`: lists the benchmarks in this folder with what each measures (the first line of
// its header comment); `npm run bench -- engine n8n` runs the named ones one after another, each in
// its own process so one's servers and heap never touch the next's. Each benchmark runs its
// baseline and Atelier side by side and prints the ratios; record sittings in bench/RESULTS.md.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** Files in bench/ that are parts of benchmarks, not benchmarks. */
const PARTS = new Set(['run-all.ts', 'baseline-workflows.ts', 'autocannon.d.ts', 'load-worker.js', 'profile-diff.mjs']);

function benchmarks(): Array<{ name: string; file: string; about: string }> {
  return readdirSync(here)
    .filter((f) => /\.(ts|mjs)$/.test(f) && !f.endsWith('.d.ts') && !PARTS.has(f))
    .sort()
    .map((file) => {
      const header = readFileSync(join(here, file), 'utf8').split('\n').find((l) => l.startsWith('//')) ?? '';
      return { name: file.replace(/\.(ts|mjs)$/, ''), file, about: header.replace(/^\/\/\s*/, '') };
    });
}

const all = benchmarks();
const asked = process.argv.slice(2);
if (asked.length === 0) {
  console.log('Benchmarks (run one with `npm run bench -- <name>`; each prints its side-by-side ratios):\n');
  const width = Math.max(...all.map((b) => b.name.length));
  for (const b of all) console.log(`  ${b.name.padEnd(width)}  ${b.about}`);
  process.exit(0);
}
const unknown = asked.filter((a) => !all.some((b) => b.name === a));
if (unknown.length > 0) {
  console.error(`No benchmark named ${unknown.join(', ')}; there are: ${all.map((b) => b.name).join(', ')}.`);
  process.exit(2);
}
for (const name of asked) {
  const b = all.find((x) => x.name === name)!;
  console.log(`\n=== ${b.name}: ${b.about}`);
  const runner = b.file.endsWith('.mjs') ? ['node', [join(here, b.file)]] as const : ['npx', ['tsx', join(here, b.file)]] as const;
  const r = spawnSync(runner[0], [...runner[1]], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
