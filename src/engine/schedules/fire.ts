// One firing of a schedule (the engineScheduleFire workflow's activity): starts a run with
// trigger_type `schedule` through the engine's start path. A schedule whose record or workflow is
// gone removes itself; a refusal (rate policy, inactive workflow, unplannable spec) is recorded on
// the schedule as last_error and is not retried — the next firing tries again.
import type { Deps } from '../../deps';
import { ApiError } from '../../infra/http/errors';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit-service';
import { startTriggeredRun } from '../run/trigger-start';
import { deleteTemporalSchedule, temporalScheduleId, type ScheduleFireInput } from './temporal-schedule';

export interface ScheduleFireResult {
  outcome: 'started' | 'skipped' | 'removed';
  run_id?: string;
  reason?: string;
}

export async function fireSchedule(deps: Deps, input: ScheduleFireInput): Promise<ScheduleFireResult> {
  const { db } = deps;
  const schedule = await db.selectFrom('engine_schedules').selectAll().where('id', '=', input.scheduleId).where('account_id', '=', input.accountId).executeTakeFirst();
  if (!schedule) {
    await deleteTemporalSchedule(deps, temporalScheduleId(input.scheduleId));
    return { outcome: 'removed', reason: 'schedule record deleted' };
  }
  const workflow = await db.selectFrom('workflows').select(['id', 'active', 'deleted_at']).where('id', '=', schedule.workflow_id).executeTakeFirst();
  if (!workflow || workflow.deleted_at) {
    // 3 / issue: a schedule of a deleted workflow is removed.
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('engine_schedules').where('id', '=', schedule.id).execute();
      await recordAudit(trx, {
        accountId: schedule.account_id, workflowId: schedule.workflow_id, action: 'schedule.deleted', actor: SYSTEM_ACTOR,
        summary: `Schedule ${schedule.id} removed: its workflow was deleted`, before: { cron: schedule.cron, timezone: schedule.timezone, active: schedule.active },
      });
    });
    await deleteTemporalSchedule(deps, schedule.temporal_schedule_id);
    return { outcome: 'removed', reason: 'workflow deleted' };
  }
  const note = async (patch: { last_error: string | null; last_run_id?: string }) => {
    await db
      .updateTable('engine_schedules')
      .set({ ...patch, last_fired_at: new Date(), fire_count: (eb) => eb('fire_count', '+', 1) })
      .where('id', '=', schedule.id)
      .execute();
  };
  if (!workflow.active) {
    await note({ last_error: 'workflow is inactive (active=false); firing skipped' });
    return { outcome: 'skipped', reason: 'workflow inactive' };
  }
  try {
    const run = await startTriggeredRun(deps, { accountId: schedule.account_id, workflowId: schedule.workflow_id, input: schedule.input, triggerType: 'schedule' });
    await note({ last_error: null, last_run_id: run.id });
    return { outcome: 'started', run_id: run.id };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const reason = `${err.status}: ${err.message}`.slice(0, 1000);
    await note({ last_error: reason });
    return { outcome: 'skipped', reason };
  }
}
