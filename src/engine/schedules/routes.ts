// GET/POST /v1/schedules, PATCH/DELETE /v1/schedules/{schedule_id}.
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { route } from '../../infra/http/route';
import { actorOf } from '../audit/audit-service';
import { isCronExpression, isTimeZone } from '../workflows/spec';
import { createSchedule, deleteSchedule, listSchedules, ScheduleDeletedView, ScheduleListView, ScheduleView, updateSchedule } from './service';

const Cron = z.string().refine(isCronExpression, 'cron must be a 5-field cron expression (minute hour day-of-month month day-of-week)');
const TimeZone = z.string().min(1).refine(isTimeZone, 'timezone must be an IANA time zone such as Europe/Warsaw');
const Input = z.record(z.string(), z.unknown());

const CreateBody = z.object({
  workflow_id: z.string().min(1),
  cron: Cron,
  timezone: TimeZone.optional(),
  active: z.boolean().optional(),
  input: Input.optional(),
});
const PatchBody = z
  .object({ active: z.boolean().optional(), cron: Cron.optional(), timezone: TimeZone.optional(), input: Input.optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Give at least one of active, cron, timezone, input');
const IdParams = z.object({ schedule_id: z.string().min(1) });
const ListQuery = z.object({ workflow_id: z.string().min(1).optional(), limit: z.coerce.number().int().min(1).max(500).default(100) });

export function scheduleRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/schedules', route({ query: ListQuery, response: ScheduleListView }, ({ auth, query }) => listSchedules(deps, auth.accountId, { workflowId: query.workflow_id, limit: query.limit })));
  router.post('/schedules', route({ body: CreateBody, status: 201, response: ScheduleView }, async ({ auth, body }) => createSchedule(deps, auth.accountId, await actorOf(deps.db, auth), body)));
  router.patch('/schedules/:schedule_id', route({ params: IdParams, body: PatchBody, response: ScheduleView }, async ({ auth, params, body }) =>
    updateSchedule(deps, auth.accountId, await actorOf(deps.db, auth), params.schedule_id, body)));
  router.delete('/schedules/:schedule_id', route({ params: IdParams, response: ScheduleDeletedView }, async ({ auth, params }) =>
    deleteSchedule(deps, auth.accountId, await actorOf(deps.db, auth), params.schedule_id)));
  return router;
}
