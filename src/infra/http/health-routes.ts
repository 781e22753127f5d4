import { Router } from 'express';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { documentRoute } from './openapi';

const timeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms).unref())]);

/** GET /healthz (no auth): Postgres answers, Temporal answers, and a worker polls our task queue. */
export function healthRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/healthz', documentRoute(async (_req, res) => {
    const checks: Record<string, { ok: boolean; error?: string; [k: string]: unknown }> = {};
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
    res.status(failing.length ? 503 : 200).json({ status: failing.length ? 'unavailable' : 'ok', failing, checks });
  }, { summary: 'Health: Postgres and Temporal answer and a worker polls the task queue (503 names what fails)' }));
  return router;
}
