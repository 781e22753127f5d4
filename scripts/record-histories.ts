// Regenerates test/histories/<workflowType>.json from real executions: runs the determinism suite
// with RECORD_HISTORIES=1, which starts a whole Atelier on the suite's Temporal server and
// PostgreSQL, runs one execution of every workflow type in workflows/index.ts and writes each
// history as JSON. Review the diff and commit it; CI then replays these against every change.
//
//   npx tsx scripts/record-histories.ts
//   RECORD_ONLY=imageBatch npx tsx scripts/record-histories.ts   (a new workflow type alone)
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const result = spawnSync('npx', ['vitest', 'run', 'test/proof/determinism.test.ts', '-t', 'record the histories'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    RECORD_HISTORIES: '1',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=4096 --no-node-snapshot`,
  },
});
process.exit(result.status ?? 1);
