// The reaper and the watchdog running on Temporal as engineMaintenance, with
// thresholds shrunk to seconds.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../../helpers/stack';
import { CounterServer, createWorkflow, failingNode, getRun, spec, startRun, waitFor, waitForRun } from './helpers';

let watch: TestStack;
let reap: TestStack;
let counter: CounterServer;
beforeAll(async () => {
  [watch, reap, counter] = await Promise.all([
    startStack({ ATELIER_ENGINE_MAINTENANCE: '1', ATELIER_WATCHDOG_INTERVAL_S: '1', ATELIER_WATCHDOG_STALL_S: '2' }),
    startStack({ ATELIER_ENGINE_MAINTENANCE: '1', ATELIER_WATCHDOG_INTERVAL_S: '1', ATELIER_REAPER_INTERVAL_S: '1', ATELIER_REAPER_MAX_RUNNING_S: '3' }),
    new CounterServer().start(),
  ]);
});
afterAll(async () => {
  await Promise.all([watch?.close(), reap?.close()]);
  await counter?.stop();
});

const approvalSpec = () =>
  spec(
    [{ id: 'start', type: 'trigger.manual' }, { id: 'gate', type: 'control.approval' }, { id: 'done', type: 'io.set', params: { values: { ok: true } } }],
    [['start', 'gate'], ['gate', 'done', 'approved']],
  );

describe('engine runs: watchdog', () => {
  it('runs on Temporal and reports its status', async () => {
    const status = await waitFor('a scheduled scan', async () => {
      const r = await watch.api('GET', '/engine/v1/v1/runs/watchdog/status');
      return r.body.total_scans > 0 ? r.body : undefined;
    });
    expect(status).toMatchObject({ active: true, active_monitored_runs: 0, recent_actions: [] });
    for (const k of ['total_recovered', 'total_stalled_detected']) expect(typeof status[k]).toBe('number');
    expect(typeof status.last_scan_at).toBe('string');
    expect(typeof status.started_at).toBe('string');
    const scan = await watch.api('POST', '/engine/v1/v1/runs/watchdog/scan');
    expect(scan.status).toBe(200);
    expect(scan.body.status.total_scans).toBeGreaterThan(status.total_scans);
  });

  it('resumes a run whose execution vanished (no heartbeat, no live execution), keeping succeeded nodes', async () => {
    const wf = await createWorkflow(watch, approvalSpec());
    const { run_id } = await startRun(watch, wf);
    await waitFor('gate to wait', async () => (await getRun(watch, run_id)).node_outputs.gate !== undefined);
    // The execution disappears behind the database's back (an operator terminated it, history lost…).
    await watch.atelier.deps.temporal.workflow.getHandle(run_id).terminate('simulated loss');
    expect((await getRun(watch, run_id)).status).toBe('running');
    const resumed = await waitFor('the watchdog to resume it', async () => {
      const r = await getRun(watch, run_id);
      return r.resumed_count === 1 ? r : undefined;
    }, 60_000, 300);
    expect(resumed.status).not.toBe('failed');
    await waitFor('gate to wait again', async () => (await getRun(watch, run_id)).node_outputs.gate !== undefined);
    // Signal the resumed execution; the trigger node (succeeded before) is not run again.
    await waitFor('the approve signal to be accepted', async () => {
      const r = await watch.api('POST', `/engine/v1/v1/runs/${run_id}/signals/approve`, { body: { payload: { approved: true } } });
      return r.status === 200;
    });
    const run = await waitForRun(watch, run_id);
    expect(run.status).toBe('completed');
    expect(run.node_outputs.done.output.main).toEqual({ ok: true });
    const status = (await watch.api('GET', '/engine/v1/v1/runs/watchdog/status')).body;
    expect(status.total_stalled_detected).toBeGreaterThanOrEqual(1);
    expect(status.total_recovered).toBeGreaterThanOrEqual(1);
    expect(status.recent_actions.some((a: { run_id: string; action: string }) => a.run_id === run_id && a.action === 'resumed')).toBe(true);
    // Another account sees none of it.
    const other = await watch.newAccount();
    const theirs = (await watch.api('GET', '/engine/v1/v1/runs/watchdog/status', { key: other.key })).body;
    expect(theirs.recent_actions).toEqual([]);
  });

  it('starts a run whose process died between writing its row and starting its execution (queued, no execution)', async () => {
    const wf = await createWorkflow(watch, spec([{ id: 'start', type: 'trigger.manual' }, { id: 'set', type: 'io.set', params: { values: { n: '{{start.output.main.n}}' } } }], [['start', 'set']]));
    const { run_id: template } = await startRun(watch, wf, { n: 7 });
    await waitForRun(watch, template);
    // The same run as the API wrote it, its row committed, the process gone before Temporal heard of it.
    const db = watch.atelier.deps.db;
    const row = await db.selectFrom('runs').selectAll().where('id', '=', template).executeTakeFirstOrThrow();
    const orphan = randomUUID();
    await db
      .insertInto('runs')
      .values({
        id: orphan,
        account_id: row.account_id,
        workflow_id: row.workflow_id,
        workflow_version: row.workflow_version,
        status: 'queued',
        trigger_type: row.trigger_type,
        sandbox: row.sandbox,
        input: JSON.stringify(row.input),
        plan: JSON.stringify(row.plan),
        nodes_total: row.nodes_total,
        temporal_workflow_id: orphan,
        created_at: new Date(Date.now() - 10_000),
      })
      .execute();
    const run = await waitForRun(watch, orphan, ['completed'], 60_000);
    expect(run.resumed_count).toBe(1);
    expect(run.node_outputs.set.output.main).toEqual({ n: 7 });
    // Its execution closes a moment after its row says completed (the last workflow task's end).
    const handle = watch.atelier.deps.temporal.workflow.getHandle(orphan);
    await handle.result();
    expect((await handle.describe()).status.name).toBe('COMPLETED');
  });

  it('recover-all resumes the caller\'s failed runs', async () => {
    const wf = await createWorkflow(watch, spec([{ id: 'start', type: 'trigger.manual' }, failingNode('f', counter)], [['start', 'f']]));
    const { run_id } = await startRun(watch, wf);
    expect((await waitForRun(watch, run_id)).status).toBe('failed');
    const r = await watch.api('POST', '/engine/v1/v1/runs/watchdog/recover-all');
    expect(r.status).toBe(200);
    expect(r.body.recovered.map((x: { run_id: string }) => x.run_id)).toContain(run_id);
    await waitFor('the resumed run to fail again', async () => {
      const run = await getRun(watch, run_id);
      return run.resumed_count === 1 && run.status === 'failed';
    });
    expect(counter.count('f')).toBe(2);
  });
});

describe('engine runs: reaper', () => {
  it('moves runs stuck running past the threshold to timed_out with a run_finished event', async () => {
    const wf = await createWorkflow(reap, approvalSpec());
    const { run_id } = await startRun(reap, wf);
    const run = await waitForRun(reap, run_id, ['timed_out'], 60_000);
    expect(run.error).toContain('reaped');
    const events = await reap.api('GET', `/engine/v1/v1/runs/${run_id}/events`);
    expect(events.text).toContain('"status":"timed_out"');
    const d = await reap.atelier.deps.temporal.workflow.getHandle(run_id).describe();
    expect(d.status.name).toBe('TERMINATED');
    const status = (await reap.api('GET', '/engine/v1/v1/runs/watchdog/status')).body;
    expect(status.recent_actions[0]).toMatchObject({ run_id, action: 'reaped' });
  });
});
