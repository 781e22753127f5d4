// `npm run replay`: replays recorded Temporal histories against this checkout's workflow code, the
// check to run before deploying a workflow change (a history that no longer replays would make
// the runs in flight fail on the new workers). Histories are what the Temporal CLI exports:
//
//   temporal workflow show --workflow-id run_… --output json > run.json
//   npm run -s replay -- run.json [more.json …]
//
// Prints one line per history (`ok` or why it does not replay) and exits 1 if any does not.
// The workflow id of each replay is the file's name; it plays no part in the check.
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { bundleWorkflows } from '../src/infra/temporal/worker';

async function main(files: string[]): Promise<number> {
  if (files.length === 0 || files.includes('--help') || files.includes('-h')) {
    process.stderr.write('usage: npm run -s replay -- history.json [more.json …]   (temporal workflow show -w ID -o json > history.json)\n');
    return files.length === 0 ? 2 : 0;
  }
  const histories = [];
  for (const file of files) {
    try {
      // npm runs scripts from the package root: a relative path means the caller's directory.
      const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
      histories.push({ workflowId: basename(file), history: historyFromJSON(JSON.parse(readFileSync(path, 'utf8'))) });
    } catch (err) {
      process.stderr.write(`${file}: not a Temporal history export (${(err as Error).message})\n`);
      return 2;
    }
  }
  // The replay workers' state changes are noise here; their warnings and errors are not.
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const { code } = await bundleWorkflows();
  let failed = 0;
  for await (const result of Worker.runReplayHistories({ workflowBundle: { code } }, histories)) {
    if (result.error) {
      failed++;
      process.stdout.write(`${result.workflowId}: does not replay — ${result.error.name}: ${result.error.message}\n`);
    } else process.stdout.write(`${result.workflowId}: ok\n`);
  }
  return failed ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
