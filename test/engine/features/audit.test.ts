// Every change to a workflow writes an audit entry with a real JSON diff in the same transaction;
// a deleted workflow's schedules go with it; POST /v1/audit adds entries of one's own.
import { ScheduleNotFoundError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../../helpers/stack';
import { createWorkflow, spec } from '../runs/helpers';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

const s1 = spec([{ id: 'start', type: 'trigger.manual' }, { id: 'set', type: 'io.set', params: { values: { a: 1 } } }], [['start', 'set']]);
const s2 = spec([{ id: 'start', type: 'trigger.manual' }, { id: 'set', type: 'io.set', params: { values: { a: 2 } } }], [['start', 'set']]);
const entries = async (wf: string) => (await stack.api('GET', `/engine/v1/v1/audit/workflow/${wf}`)).body.data as Array<{ action: string; diff: unknown; summary: string; actor_id: string }>;

describe('audit', () => {
  it('records create, update (spec diff), duplicate and delete of a workflow', async () => {
    const wf = await createWorkflow(stack, s1, { name: 'audited' });
    const created = await entries(wf);
    expect(created.map((e) => e.action)).toEqual(['workflow.created']);
    expect(created[0]!.actor_id).toBeTruthy();

    const bad = await stack.api('PUT', `/engine/v1/v1/workflows/${wf}`, { body: { spec: { nodes: 'x' } } });
    expect(bad.status).toBe(422);
    expect((await entries(wf)).length).toBe(1);

    await stack.api('PUT', `/engine/v1/v1/workflows/${wf}`, { body: { spec: s2, tags: ['prod'] } });
    const [updated] = await entries(wf);
    expect(updated!.action).toBe('workflow.updated');
    expect(updated!.summary).toContain('version 1 → 2');
    expect(updated!.diff).toEqual(expect.arrayContaining([
      { op: 'replace', path: '/spec/nodes/1/params/values/a', before: 1, after: 2 },
      { op: 'add', path: '/tags/0', after: 'prod' },
      { op: 'replace', path: '/version', before: 1, after: 2 },
    ]));

    const copy = (await stack.api('POST', `/engine/v1/v1/workflows/${wf}/duplicate`, { body: {} })).body;
    expect((await entries(copy.id))[0]!.action).toBe('workflow.duplicated');

    const sched = (await stack.api('POST', '/engine/v1/v1/schedules', { body: { workflow_id: wf, cron: '0 1 * * *' } })).body;
    expect((await stack.api('DELETE', `/engine/v1/v1/workflows/${wf}`)).status).toBe(200);
    const gone = await stack.atelier.deps.db.selectFrom('engine_audit_entries').select(['action', 'diff']).where('workflow_id', '=', wf).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(gone.action).toBe('workflow.deleted');
    expect(gone.diff).toEqual([{ op: 'remove', path: '/', before: expect.objectContaining({ name: 'audited', version: 2 }) }]);
    await expect(stack.atelier.deps.temporal.schedule.getHandle(sched.temporal_schedule_id).describe()).rejects.toBeInstanceOf(ScheduleNotFoundError);
    expect((await stack.api('GET', `/engine/v1/v1/audit/workflow/${wf}`)).status).toBe(404);
  });

  it('POST /v1/audit adds an entry; recent lists the account only; 422 and 404 as usual', async () => {
    const wf = await createWorkflow(stack, s1);
    const posted = await stack.api('POST', '/engine/v1/v1/audit', { body: { workflow_id: wf, action: 'deploy.note', summary: 'Released to EU', diff: { ticket: 'OPS-1' } } });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ workflow_id: wf, action: 'deploy.note', summary: 'Released to EU', diff: { ticket: 'OPS-1' } });
    expect((await stack.api('GET', '/engine/v1/v1/audit/recent?limit=1')).body.data[0].id).toBe(posted.body.id);
    const bad = await stack.api('POST', '/engine/v1/v1/audit', { body: { summary: 'x' } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'action']);
    const other = await stack.newAccount();
    expect((await stack.api('GET', '/engine/v1/v1/audit/recent', { key: other.key })).body.data).toEqual([]);
    expect((await stack.api('POST', '/engine/v1/v1/audit', { body: { workflow_id: wf, action: 'x', summary: 'y' }, key: other.key })).status).toBe(404);
  });
});
