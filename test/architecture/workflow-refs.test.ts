// Workflows are started by reference: each capability's stand-in (src/infra/temporal/workflow-ref.ts)
// carries a workflow's registered name and signature without loading workflow code outside the
// worker. Here every stand-in must name a workflow the worker registers (workflows/index.ts), and
// the type checker holds each real workflow to its stand-in's signature (typecheck fails if not).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as workflows from '../../workflows/index';
import { agentRun } from '../../src/engine/contract/agent';
import { knowledgeIngest } from '../../src/engine/knowledge/service';
import { engineRun } from '../../src/engine/run/service';
import { engineScheduleFire } from '../../src/engine/schedules/temporal-schedule';
import { engineMaintenance } from '../../src/engine/run/watchdog';
import { runAnalysis } from '../../src/engine/analytics/analyze';
import { generationJob } from '../../src/generation/async-jobs';
import { ping } from '../../src/infra/temporal/ping-routes';
import { assetPurge } from '../../src/platform/assets/schedule';
import { webhookDelivery } from '../../src/platform/webhooks/emit';
import { storageAccrual } from '../../src/storage/billing/schedule';
import { s3Replication } from '../../src/storage/object-store/replication';
import { storyWorkflow } from '../../src/story/service';
import { importsOf } from './import-graph';

const ROOT = resolve(import.meta.dirname, '../..');

const refs = { ping, engineRun, agentRun, engineMaintenance, story: storyWorkflow, webhookDelivery, generationJob, assetPurge, storageAccrual, engineScheduleFire, knowledgeIngest, runAnalysis, s3Replication };

// Compile-time: each registered workflow is assignable to its stand-in (it takes the arguments the
// stand-in is started with and returns what its callers read).
type Refs = typeof refs;
export type SignaturesAgree = { [K in keyof Refs]: (typeof workflows)[K] extends Refs[K] ? true : never };
const agree: SignaturesAgree = { ping: true, engineRun: true, agentRun: true, engineMaintenance: true, story: true, webhookDelivery: true, generationJob: true, assetPurge: true, storageAccrual: true, engineScheduleFire: true, knowledgeIngest: true, runAnalysis: true, s3Replication: true };

/** The workflow names workflows/index.ts exports (what the worker registers). */
function registered(): string[] {
  const src = readFileSync(resolve(ROOT, 'workflows/index.ts'), 'utf8');
  return [...src.matchAll(/export\s*\{\s*([\w\s,]+)\s*\}\s*from/g)].flatMap((m) => m[1]!.split(',').map((s) => s.trim().split(/\s+as\s+/).pop()!)).filter(Boolean);
}

describe('workflows started by reference', () => {
  it('every stand-in is named as the worker registers its workflow', () => {
    expect(Object.values(agree).every(Boolean)).toBe(true);
    for (const [key, ref] of Object.entries(refs)) expect(ref.name, key).toBe(key);
    // A new stand-in joins `refs` above, so its signature is checked too.
    const names = registered();
    expect(Object.keys(refs).filter((n) => !names.includes(n))).toEqual([]);
    expect(Object.keys(refs).length).toBeGreaterThanOrEqual(12);
  });

  it('a stand-in refuses to be called as a function', () => {
    expect(() => (ping as unknown as () => void)()).toThrow(/ping is a workflow/);
  });

  it('src/ starts no workflow by a string name', () => {
    const offenders = listTs(resolve(ROOT, 'src')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/workflow\.(start|execute|signalWithStart)\(\s*['"`]|workflowType:\s*['"`]/.test(line) ? [`${file}:${i + 1}`] : [])),
    );
    expect(offenders).toEqual([]);
    // And the stand-ins' home imports no workflow code.
    expect(importsOf(resolve(ROOT, 'src/infra/temporal/workflow-ref.ts')).filter((s) => s.includes('workflows'))).toEqual([]);
  });
});

function listTs(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = resolve(dir, n);
    return statSync(p).isDirectory() ? listTs(p) : p.endsWith('.ts') ? [p] : [];
  });
}
