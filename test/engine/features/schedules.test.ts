// Schedules are real Temporal Schedules: created, paused, updated and deleted with their record;
// a firing (Temporal's trigger-immediately) starts a run with trigger_type `schedule` through the
// engine's start path, so the workflow's rate policy applies to it.
import { ScheduleNotFoundError } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import { createWorkflow, httpNode, spec, waitFor, waitForRun, useEngineStack } from '../runs/helpers';

const fx = useEngineStack();

const simple = () => spec([{ id: 'start', type: 'trigger.manual' }, { id: 'set', type: 'io.set', params: { values: { seen: '{{start.output.main.who}}' } } }], [['start', 'set']]);
const temporalSchedule = (id: string) => fx.stack.atelier.deps.temporal.schedule.getHandle(id);
const runsOf = async (workflowId: string) => (await fx.stack.api('GET', `/engine/v1/v1/runs?workflow_id=${workflowId}`)).body.data as Array<{ run_id: string; trigger_type: string; status: string }>;

describe('schedules', () => {
  it('rejects a bad cron or time zone with 422 naming the field, and leaves nothing behind', async () => {
    const wf = await createWorkflow(fx.stack, simple());
    const badCron = await fx.stack.api('POST', '/engine/v1/v1/schedules', { body: { workflow_id: wf, cron: '61 * * * *' } });
    expect(badCron.status).toBe(422);
    expect(badCron.body.detail[0].loc).toEqual(['body', 'cron']);
    const sixFields = await fx.stack.api('POST', '/engine/v1/v1/schedules', { body: { workflow_id: wf, cron: '0 0 * * * *' } });
    expect(sixFields.status).toBe(422);
    const badZone = await fx.stack.api('POST', '/engine/v1/v1/schedules', { body: { workflow_id: wf, cron: '*/5 * * * *', timezone: 'Mars/Olympus' } });
    expect(badZone.status).toBe(422);
    expect(badZone.body.detail.map((d: { loc: unknown[] }) => d.loc)).toEqual([['body', 'timezone']]);
    const patchBad = await fx.stack.api('PATCH', '/engine/v1/v1/schedules/sch_missing', { body: { cron: 'nope' } });
    expect(patchBad.status).toBe(422);
    expect((await fx.stack.api('GET', `/engine/v1/v1/schedules?workflow_id=${wf}`)).body.data).toEqual([]);
  });

  it('creates a Temporal Schedule, fires it into a schedule run, pauses it with active=false and deletes it with the record', async () => {
    const wf = await createWorkflow(fx.stack, simple());
    const created = await fx.stack.api('POST', '/engine/v1/v1/schedules', { body: { workflow_id: wf, cron: '0 3 * * 1-5', input: { who: 'cron' } } });
    expect(created.status).toBe(201);
    const s = created.body;
    expect(s).toMatchObject({ workflow_id: wf, cron: '0 3 * * 1-5', timezone: 'Europe/Warsaw', active: true, input: { who: 'cron' } });

    const described = await temporalSchedule(s.temporal_schedule_id).describe();
    expect(described.state.paused).toBe(false);
    expect(described.spec.timezone).toBe('Europe/Warsaw');
    expect(described.action.type).toBe('startWorkflow');
    expect(described.action.taskQueue).toBe(fx.stack.config.temporal.taskQueue);

    await temporalSchedule(s.temporal_schedule_id).trigger();
    const run = await waitFor('a schedule run', async () => (await runsOf(wf)).find((r) => r.trigger_type === 'schedule'));
    const done = await waitForRun(fx.stack, run.run_id);
    expect(done.status).toBe('completed');
    expect(done.trigger_type).toBe('schedule');
    expect(done.node_outputs.set.output.main.seen).toBe('cron');
    const listed = await waitFor('fire_count', async () => {
      const row = (await fx.stack.api('GET', '/engine/v1/v1/schedules')).body.data.find((x: { id: string }) => x.id === s.id);
      return row.fire_count === 1 ? row : undefined;
    });
    expect(listed.last_run_id).toBe(run.run_id);

    const paused = await fx.stack.api('PATCH', `/engine/v1/v1/schedules/${s.id}`, { body: { active: false, cron: '30 4 * * *', timezone: 'America/New_York' } });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ active: false, cron: '30 4 * * *', timezone: 'America/New_York' });
    const after = await temporalSchedule(s.temporal_schedule_id).describe();
    expect(after.state.paused).toBe(true);
    expect(after.spec.timezone).toBe('America/New_York');

    const audit = (await fx.stack.api('GET', `/engine/v1/v1/audit/workflow/${wf}`)).body;
    const actions = (audit.data ?? audit).map((a: { action: string }) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['schedule.created', 'schedule.updated']));

    const deleted = await fx.stack.api('DELETE', `/engine/v1/v1/schedules/${s.id}`);
    expect(deleted.status).toBe(200);
    await expect(temporalSchedule(s.temporal_schedule_id).describe()).rejects.toBeInstanceOf(ScheduleNotFoundError);
    expect((await fx.stack.api('DELETE', `/engine/v1/v1/schedules/${s.id}`)).status).toBe(404);
  });

  it("answers 404 for another account's schedule and workflow", async () => {
    const other = await fx.stack.newAccount();
    const wf = await createWorkflow(fx.stack, simple());
    const mine = (await fx.stack.api('POST', '/engine/v1/v1/schedules', { body: { workflow_id: wf, cron: '0 0 1 1 *' } })).body;
    expect((await fx.stack.api('POST', '/engine/v1/v1/schedules', { body: { workflow_id: wf, cron: '0 0 1 1 *' }, key: other.key })).status).toBe(404);
    expect((await fx.stack.api('PATCH', `/engine/v1/v1/schedules/${mine.id}`, { body: { active: false }, key: other.key })).status).toBe(404);
    expect((await fx.stack.api('DELETE', `/engine/v1/v1/schedules/${mine.id}`, { key: other.key })).status).toBe(404);
    expect((await fx.stack.api('GET', '/engine/v1/v1/schedules', { key: other.key })).body.data).toEqual([]);
    await fx.stack.api('DELETE', `/engine/v1/v1/schedules/${mine.id}`);
  });

  it('deleting a workflow removes its schedules; a schedule whose workflow vanished otherwise removes itself when it fires', async () => {
    const gone = async (temporalId: string) => {
      try {
        await temporalSchedule(temporalId).describe();
        return false;
      } catch (err) {
        return err instanceof ScheduleNotFoundError;
      }
    };
    const wf = await createWorkflow(fx.stack, simple());
    const s = (await fx.stack.api('POST', '/engine/v1/v1/schedules', { body: { workflow_id: wf, cron: '0 0 * * 7' } })).body;
    expect((await fx.stack.api('DELETE', `/engine/v1/v1/workflows/${wf}`)).status).toBe(200);
    expect(await gone(s.temporal_schedule_id)).toBe(true);
    expect(await fx.stack.atelier.deps.db.selectFrom('engine_schedules').select('id').where('id', '=', s.id).executeTakeFirst()).toBeUndefined();

    // A workflow deleted behind the API's back (no clean-up ran): the next firing cleans up.
    const wf2 = await createWorkflow(fx.stack, simple());
    const s2 = (await fx.stack.api('POST', '/engine/v1/v1/schedules', { body: { workflow_id: wf2, cron: '0 0 * * 7' } })).body;
    await fx.stack.atelier.deps.db.updateTable('workflows').set({ deleted_at: new Date() }).where('id', '=', wf2).execute();
    await temporalSchedule(s2.temporal_schedule_id).trigger();
    await waitFor('the schedule to be removed', () => gone(s2.temporal_schedule_id));
    expect(await fx.stack.atelier.deps.db.selectFrom('engine_schedules').select('id').where('id', '=', s2.id).executeTakeFirst()).toBeUndefined();
    expect(await runsOf(wf2)).toEqual([]);
  });

  it("a firing obeys the workflow's rate policy: refused while the only slot is taken", async () => {
    const wf = await createWorkflow(fx.stack, spec([{ id: 'start', type: 'trigger.manual' }, httpNode('slow', fx.counter, 2500)], [['start', 'slow']]));
    expect((await fx.stack.api('PUT', `/engine/v1/v1/rate-limits/workflow/${wf}`, { body: { max_concurrent_runs: 1 } })).status).toBe(200);
    const first = await fx.stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: wf, input: {} } });
    expect(first.status).toBe(201);
    const s = (await fx.stack.api('POST', '/engine/v1/v1/schedules', { body: { workflow_id: wf, cron: '0 0 * * *' } })).body;
    await temporalSchedule(s.temporal_schedule_id).trigger();
    const row = await waitFor('the refused firing', async () => {
      const r = (await fx.stack.api('GET', `/engine/v1/v1/schedules?workflow_id=${wf}`)).body.data[0];
      return r.fire_count >= 1 ? r : undefined;
    });
    expect(row.last_error).toMatch(/^429: .*concurrent/);
    expect((await runsOf(wf)).length).toBe(1);
    await waitForRun(fx.stack, first.body.run_id);
    await fx.stack.api('DELETE', `/engine/v1/v1/schedules/${s.id}`);
  });
});
