// Stored node results over their lifetime, on the S3 backend: deleting a run or an account deletes
// its blobs (rows first; a deletion a process left half done is finished by the sweep); the sweep
// deletes result blobs nothing references once the run is past its grace period, and keeps those a
// linked run still uses; a node the workflow runs itself (delay, approval) reads params reaching
// into a stored result through an activity.
import { join, resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { isResultRef, RESULT_REF_KEY, type ResultRef } from '../../../src/engine/contract/result-ref';
import { resultKey, runResultsPrefix } from '../../../src/engine/execution/result-refs';
import { sweepResults } from '../../../src/engine/execution/result-sweep';
import { accountBlobPrefix, deleteAccount } from '../../../src/platform/accounts/account-deletion';
import { queueBlobDeletion } from '../../../src/storage/blob-store-deletions';
import { writeHistory } from '../../helpers/histories';
import { closedHistory, createWorkflow, getRun, replayHistories, spec, startRun, useEngineStack, waitFor, waitForRun } from './helpers';

const fx = useEngineStack({ ATELIER_BLOB_STORE: 's3', S3_ENDPOINT: inject('s3Endpoint') });

/** ~1.2 MB of JSON on `main`: rows, plus a small number to read. */
const BIG_CODE = "return { rows: Array.from({ length: 12000 }, (_, i) => ({ i, pad: 'x'.repeat(80) })), wait_s: 0.3 };";

const bigRun = (extra: Parameters<typeof spec>[0] = [], edges: Parameters<typeof spec>[1] = []) =>
  spec(
    [
      { id: 'start', type: 'trigger.manual' },
      { id: 'big', type: 'code.javascript', params: { code: BIG_CODE, timeout_s: 20 }, retry: { max_attempts: 2, backoff: 'fixed' } },
      { id: 'reader', type: 'code.javascript', params: { code: 'return { n: inputs.big.rows.length };' } },
      ...extra,
    ],
    [['start', 'big'], ['big', 'reader'], ...edges],
  );

async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const b of fx.stack.atelier.deps.blobs.list(prefix)) keys.push(b.key);
  return keys.sort();
}

async function finishedBigRun(key?: string) {
  const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, bigRun(), { key }), {}, { key });
  const run = await waitForRun(fx.stack, run_id, undefined, 60_000, key);
  expect(run.status, JSON.stringify(run.node_outputs)).toBe('completed');
  const ref = run.node_outputs.big.output.main as ResultRef;
  expect(isResultRef(ref)).toBe(true);
  return { runId: run_id, ref, key: ref[RESULT_REF_KEY].key };
}

describe('engine runs: the lifecycle of stored results', () => {
  it('runs on the S3 backend', () => {
    expect(fx.stack.atelier.deps.blobs.backend).toBe('s3');
  });

  it('deleting a finished run deletes its rows and its result blobs; an active run is refused', async () => {
    const { deps } = fx.stack.atelier;
    const { runId, key } = await finishedBigRun();
    expect(await deps.blobs.exists(key)).toBe(true);

    const del = await fx.stack.api('DELETE', `/engine/v1/v1/runs/${runId}`);
    expect(del.status, del.text).toBe(200);
    expect(del.body).toEqual({ object: 'run', id: runId, deleted: true });
    expect((await fx.stack.api('GET', `/engine/v1/v1/runs/${runId}`)).status).toBe(404);
    expect(await keysUnder(runResultsPrefix(fx.stack.accountId, runId))).toEqual([]);
    expect(await deps.blobs.exists(key)).toBe(false);
    expect(await deps.db.selectFrom('run_node_outputs').select('node_id').where('run_id', '=', runId).execute()).toEqual([]);
    expect(await deps.db.selectFrom('blob_deletions').selectAll().execute()).toEqual([]);
    // Again: the run is gone.
    expect((await fx.stack.api('DELETE', `/engine/v1/v1/runs/${runId}`)).status).toBe(404);

    // A run waiting for an approval is still running: 409, nothing deleted.
    const waiting = await startRun(fx.stack, await createWorkflow(fx.stack, spec([{ id: 'start', type: 'trigger.manual' }, { id: 'gate', type: 'control.approval' }], [['start', 'gate']])));
    await waitFor('gate to wait', async () => (await getRun(fx.stack, waiting.run_id)).node_outputs.gate !== undefined);
    const refused = await fx.stack.api('DELETE', `/engine/v1/v1/runs/${waiting.run_id}`);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.detail).toMatchObject({ error: 'run_active', status: 'running' });
    await fx.stack.api('POST', `/engine/v1/v1/runs/${waiting.run_id}/cancel`);
    await waitForRun(fx.stack, waiting.run_id);
    expect((await fx.stack.api('DELETE', `/engine/v1/v1/runs/${waiting.run_id}`)).status).toBe(200);

    // Another account's run is not found.
    const other = await fx.stack.newAccount();
    const theirs = await finishedBigRun(other.key);
    expect((await fx.stack.api('DELETE', `/engine/v1/v1/runs/${theirs.runId}`)).status).toBe(404);
    expect(await deps.blobs.exists(theirs.key)).toBe(true);
  }, 120_000);

  it('a deletion whose process died after the rows went is finished by the sweep', async () => {
    const { deps } = fx.stack.atelier;
    const prefix = runResultsPrefix(fx.stack.accountId, '00000000-0000-4000-8000-00000000dead');
    await deps.blobs.put(`${prefix}n/0-1-main.json`, '[1,2,3]');
    await deps.blobs.put(`${prefix}n/0-2-main.json`, '[1,2,3]');
    // As deleteRun leaves it when it dies between its transaction and the blobs.
    await queueBlobDeletion(deps.db, prefix, 'run');
    const report = await sweepResults(deps, 3600);
    expect(report.deletions).toBe(1);
    expect(await keysUnder(prefix)).toEqual([]);
    expect(await deps.db.selectFrom('blob_deletions').selectAll().execute()).toEqual([]);
  });

  it('the sweep deletes a failed attempt\'s result once the run is past its grace, keeps what the run and a re-run reference', async () => {
    const { deps } = fx.stack.atelier;
    // `big`'s first attempt stores its result and then fails (as when its worker is lost right
    // after the write); the retry stores its own and reports it. The first one's bytes stay behind.
    const store = deps.blobs as { put: typeof deps.blobs.put };
    const put = store.put;
    let failedOnce = false;
    store.put = async (blobKey, data) => {
      const stored = await put.call(deps.blobs, blobKey, data);
      if (!failedOnce && blobKey.endsWith('/big/0-1-main.json')) {
        failedOnce = true;
        throw new Error('lost right after storing the result');
      }
      return stored;
    };
    let first;
    try {
      first = await finishedBigRun();
    } finally {
      store.put = put;
    }
    const { runId, key } = first;
    expect(failedOnce).toBe(true);
    expect(key).toBe(resultKey(fx.stack.accountId, runId, 'big', 0, 2, 'main'));
    const orphan = resultKey(fx.stack.accountId, runId, 'big', 0, 1, 'main');
    expect(await keysUnder(runResultsPrefix(fx.stack.accountId, runId))).toEqual([orphan, key]);
    // A re-run from `reader` reuses `big`'s result: it references the first run's blob.
    const rerun = await fx.stack.api('POST', `/engine/v1/v1/runs/${runId}/rerun-from`, { body: { node_id: 'reader' } });
    expect(rerun.status, rerun.text).toBe(201);
    const second = await waitForRun(fx.stack, rerun.body.run_id as string, undefined, 60_000);
    expect(second.status).toBe('completed');
    expect(second.node_outputs.reader.output.main).toEqual({ n: 12000 });

    // Within the grace period nothing goes.
    expect((await sweepResults(deps, 3600)).orphans).toBe(0);
    expect(await deps.blobs.exists(orphan)).toBe(true);

    await new Promise((r) => setTimeout(r, 1500));
    // A pass going on from a later position does not look at runs finished before it.
    const later = await sweepResults(deps, 1, { since: new Date() });
    expect(later.runs).toBe(0);
    expect(later.through.getTime()).toBeLessThan(Date.now());
    expect(await deps.blobs.exists(orphan)).toBe(true);
    const report = await sweepResults(deps, 1);
    expect(report.orphans).toBe(1);
    expect(await deps.blobs.exists(orphan)).toBe(false);
    expect(await deps.blobs.exists(key)).toBe(true);
    // Swept once per resume count: the next pass leaves the run alone.
    const swept = await deps.db.selectFrom('run_result_sweeps').selectAll().where('run_id', '=', runId).executeTakeFirstOrThrow();
    expect(swept.resumed_count).toBe(0);
    // The download still streams the whole result.
    const got = await fx.stack.api('GET', `/engine/v1/v1/runs/${runId}/nodes/big/outputs/main`);
    expect(got.status).toBe(200);
    expect(got.body.rows).toHaveLength(12000);

    // The first run's results are in use by the re-run: refused until the re-run is deleted.
    const refused = await fx.stack.api('DELETE', `/engine/v1/v1/runs/${runId}`);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.detail).toMatchObject({ error: 'run_results_in_use', run_ids: [rerun.body.run_id] });
    expect((await fx.stack.api('DELETE', `/engine/v1/v1/runs/${rerun.body.run_id}`)).status).toBe(200);
    expect((await fx.stack.api('DELETE', `/engine/v1/v1/runs/${runId}`)).status).toBe(200);
    expect(await deps.blobs.exists(key)).toBe(false);
  }, 120_000);

  it('results under a run that has no row are deleted by the stray scan once past the grace', async () => {
    const { deps } = fx.stack.atelier;
    const prefix = runResultsPrefix(fx.stack.accountId, '00000000-0000-4000-8000-0000000057a7');
    await deps.blobs.put(`${prefix}late/0-1-main.json`, '{"late":true}');
    expect((await sweepResults(deps, 3600, { strays: true })).strays).toBe(0);
    await new Promise((r) => setTimeout(r, 1500));
    const report = await sweepResults(deps, 1, { strays: true });
    expect(report.strays).toBeGreaterThanOrEqual(1);
    expect(await keysUnder(prefix)).toEqual([]);
  });

  it('deleting an account deletes its rows and every blob under its folder', async () => {
    const { deps } = fx.stack.atelier;
    const acct = await fx.stack.newAccount();
    const { runId, key } = await finishedBigRun(acct.key);
    const upload = deps.blobs.newKey(acct.accountId, 'uploads', 'photo.png');
    await deps.blobs.put(upload, Buffer.from('not really a png'));
    const mine = await finishedBigRun();

    const result = await deleteAccount(deps, acct.accountId);
    expect(result).toEqual({ object: 'account', id: acct.accountId, deleted: true });
    expect(await keysUnder(accountBlobPrefix(acct.accountId))).toEqual([]);
    expect(await deps.blobs.exists(key)).toBe(false);
    expect(await deps.db.selectFrom('runs').select('id').where('id', '=', runId).execute()).toEqual([]);
    expect(await deps.db.selectFrom('accounts').select('id').where('id', '=', acct.accountId).execute()).toEqual([]);
    await waitFor('the deleted account\'s key to stop working', async () => (await fx.stack.api('GET', '/v1/billing/balance', { key: acct.key })).status === 401, 10_000);
    // Another account's blobs are untouched.
    expect(await deps.blobs.exists(mine.key)).toBe(true);
    await expect(deleteAccount(deps, acct.accountId)).rejects.toMatchObject({ status: 404 });
  }, 120_000);

  it('delay and approval params reaching into a stored result are read by an activity; the history replays', async () => {
    const s = bigRun(
      [
        { id: 'nap', type: 'control.delay', params: { seconds: '{{big.output.main.wait_s}}' } },
        { id: 'gate', type: 'control.approval', params: { timeout_s: '{{big.output.main.wait_s}}', default: 'approved' } },
      ],
      [['big', 'nap'], ['nap', 'gate']],
    );
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s));
    const run = await waitForRun(fx.stack, run_id, undefined, 60_000);
    expect(run.status, JSON.stringify(run.node_outputs)).toBe('completed');
    expect(run.node_outputs.nap.ok).toBe(true);
    // The approval timed out after wait_s (read from the stored result) and took its default.
    expect(run.node_outputs.gate.output).toHaveProperty('approved');

    const history = await closedHistory(fx.stack, run_id);
    const events = (history as { events: Array<{ activityTaskScheduledEventAttributes?: { activityType?: { name?: string } }; markerRecordedEventAttributes?: { details?: Record<string, unknown> } }> }).events;
    const resolves = events.filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'resolveNodeParams');
    expect(resolves).toHaveLength(2);
    const [replayed] = await replayHistories([{ workflowId: run_id, history }]);
    expect(replayed!.error, String(replayed!.error)).toBeUndefined();
    // RECORD_HISTORIES=1 keeps this run's history for the determinism suite.
    if (process.env.RECORD_HISTORIES === '1') {
      writeHistory(join(resolve(import.meta.dirname, '../../histories'), 'engineRun.workflow-node-param-refs.json'), { workflowType: 'engineRun', workflowId: run_id, status: 'COMPLETED', history });
    }
  }, 120_000);

  it('a workflow-run node whose params would take in a whole stored result fails clearly', async () => {
    const s = bigRun([{ id: 'nap', type: 'control.delay', params: { seconds: '{{big.output.main.rows}}' } }], [['big', 'nap']]);
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s));
    const run = await waitForRun(fx.stack, run_id, undefined, 60_000);
    expect(run.status).toBe('failed');
    expect(run.node_outputs.nap.ok).toBe(false);
    expect(run.node_outputs.nap.error).toMatch(/params must stay under \d+ bytes/);
  }, 120_000);
});
