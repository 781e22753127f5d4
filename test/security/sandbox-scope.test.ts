// A sandbox (`svc_test_`) key reads the account's live objects but changes only sandbox ones: it
// cannot cancel, delete, resume, retry or signal a live run, edit or delete a stored workflow, or
// decide (or mint links for) a live run's approval. On its own sandbox runs it can do all of that.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApiKey } from '../../src/platform/accounts/accounts';
import { startStack, type TestStack } from '../helpers/stack';
import { createWorkflow, spec, startRun, waitFor, waitForRun } from '../engine/runs/helpers';

let stack: TestStack;
let sandboxKey: string;

const waiting = () =>
  spec([{ id: 'start', type: 'trigger.manual' }, { id: 'gate', type: 'control.approval', params: { approvers: [] } }], [['start', 'gate']]);

beforeAll(async () => {
  stack = await startStack({ ATELIER_RATE_LIMIT_SCALE: '1000000' });
  sandboxKey = (await insertApiKey(stack.atelier.deps.db, { accountId: stack.accountId, name: 'sandbox admin', type: 'admin', environment: 'sandbox' })).key;
}, 180_000);

afterAll(async () => {
  await stack?.close();
});

const pendingApproval = (runId: string) =>
  waitFor(`approval of ${runId}`, async () => (await stack.api('GET', `/engine/v1/v1/approvals?status=pending&run_id=${runId}`)).body.data?.[0] as { id: string } | undefined);

describe('sandbox keys on live objects', () => {
  it('read a live run and its workflow, and change neither', async () => {
    const wf = await createWorkflow(stack, waiting());
    const live = await startRun(stack, wf);
    const approval = await pendingApproval(live.run_id);
    const as = (method: string, path: string, body?: unknown) => stack.api(method, path, { key: sandboxKey, body });

    expect((await as('GET', `/engine/v1/v1/runs/${live.run_id}`)).status).toBe(200);
    expect((await as('GET', `/engine/v1/v1/workflows/${wf}`)).status).toBe(200);
    const refused = [
      await as('POST', `/engine/v1/v1/runs/${live.run_id}/cancel`),
      await as('POST', `/engine/v1/v1/runs/${live.run_id}/signals/approve`, { payload: { approved: true } }),
      await as('POST', `/engine/v1/v1/runs/${live.run_id}/resume`),
      await as('POST', `/engine/v1/v1/runs/${live.run_id}/retry`),
      await as('DELETE', `/engine/v1/v1/runs/${live.run_id}`),
      await as('PUT', `/engine/v1/v1/workflows/${wf}`, { name: 'renamed by sandbox' }),
      await as('DELETE', `/engine/v1/v1/workflows/${wf}`),
      await as('POST', `/engine/v1/v1/approvals/${approval.id}/decisions`, { approved: true }),
    ];
    for (const r of refused) {
      expect(r.status, r.text).toBe(403);
      expect(r.body.detail.error).toBe('sandbox_key_on_live_object');
    }
    // Nothing changed: the run still waits, the workflow keeps its name, the approval is pending.
    expect((await stack.api('GET', `/engine/v1/v1/runs/${live.run_id}`)).body.status).toBe('running');
    expect((await stack.api('GET', `/engine/v1/v1/workflows/${wf}`)).body.name).not.toBe('renamed by sandbox');
    expect((await stack.api('GET', `/engine/v1/v1/approvals/${approval.id}`)).body.status).toBe('pending');
    // Another account's id stays a 404, not a 403.
    expect((await as('POST', `/engine/v1/v1/approvals/apr_000000000000000000000000/decisions`, { approved: true })).status).toBe(404);
    expect((await stack.api('POST', `/engine/v1/v1/runs/${live.run_id}/cancel`)).status).toBe(200);
  });

  it('change their own sandbox runs as any key would', async () => {
    const wf = await createWorkflow(stack, waiting());
    const own = await startRun(stack, wf, {}, { key: sandboxKey });
    const approval = await pendingApproval(own.run_id);
    const decided = await stack.api('POST', `/engine/v1/v1/approvals/${approval.id}/decisions`, { key: sandboxKey, body: { approved: true } });
    expect(decided.status, decided.text).toBe(200);
    expect((await waitForRun(stack, own.run_id, undefined, 45_000, sandboxKey)).status).toBe('completed');
    expect((await stack.api('DELETE', `/engine/v1/v1/runs/${own.run_id}`, { key: sandboxKey })).status).toBe(200);
    expect((await stack.api('POST', '/engine/v1/v1/workflows', { key: sandboxKey, body: { name: 'made in sandbox', spec: waiting() } })).status).toBe(201);
  });
});
