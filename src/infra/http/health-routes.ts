import { Router } from 'express';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { documentRoute } from './openapi';

const timeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms).unref())]);

const CheckView = z.object({ ok: z.boolean(), error: z.string().optional().describe('Why the check failed'), pollers: z.number().int().optional().describe('worker: how many pollers the task queue has') });
const HealthView = z.object({
  status: z.enum(['ok', 'unavailable']).describe('unavailable (with status 503) when any check fails'),
  failing: z.array(z.string()).describe('The checks that failed'),
  checks: z.object({ postgres: CheckView, temporal: CheckView, worker: CheckView }),
});

/** GET /healthz (no auth): Postgres answers, Temporal answers, and a worker polls our task queue. */
export function healthRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/healthz', documentRoute(async (_req, res) => {
    // Each check fills its entry, passing or failing, before the answer is sent.
    const checks: Partial<z.output<typeof HealthView>['checks']> = {};
    await Promise.all([
      timeout(sql`select 1`.execute(deps.db), 2000).then(
        () => { checks.postgres = { ok: true }; },
        (e: Error) => { checks.postgres = { ok: false, error: e.message }; },
      ),
      timeout(
        deps.temporal.workflowService.describeTaskQueue({
          namespace: deps.config.temporal.namespace,
          taskQueue: { name: deps.taskQueue },
          taskQueueType: 1, // workflow task queue
        }),
        2000,
      ).then(
        (r) => {
          checks.temporal = { ok: true };
          const pollers = r.pollers?.length ?? 0;
          checks.worker = pollers > 0 ? { ok: true, pollers } : { ok: false, error: `no worker is polling task queue "${deps.taskQueue}"` };
        },
        (e: Error) => {
          checks.temporal = { ok: false, error: e.message };
          checks.worker = { ok: false, error: 'unknown: Temporal did not answer' };
        },
      ),
    ]);
    const failing = Object.entries(checks).filter(([, c]) => !c.ok).map(([name]) => name);
    res.status(failing.length ? 503 : 200).json({ status: failing.length ? 'unavailable' : 'ok', failing, checks: checks as z.output<typeof HealthView>['checks'] } satisfies z.input<typeof HealthView>);
  }, { summary: 'Health: Postgres and Temporal answer and a worker polls the task queue (503 names what fails)', response: HealthView }));
  return router;
}
