import { Router } from 'express';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { route } from '../http/route';
import { saAccountId, saKind } from './search-attributes';
import { workflowRef } from './workflow-ref';

/** The ping workflow (workflows/ping.ts), started by reference. */
export const ping = workflowRef<(message: string) => Promise<{ message: string; echoedAt: string; database: string }>>('ping');

const PingView = z.object({
  ok: z.literal(true),
  workflow_id: z.string(),
  result: z.object({ message: z.string(), echoedAt: z.string().describe('When the workflow answered (ISO 8601)'), database: z.string().describe('The Postgres database the activity queried') }),
  round_trip_ms: z.number(),
});

/** POST /v1/system/ping — runs the `ping` workflow through Temporal and returns its result. */
export function systemRoutes(deps: Deps): Router {
  const router = Router();
  router.post(
    '/system/ping',
    route({ body: z.object({ message: z.string().max(200).default('ping') }), response: PingView, summary: 'Run the ping workflow through Temporal and answer its result' }, async ({ body, auth }) => {
      const workflowId = `ping-${randomUUID()}`;
      const started = Date.now();
      const handle = await deps.temporal.workflow.start(ping, {
        taskQueue: deps.taskQueue,
        workflowId,
        args: [body.message],
        workflowExecutionTimeout: '30 seconds',
        typedSearchAttributes: [
          { key: saAccountId, value: auth.accountId },
          { key: saKind, value: 'ping' },
        ],
      });
      const result = await handle.result();
      return { ok: true as const, workflow_id: workflowId, result, round_trip_ms: Date.now() - started };
    }),
  );
  return router;
}
