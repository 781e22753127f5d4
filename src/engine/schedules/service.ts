// Schedule {workflow_id, cron (5-field), timezone (IANA, default Europe/Warsaw),
// active (true)} GET/POST /v1/schedules, PATCH/DELETE /v1/schedules/{id}. The row and
// its audit entry commit together with the Temporal Schedule's change: Temporal is called inside
// the transaction, so a Temporal failure leaves no row, and a failed commit undoes the Schedule.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { isoTime, listOf } from '../../infra/http/views';
import type { EngineSchedule } from '../../infra/db/schema/index';
import { detail } from '../../infra/http/errors';
import { recordAudit, type Actor } from '../audit/audit-service';
import { ownedWorkflow } from '../workflow-lookup';
import { createTemporalSchedule, deleteTemporalSchedule, temporalScheduleId, updateTemporalSchedule } from './temporal-schedule';
import { orNotFound } from '../../infra/db/or-not-found';

export const DEFAULT_TIMEZONE = 'Europe/Warsaw';

export const ScheduleView = z.object({
  id: z.string(),
  workflow_id: z.string(),
  cron: z.string(),
  timezone: z.string(),
  active: z.boolean(),
  input: z.record(z.string(), z.unknown()).describe('The run input each firing starts with'),
  temporal_schedule_id: z.string(),
  fire_count: z.number().int(),
  last_fired_at: isoTime.nullable(),
  last_run_id: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: isoTime,
  updated_at: isoTime,
});
export const ScheduleListView = listOf(ScheduleView, { total: z.number().int() });
export const ScheduleDeletedView = z.object({ id: z.string(), deleted: z.literal(true) });

export function scheduleView(row: EngineSchedule): z.output<typeof ScheduleView> {
  return {
    id: row.id,
    workflow_id: row.workflow_id,
    cron: row.cron,
    timezone: row.timezone,
    active: row.active,
    input: row.input,
    temporal_schedule_id: row.temporal_schedule_id,
    fire_count: row.fire_count,
    last_fired_at: row.last_fired_at?.toISOString() ?? null,
    last_run_id: row.last_run_id,
    last_error: row.last_error,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const temporalUnavailable = (err: unknown, deps: Deps) => {
  deps.logger.error({ err }, 'Temporal schedule call failed');
  return detail(503, 'The scheduler (Temporal) is unavailable; nothing was changed.');
};

export async function listSchedules(deps: Deps, accountId: string, opts: { workflowId?: string; limit: number }) {
  let q = deps.db
    .selectFrom('engine_schedules')
    .innerJoin('workflows', 'workflows.id', 'engine_schedules.workflow_id')
    .selectAll('engine_schedules')
    .where('engine_schedules.account_id', '=', accountId)
    .where('workflows.deleted_at', 'is', null);
  if (opts.workflowId) q = q.where('engine_schedules.workflow_id', '=', opts.workflowId);
  const rows = await q.orderBy('engine_schedules.created_at', 'desc').limit(opts.limit).execute();
  return { object: 'list' as const, data: rows.map(scheduleView), total: rows.length };
}

export async function createSchedule(
  deps: Deps,
  accountId: string,
  actor: Actor,
  input: { workflow_id: string; cron: string; timezone?: string; active?: boolean; input?: Record<string, unknown> },
) {
  await ownedWorkflow(deps.db, accountId, input.workflow_id);
  const id = `sch_${randomBytes(12).toString('hex')}`;
  let created: EngineSchedule | undefined;
  try {
    const row = await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('engine_schedules')
        .values({
          id,
          account_id: accountId,
          workflow_id: input.workflow_id,
          cron: input.cron.trim().replace(/\s+/g, ' '),
          timezone: input.timezone ?? DEFAULT_TIMEZONE,
          active: input.active ?? true,
          input: JSON.stringify(input.input ?? {}),
          temporal_schedule_id: temporalScheduleId(id),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const view = scheduleView(row);
      await recordAudit(trx, {
        accountId, workflowId: row.workflow_id, action: 'schedule.created', actor,
        summary: `Schedule ${row.id} created: "${row.cron}" (${row.timezone})${row.active ? '' : ', paused'}`,
        before: undefined, after: { cron: view.cron, timezone: view.timezone, active: view.active, input: view.input },
      });
      try {
        await createTemporalSchedule(deps, row);
      } catch (err) {
        throw temporalUnavailable(err, deps);
      }
      created = row;
      return row;
    });
    return scheduleView(row);
  } catch (err) {
    // Commit failed after the Temporal Schedule was made: take it back.
    if (created) await deleteTemporalSchedule(deps, created.temporal_schedule_id).catch(() => undefined);
    throw err;
  }
}

async function ownedSchedule(deps: Deps, accountId: string, id: string, lock = false): Promise<EngineSchedule> {
  let q = deps.db.selectFrom('engine_schedules').selectAll().where('id', '=', id).where('account_id', '=', accountId);
  if (lock) q = q.forUpdate();
  return orNotFound(q.executeTakeFirst());
}

export async function updateSchedule(
  deps: Deps,
  accountId: string,
  actor: Actor,
  id: string,
  patch: { active?: boolean; cron?: string; timezone?: string; input?: Record<string, unknown> },
) {
  await ownedSchedule(deps, accountId, id);
  const row = await deps.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('engine_schedules').selectAll().where('id', '=', id).where('account_id', '=', accountId).forUpdate().executeTakeFirstOrThrow();
    const set: Record<string, unknown> = { updated_at: new Date() };
    if (patch.active !== undefined) set.active = patch.active;
    if (patch.cron !== undefined) set.cron = patch.cron.trim().replace(/\s+/g, ' ');
    if (patch.timezone !== undefined) set.timezone = patch.timezone;
    if (patch.input !== undefined) set.input = JSON.stringify(patch.input);
    const after = await trx.updateTable('engine_schedules').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    const pick = (r: EngineSchedule) => ({ cron: r.cron, timezone: r.timezone, active: r.active, input: r.input });
    await recordAudit(trx, {
      accountId, workflowId: after.workflow_id, action: 'schedule.updated', actor,
      summary: `Schedule ${id} updated${after.active !== before.active ? (after.active ? ' (resumed)' : ' (paused)') : ''}`,
      before: pick(before), after: pick(after),
    });
    try {
      await updateTemporalSchedule(deps, after);
    } catch (err) {
      throw temporalUnavailable(err, deps);
    }
    return after;
  });
  return scheduleView(row);
}

export async function deleteSchedule(deps: Deps, accountId: string, actor: Actor, id: string) {
  await ownedSchedule(deps, accountId, id);
  await deps.db.transaction().execute(async (trx) => {
    const row = await orNotFound(trx.deleteFrom('engine_schedules').where('id', '=', id).where('account_id', '=', accountId).returningAll().executeTakeFirst());
    await recordAudit(trx, {
      accountId, workflowId: row.workflow_id, action: 'schedule.deleted', actor,
      summary: `Schedule ${id} deleted`, before: { cron: row.cron, timezone: row.timezone, active: row.active, input: row.input }, after: undefined,
    });
    try {
      await deleteTemporalSchedule(deps, row.temporal_schedule_id);
    } catch (err) {
      throw temporalUnavailable(err, deps);
    }
  });
  return { id, deleted: true as const };
}
