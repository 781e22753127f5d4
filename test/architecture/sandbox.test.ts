// The workflow sandbox has a home in src/: every src/ file workflow code loads at run time lives in
// a sandbox home (src/engine/contract/, src/story/contract/, src/storage/contract/, and the node
// SDK's sandbox side src/engine/node-sdk/workflow/, and the pure workflow-reference helper
// src/infra/temporal/workflow-ref.ts), and the determinism lint refuses a
// value import of anything else from there (types may come from anywhere).
import { describe, expect, it } from 'vitest';
import { runtimeClosure } from './import-graph';
import { lintFixture, ROOT } from './lint';

const HOMES = ['src/engine/contract/', 'src/story/contract/', 'src/storage/contract/', 'src/engine/node-sdk/workflow/', 'src/infra/temporal/workflow-ref.ts'];

async function lint(path: string, code: string) {
  return (await lintFixture(path, code)).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the workflow sandbox in src/', () => {
  it('every src/ file workflow code loads at run time lives in a sandbox home', () => {
    const loaded = runtimeClosure(ROOT, 'workflows/index.ts').filter((f) => f.startsWith('src/'));
    expect(loaded.length).toBeGreaterThanOrEqual(10);
    expect(loaded.filter((f) => !HOMES.some((h) => f.startsWith(h)))).toEqual([]);
  });

  it('lint refuses a value import of an I/O module from a sandbox home, and of a Node built-in', async () => {
    for (const [home, code] of [
      ['src/engine/contract/fixture.ts', "import { createDb } from '../../infra/db/index';\nexport const x = createDb;\n"],
      ['src/story/contract/fixture.ts', "import { startRun } from '../../engine/run/service';\nexport const x = startRun;\n"],
      ['src/engine/contract/fixture.ts', "export { emit } from '../../platform/webhooks/emit';\n"],
      ['src/engine/contract/fixture.ts', "import { Client } from '@temporalio/client';\nexport const x = Client;\n"],
    ] as const) {
      expect((await lint(home, code)).filter((m) => m.startsWith('sandbox/imports')), code).toHaveLength(1);
    }
    expect(await lint('src/engine/contract/fixture.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n")).toEqual([expect.stringMatching(/^no-restricted-imports: .*Workflow code must be deterministic/), expect.stringMatching(/sandbox\/imports/)]);
  }, 60_000);

  it('lint accepts type imports from anywhere and value imports within the homes', async () => {
    const code = [
      "import type { Deps } from '../../deps';",
      "import { type Database } from '../../infra/db/index';",
      "import { passThrough } from './node-io';",
      "import { STORY_ERROR_CODES } from '../../story/contract/codes';",
      "import { defineSignal } from '@temporalio/workflow';",
      'export type T = [Deps, Database];',
      'export const x = [passThrough, STORY_ERROR_CODES, defineSignal];',
      '',
    ].join('\n');
    expect(await lint('src/engine/contract/fixture.ts', code)).toEqual([]);
    // Outside the homes the sandbox rule does not apply.
    expect((await lint('src/engine/fixture.ts', "import { createDb } from '../infra/db/index';\nexport const x = createDb;\n")).filter((m) => m.startsWith('sandbox/'))).toEqual([]);
  }, 60_000);
});
