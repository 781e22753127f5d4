// POST /v1/workflows/simulate (see service.ts for what is ours).
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { route } from '../../infra/http/route';
import { simulate, SimulationView } from './service';

const Mock = z.object({ output: z.record(z.string(), z.unknown()).optional(), error: z.string().min(1).max(2000).optional() });
const Body = z.object({
  workflow_id: z.string().min(1),
  initial_payload: z.record(z.string(), z.unknown()).default({}),
  mocks: z.record(z.string(), Mock).default({}),
  spec_override: z.unknown().optional(),
  timeout_s: z.number().int().min(1).max(300).default(60),
});

export function simulateRoutes(deps: Deps): Router {
  const router = Router();
  router.post('/workflows/simulate', route({ body: Body, response: SimulationView, summary: 'Simulate a run: a sandboxed run of the workflow with chosen nodes mocked, and what a real run would cost' }, ({ auth, body }) => simulate(deps, auth.accountId, body)));
  return router;
}
