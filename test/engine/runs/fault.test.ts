// Fault test (issue 3): SIGKILL the worker process during a 30-node run whose nodes call a
// loopback HTTP counter; a new worker process finishes the run; every node's node_completed
// appears exactly once; report how many side effects repeated. And an approval that waits while its
// worker is killed: the decisions taken meanwhile complete it once a new worker runs.
import type { ChildProcess } from 'node:child_process';
import { spawnFaultWorker } from './fault-worker-process';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { issueSessionToken } from '../../../src/platform/auth/sessions';
import { startStack, type TestStack } from '../../helpers/stack';
import { CounterServer, createWorkflow, httpNode, spec, startRun, waitFor, waitForRun } from './helpers';

let stack: TestStack;
let counter: CounterServer;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  // The API only: the run's work happens in worker processes this test owns.
  [stack, counter] = await Promise.all([startStack({ ATELIER_ROLE: 'api' }), new CounterServer().start()]);
});
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
  await stack?.close();
  await counter?.stop();
});

function startWorkerProcess(): Promise<ChildProcess> {
  const c = stack.config;
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: c.databaseUrl!,
    TEMPORAL_ADDRESS: c.temporal.address,
    TEMPORAL_TASK_QUEUE: c.temporal.taskQueue,
    ATELIER_DATA_DIR: c.dataDir,
    SESSION_SECRET: c.sessionSecret,
    ATELIER_ENCRYPTION_KEY: c.encryptionKey.toString('hex'),
    ATELIER_ALLOW_PRIVATE_NETWORK: '1',
    FAULT_WORKER_BUNDLE: inject('workflowBundlePath'),
  };
  return spawnFaultWorker(env, workers);
}

/** SIGKILL the whole process group (npx → tsx → node), as a crash would. */
function kill(child: ChildProcess) {
  process.kill(-child.pid!, 'SIGKILL');
}

describe('engine runs: worker crash', () => {
  it('a run survives SIGKILL of its worker; every node completes exactly once in the event log', { timeout: 240_000 }, async () => {
    // Three parallel chains of ten slow HTTP calls: 30 nodes with side effects.
    const nodes = [];
    const edges: Array<[string, string]> = [];
    for (let chain = 0; chain < 3; chain++) {
      for (let i = 0; i < 10; i++) {
        const id = `c${chain}_n${i}`;
        nodes.push(httpNode(id, counter, 400, { retry: { max_attempts: 5, backoff: 'fixed' } }));
        edges.push([i === 0 ? 'start' : `c${chain}_n${i - 1}`, id]);
      }
    }
    const wf = await createWorkflow(stack, spec([{ id: 'start', type: 'trigger.manual' }, ...nodes], edges));

    const first = await startWorkerProcess();
    const { run_id } = await startRun(stack, wf);
    const db = stack.atelier.deps.db;
    const completedCount = async () =>
      (await db.selectFrom('run_events').select('seq').where('run_id', '=', run_id).where('type', '=', 'node_completed').execute()).length;
    await waitFor('a third of the nodes to complete', async () => (await completedCount()) >= 10, 120_000, 50);
    kill(first);
    const atKill = await completedCount();
    const second = await startWorkerProcess();

    const run = await waitForRun(stack, run_id, ['completed', 'failed', 'timed_out', 'cancelled'], 180_000);
    expect(run.status).toBe('completed');
    expect(run.nodes_completed).toBe(31);

    const events = await db.selectFrom('run_events').selectAll().where('run_id', '=', run_id).orderBy('seq').execute();
    const completions = events.filter((e) => e.type === 'node_completed').map((e) => e.node_id);
    expect(completions).toHaveLength(31);
    expect(new Set(completions).size).toBe(31);
    expect(events.filter((e) => e.type === 'run_finished')).toHaveLength(1);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));

    const ids = nodes.map((n) => n.id);
    for (const id of ids) expect(counter.count(id)).toBeGreaterThanOrEqual(1);
    const repeated = ids.reduce((n, id) => n + counter.count(id) - 1, 0);
    const repeatedNodes = ids.filter((id) => counter.count(id) > 1);
    console.log(
      `[fault] killed the worker after ${atKill}/31 node completions; the second worker finished the run. ` +
        `Side effects repeated: ${repeated} (nodes: ${repeatedNodes.join(', ') || 'none'}) of ${counter.hits.length} calls.`,
    );
    // At most the calls in flight at the kill (one per chain) may repeat.
    expect(repeated).toBeLessThanOrEqual(3);
    kill(second);
  });
});

describe('engine runs: worker crash while an approval waits', () => {
  it('decisions taken while no worker runs complete the approval once a new worker starts', { timeout: 240_000 }, async () => {
    const wf = await createWorkflow(stack, spec(
      [
        { id: 'start', type: 'trigger.manual' },
        { id: 'gate', type: 'control.approval', params: { approvers: ['ada@example.com', 'bob@example.com'], quorum: 2 } },
        { id: 'yes', type: 'io.set', params: { values: { decision: 'approved' } } },
      ],
      [['start', 'gate'], ['gate', 'yes', 'approved']],
    ));
    const first = await startWorkerProcess();
    const { run_id } = await startRun(stack, wf);
    const approval = await waitFor('the approval request', async () => (await stack.api('GET', `/engine/v1/v1/approvals?run_id=${run_id}`)).body.data?.[0], 120_000);
    const as = (email: string) => issueSessionToken(stack.config.sessionSecret, { accountId: stack.accountId, email });
    const decide = async (email: string) => stack.api('POST', `/engine/v1/v1/approvals/${approval.id}/decisions`, { key: await as(email), body: { approved: true } });
    expect((await decide('ada@example.com')).body.approval.status).toBe('pending');
    kill(first);
    // No worker: the outcome is decided and its signal sent to Temporal, which keeps it for the run.
    expect((await decide('bob@example.com')).body.approval.status).toBe('approved');
    const second = await startWorkerProcess();
    const run = await waitForRun(stack, run_id, ['completed', 'failed', 'timed_out', 'cancelled'], 180_000);
    expect(run.status).toBe('completed');
    expect(run.node_outputs.gate.output.approved.decisions.map((d: { approver: string }) => d.approver)).toEqual(['ada@example.com', 'bob@example.com']);
    expect(run.node_outputs.yes.output.main).toEqual({ decision: 'approved' });
    kill(second);
  });
});
