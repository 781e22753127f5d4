// Chaos with invariants, short tier (issue 16; the long tier is `CHAOS_SCENARIOS=batch npx tsx
// bench/chaos.ts`): a real Atelier process (API + worker) on the suite's Temporal server and a
// scratch database runs a small mixed batch — engine DAG runs with http side effects, a story,
// image and video generations, top-ups, webhook deliveries — while it is SIGKILLed three times at
// seeded random points and restarted. Then every invariant of bench/lib/chaos-batch.ts must hold.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AtelierProcess } from '../../bench/lib/atelier-process';
import { ChaosBatch, reportMarkdown } from '../../bench/lib/chaos-batch';
import { FaultLog, startCounterServer, startWebhookReceiver, type CounterServer, type WebhookReceiver } from '../../bench/lib/chaos-loopbacks';
import { rng } from '../../src/generation/prng';
import { createScratchDatabase, type ScratchDatabase } from '../../src/infra/db/postgres';
import { maintenanceWorkflowId } from '../../src/engine/run/watchdog';
import { generateApiKey } from '../../src/platform/auth/api-keys';
import { freePort } from '../../bench/lib/free-port';

const SEED = Number(process.env.CHAOS_TEST_SEED ?? Math.floor(Math.random() * 2 ** 31));
const KILLS = 3;

let database: ScratchDatabase | undefined;
let dataDir = '';
let counter: CounterServer | undefined;
let receiver: WebhookReceiver | undefined;
let atelier: AtelierProcess | undefined;
let batch: ChaosBatch | undefined;
const faults = new FaultLog();
const progress: string[] = [];
const note = (msg: string) => progress.push(`${new Date().toISOString().slice(11, 23)} ${msg}`);
// Whatever happens to the test, the child never outlives the test process.
const killChild = () => atelier?.killNow();
process.on('exit', killChild);


beforeAll(async () => {
  [counter, receiver, database] = await Promise.all([startCounterServer(400), startWebhookReceiver(), createScratchDatabase(inject('pgAdminUrl'), 'atelier_chaos')]);
  dataDir = mkdtempSync(join(inject('dataDir'), 'chaos-'));
  const port = await freePort();
  const key = generateApiKey('live');
  atelier = new AtelierProcess({
    port,
    key,
    logDir: dataDir,
    // The suite's bundle: restarts skip webpack.
    workflowBundlePath: inject('workflowBundlePath'),
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      TEMPORAL_ADDRESS: inject('temporalAddress'),
      TEMPORAL_TASK_QUEUE: `test-${database.name}`,
      ATELIER_DATA_DIR: dataDir,
      ATELIER_BOOTSTRAP_BALANCE_USD: '100',
      ATELIER_ALLOW_PRIVATE_NETWORK: '1',
      ATELIER_TOPUP_GATEWAY: 'direct',
      ATELIER_INCLUDED_CREDITS: '0',
      ATELIER_STORY_MAX_CONCURRENT: '10',
      // An image whose process is killed mid-request is failed and refunded by the sweep after 20 s.
      ATELIER_ABANDONED_JOB_S: '20',
      // The watchdog, on as in production (NODE_ENV=test turns it off): a run whose row was written
      // just before a kill, its execution never started, is started by it after 20 s quiet.
      ATELIER_ENGINE_MAINTENANCE: '1',
      ATELIER_WATCHDOG_INTERVAL_S: '5',
      ATELIER_WATCHDOG_STALL_S: '20',
      ATELIER_WEBHOOK_CA_FILE: receiver.caFile,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    },
  });
  await atelier.start();
  batch = new ChaosBatch({ baseUrl: atelier.baseUrl, key, databaseUrl: database.url }, counter, receiver, faults, SEED, note);
  await batch.setup();
}, 200_000);

afterAll(async () => {
  await batch?.close();
  await atelier?.stop('SIGKILL');
  // Its watchdog loop outlives a killed process on the shared Temporal server: end it.
  if (database) {
    const connection = await Connection.connect({ address: inject('temporalAddress') });
    await new Client({ connection }).workflow.getHandle(maintenanceWorkflowId(`test-${database.name}`)).terminate('chaos test over').catch(() => undefined);
    await connection.close();
  }
  process.off('exit', killChild);
  await counter?.close();
  await receiver?.close();
  await database?.drop().catch(() => undefined);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe(`chaos with invariants (short tier, seed ${SEED})`, () => {
  it('keeps every invariant while the Atelier process is SIGKILLed three times mid-batch', async () => {
    const r = rng(SEED);
    const producing = batch!.produce({ engineRuns: 6, stories: 1, images: 4, videos: 1, topups: 2, spreadMs: 20_000 });
    for (let i = 1; i <= KILLS; i++) {
      await new Promise((res) => setTimeout(res, r.int(1_500, 7_000)));
      const end = faults.begin('kill', `SIGKILL ${i} of ${KILLS}`);
      await atelier!.stop('SIGKILL');
      await atelier!.start();
      const f = end();
      note(`${f.label}: back after ${f.endMs - f.startMs} ms`);
    }
    await producing;
    const settled = await batch!.settle(150_000);
    const report = await batch!.check();
    const markdown = reportMarkdown(report);
    if (process.env.CHAOS_TEST_REPORT === '1') console.log(`${markdown}\n${progress.join('\n')}`);
    const violations = report.invariants.flatMap((i) => i.violations.map((v) => `${i.name}: ${v}`));
    expect(violations, `seed ${SEED} (CHAOS_TEST_SEED=${SEED} repeats it)\n${markdown}\n${progress.join('\n')}`).toEqual([]);
    expect(settled.waitingOn).toEqual([]);
    // The batch really ran under the faults: kills happened, runs and stories reached the table,
    // side effects were counted and money moved both ways.
    expect(report.perFault).toHaveLength(KILLS);
    expect(report.submitted).toMatchObject({ engine: 6, story: 1, image: 4, video: 1, topup: 2 });
    expect(report.outcomes.run?.completed ?? 0).toBeGreaterThan(0);
    expect(report.sideEffects.calls).toBeGreaterThan(0);
    expect(report.webhooks.received).toBeGreaterThan(0);
    expect(report.ledger.chargedUsd).toBeGreaterThan(0);
    expect(report.ledger.toppedUpUsd).toBeGreaterThan(0);
    for (const name of ['ledger sums', 'run_events seq', 'no charge without']) {
      expect(report.invariants.find((i) => i.name.startsWith(name))?.checked ?? 0, name).toBeGreaterThan(0);
    }
    // Restarts are seconds each on an idle machine, over half a minute on a loaded 2-core one.
  }, 420_000);
});
