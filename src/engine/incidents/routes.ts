// GET /v1/incidents, PATCH /v1/incidents/{id}/status, POST /v1/incidents/{id}/replay.
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { route } from '../../infra/http/route';
import { IncidentListView, IncidentReplayView, IncidentView, listIncidents, replayIncident, setIncidentStatus } from './service';

const ListQuery = z.object({
  workflow_id: z.string().min(1).optional(),
  status: z.enum(['unresolved', 'resolved']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
const Params = z.object({ incident_id: z.string().min(1) });
const StatusBody = z.object({ status: z.enum(['unresolved', 'resolved']), resolution_note: z.string().max(5000).nullable().optional() });
const ReplayBody = z.object({
  patch_incoming: z.record(z.string(), z.unknown()).optional(),
  override_config: z.record(z.string(), z.unknown()).optional(),
});

export function incidentRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/incidents', route({ query: ListQuery, response: IncidentListView }, ({ auth, query }) => listIncidents(deps, auth.accountId, { workflowId: query.workflow_id, status: query.status, limit: query.limit })));
  router.patch('/incidents/:incident_id/status', route({ params: Params, body: StatusBody, response: IncidentView }, ({ auth, params, body }) => setIncidentStatus(deps, auth.accountId, params.incident_id, body)));
  router.post('/incidents/:incident_id/replay', route({ params: Params, body: ReplayBody, status: 201, response: IncidentReplayView }, ({ auth, params, body }) =>
    replayIncident(deps, auth.accountId, params.incident_id, body, auth.sandbox)));
  return router;
}
