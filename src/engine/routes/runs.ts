// Runs, their signals, their SSE event stream, telemetry and the watchdog.
import { Router, type Request, type Response } from 'express';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { MAX_USD_CAP, usdToMicros } from '../../platform/billing/money';
import { badRequest, coded, notFound, sandboxOnLive } from '../../infra/http/errors';
import { route } from '../../infra/http/route';
import { documentRoute } from '../../infra/http/openapi';
import type { AuthContext } from '../../platform/auth/context';
import { pipeline } from 'node:stream/promises';
import { isResultRef, RESULT_REF_KEY, resultDownloads } from '../contract/result-ref';
import { isRunResultKey, storedAsJson, verifiedBody } from '../execution/result-refs';
import { deleteRun, RunDeletedView } from '../execution/run-deletion';
import { readRunEventPage, type RunEventPage } from '../events/store';
import {
  cancelRun,
  FINISHED_STATUSES,
  getRunRow,
  isEngineSignal,
  isUuid,
  listRuns,
  nodeRows,
  resumeRun,
  retryRun,
  RunListView,
  RunResumedView,
  RunSignalledView,
  RunStartedView,
  RunStatusView,
  runView,
  RunView,
  signalRun,
  startRun,
} from '../run/service';
import { TelemetryView, telemetryView } from '../run/telemetry';
import { RecoverAllView, recoverAll, scanNow, WatchdogScanView, watchdogStatus, WatchdogStatusView } from '../run/watchdog';
import { resolveWorkflowForRun } from '../workflows/service';
import type { RunStatus } from '../contract/types';

const RunIdParams = z.object({ run_id: z.string().min(1) });
const OutputParams = z.object({ run_id: z.string().min(1), node_id: z.string().min(1), port: z.string().min(1) });

const CreateRunBody = z.object({
  workflow_id: z.string().min(1),
  input: z.record(z.string(), z.unknown()),
  trigger_type: z.enum(['manual', 'schedule', 'webhook', 'test']).default('manual'),
  usd_cap: z.number().nonnegative().max(MAX_USD_CAP).nullable().optional(),
  spec_override: z.unknown().optional(),
});

const ListRunsQuery = z.object({
  workflow_id: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

const SignalParams = RunIdParams.extend({ signal_name: z.string().min(1) });
const SignalBody = z.object({ payload: z.record(z.string(), z.unknown()).default({}) });

const CancelledView = z.object({
  ok: z.literal(true),
  run_id: z.string(),
  status: RunStatusView.describe('cancelled once the cancellation took effect, or the current status if that takes over 10 s'),
});
const RetriedView = RunStartedView.extend({ ok: z.literal(true), retried_from: z.string() });

const EventsQuery = z.object({ since_seq: z.coerce.number().int().min(0).optional() });

/** Keep-alive comment interval: under the usual 30-60 s proxy idle timeouts. */
const KEEP_ALIVE_MS = 15_000;
/** Re-read the table this often even without a wake-up (a lost NOTIFY costs latency, not events). */
const SAFETY_POLL_MS = 5_000;
const REPLAY_BATCH = 500;

/**
 * A run the caller may change. A sandbox (`svc_test_`) key reads the account's live runs but changes
 * only sandbox runs: it cannot cancel, delete, resume, retry or signal a live one.
 */
async function changeableRun(deps: Deps, auth: AuthContext, runId: string) {
  const run = await getRunRow(deps, auth.accountId, runId);
  if (auth.sandbox && !run.sandbox) throw sandboxOnLive('run', run.id);
  return run;
}

export function runRoutes(deps: Deps): Router {
  const router = Router();

  router.post(
    '/runs',
    route({ body: CreateRunBody, status: 201, response: RunStartedView }, async ({ body, auth }) => {
      const resolved = await resolveWorkflowForRun(deps.db, auth.accountId, body.workflow_id, body.spec_override);
      const run = await startRun(deps, {
        accountId: auth.accountId,
        sandbox: auth.sandbox,
        workflowId: resolved.workflow.id,
        version: resolved.version.version,
        plan: resolved.plan,
        input: body.input,
        triggerType: body.trigger_type,
        usdCapMicros: body.usd_cap === undefined || body.usd_cap === null ? undefined : usdToMicros(body.usd_cap),
        ...(resolved.runRules ? { knownRules: resolved.runRules } : {}),
      });
      return { run_id: run.id, temporal_workflow_id: run.temporal_workflow_id, status: 'queued' as const, created_at: run.created_at.toISOString() };
    }),
  );

  router.get(
    '/runs',
    route({ query: ListRunsQuery, response: RunListView }, async ({ query, auth }) => {
      const { rows, total } = await listRuns(deps, auth.accountId, { workflowId: query.workflow_id, limit: query.limit, offset: query.offset });
      // The same list envelope as GET /v1/workflows.
      return {
        object: 'list' as const,
        data: rows.map((r) => runView(r)),
        total,
        limit: query.limit,
        offset: query.offset,
        has_more: query.offset + rows.length < total,
      };
    }),
  );

  // Watchdog paths come before /runs/:run_id so "watchdog" is never taken for a run id.
  router.get(
    '/runs/watchdog/status',
    route({ response: WatchdogStatusView }, async ({ auth }) => watchdogStatus(deps, auth.accountId)),
  );
  router.post(
    '/runs/watchdog/scan',
    // A tenant scans (and resumes, and reaps) its own runs only; every account's runs are the
    // maintenance loop's, which runs on its own schedule.
    route({ response: WatchdogScanView }, async ({ auth }) => ({ ...(await scanNow(deps, 'api', { accountId: auth.accountId })), status: await watchdogStatus(deps, auth.accountId) })),
  );
  router.post(
    '/runs/watchdog/recover-all',
    route({ response: RecoverAllView }, async ({ auth }) => recoverAll(deps, auth.accountId)),
  );

  router.get(
    '/runs/:run_id',
    route({ params: RunIdParams, response: RunView }, async ({ params, auth }) => {
      const run = await getRunRow(deps, auth.accountId, params.run_id);
      return runView(run, await nodeRows(deps, run.id));
    }),
  );

  // A finished run and everything it stored (node results, events, result blobs).
  router.delete(
    '/runs/:run_id',
    route({ params: RunIdParams, response: RunDeletedView, summary: 'Delete a finished run, its results and their stored blobs', errors: [409] }, async ({ params, auth }) => deleteRun(deps, await changeableRun(deps, auth, params.run_id))),
  );

  router.post(
    '/runs/:run_id/cancel',
    route({ params: RunIdParams, response: CancelledView }, async ({ params, auth }) => {
      const run = await changeableRun(deps, auth, params.run_id);
      await cancelRun(deps, run);
      // Issue 17.3: the status is one of the six run statuses — the run's status once the
      // cancellation has taken effect (`cancelled`), or its current one if that takes over 10 s.
      return { ok: true as const, run_id: run.id, status: await statusAfterCancel(deps, auth.accountId, run.id) };
    }),
  );

  router.post(
    '/runs/:run_id/retry',
    route({ params: RunIdParams, status: 201, response: RetriedView }, async ({ params, auth }) => {
      const run = await changeableRun(deps, auth, params.run_id);
      const fresh = await retryRun(deps, run, auth.sandbox);
      return {
        ok: true as const,
        run_id: fresh.id,
        retried_from: run.id,
        temporal_workflow_id: fresh.temporal_workflow_id,
        status: 'queued' as const,
        created_at: fresh.created_at.toISOString(),
      };
    }),
  );

  router.post(
    '/runs/:run_id/resume',
    route({ params: RunIdParams, response: RunResumedView }, async ({ params, auth }) => {
      const run = await changeableRun(deps, auth, params.run_id);
      return resumeRun(deps, run);
    }),
  );

  router.post(
    '/runs/:run_id/signals/:signal_name',
    route({ params: SignalParams, body: SignalBody, response: RunSignalledView }, async ({ params, body, auth }) => {
      const run = await changeableRun(deps, auth, params.run_id);
      if (!isEngineSignal(params.signal_name)) {
        throw badRequest(`Unknown signal "${params.signal_name}"; a run accepts approve, webhook or cancel.`);
      }
      return signalRun(deps, run, params.signal_name, body.payload);
    }),
  );

  router.get(
    '/runs/:run_id/telemetry',
    route({ params: RunIdParams, response: TelemetryView }, async ({ params, auth }) => {
      const run = await getRunRow(deps, auth.accountId, params.run_id);
      return telemetryView(run, await nodeRows(deps, run.id));
    }),
  );

  // A stored port's whole JSON, streamed from the blob store: only the run's own account reaches
  // it (the run is looked up under the caller's account, and the reference must lie in its folder).
  router.get(
    '/runs/:run_id/nodes/:node_id/outputs/:port',
    documentRoute(
      async (req, res, next) => {
        try {
          const params = OutputParams.safeParse(req.params);
          if (!params.success || !isUuid(params.data.run_id)) throw notFound();
          const run = await getRunRow(deps, (req.auth as AuthContext).accountId, params.data.run_id);
          const row = (await nodeRows(deps, run.id)).find((n) => n.node_id === params.data.node_id);
          const ref = row?.output[params.data.port];
          if (!isResultRef(ref)) throw coded(404, 'output_not_stored', 'That node output port is not stored apart: read it from the run.');
          const target = ref[RESULT_REF_KEY];
          // Only a key the executor writes for this run, exactly as written (never one that merely
          // starts with the run's folder and climbs out of it), and only bytes that match the reference.
          if (!isRunResultKey(run.account_id, run.id, target.key)) throw notFound();
          const read = await deps.blobs.open(target.key);
          if (!read) throw coded(404, 'output_gone', 'The stored output is gone: the run was deleted or its results swept.');
          if (read.size !== target.bytes) {
            read.body.destroy?.();
            throw coded(409, 'output_mismatch', 'The stored output does not match its reference (size differs).');
          }
          // A list stored one item per line is served as the JSON array it stands for.
          const json = storedAsJson(ref, verifiedBody(read.body, target.sha256), read.size);
          res.status(200).set({ 'Content-Type': 'application/json', 'Content-Length': String(json.bytes), 'Cache-Control': 'private, no-store', 'X-Content-Sha256': target.sha256 });
          await pipeline(json.body, res);
        } catch (err) {
          if (!res.headersSent) return next(err);
          // Too late for an error answer: the client sees the connection end short of Content-Length.
          deps.logger.warn({ err, runId: req.params.run_id, nodeId: req.params.node_id, port: req.params.port }, 'a stored node output stopped streaming after its headers were sent');
          res.destroy(err as Error);
        }
      },
      {
        summary: "A node output port too large to carry inline (a result reference's bytes), streamed as JSON",
        params: OutputParams,
        errors: [404],
        produces: { contentType: 'application/json', description: 'The port value, exactly as the node produced it' },
      },
    ),
  );

  router.get(
    '/runs/:run_id/events',
    documentRoute(
      route({ params: RunIdParams, query: EventsQuery, summary: "A run's events: the stored ones after since_seq (or Last-Event-ID), then live until run_finished" }, async ({ params, query, auth, req, res }) => {
        const fromHeader = Number.parseInt(String(req.get('last-event-id') ?? ''), 10);
        // Last-Event-ID (a reconnecting EventSource) wins over the query the URL was opened with.
        const since = Number.isSafeInteger(fromHeader) && fromHeader >= 0 ? fromHeader : (query.since_seq ?? 0);
        if (!isUuid(params.run_id)) throw notFound();
        await streamRunEvents(deps, params.run_id, auth.accountId, since, req, res);
        return undefined;
      }),
      {
        produces: {
          contentType: 'text/event-stream',
          description:
            'Server-sent events. Each frame is `id: <seq>`, `event: <type>` and `data: <JSON>` whose `seq` equals the id (strictly increasing, so a client ' +
            'reconnecting with Last-Event-ID gets each event once). Types: `node_started` {seq, node_id, timestamp}; `node_output` {seq, node_id, output ' +
            '(by port), usd_charged, downloads? (port → path of a value stored apart)}; `node_completed` {seq, node_id, duration_ms, ok, error?}; `run_finished` ' +
            '{seq, status, duration_ms, total_usd_charged}, after which the stream ends; `approval_decided` {seq, node_id, approval_id, approver, via, ' +
            'approved, comment, decided_at, outcome, …} when an approver decides; `run_reset` {seq, temporal_run_id, previous_temporal_run_id, ' +
            'reset_to_event_id, reason, nodes_kept, nodes_rerun, …} when an operator resets the run\'s Temporal execution. Comment lines ' +
            '(`: keep-alive`) keep idle connections open.',
        },
      },
    ),
  );

  return router;
}

/**
 * Replays a run's events after `since` from the table, then tails it: the hub's wake-ups (or a
 * slow safety poll) trigger re-reads. Every frame's `id:` is its seq, so a client reconnecting with
 * Last-Event-ID gets each event exactly once — seq order is commit order.
 */
async function streamRunEvents(deps: Deps, runId: string, accountId: string, since: number, req: Request, res: Response): Promise<void> {
  let closed = false;
  let woken = false;
  let resolveWait: (() => void) | undefined;
  const wake = () => {
    woken = true;
    resolveWait?.();
  };
  // Subscribed before the first read, so a commit between that read and the wait still wakes it.
  const unsubscribe = deps.runEvents?.subscribe(runId, wake);
  // Ownership, the first page of events and the run's status: one read, before any header.
  let page: RunEventPage | undefined;
  try {
    page = await readRunEventPage(deps.db, runId, since, REPLAY_BATCH, accountId);
  } finally {
    if (!page) unsubscribe?.();
  }
  if (!page) throw notFound();

  res.status(200);
  res.set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
    Connection: 'keep-alive',
  });
  res.socket?.setNoDelay(true);
  const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  const poll = setInterval(wake, deps.runEvents?.connected ? SAFETY_POLL_MS : 500);
  const onClose = () => {
    closed = true;
    wake();
  };
  req.on('close', onClose);
  res.on('close', onClose);

  let last = since;
  // The headers go out with the first write: the comment and the first page's frames together.
  let out = ': connected\n\n';
  try {
    while (!closed) {
      if (!page) {
        woken = false;
        page = await readRunEventPage(deps.db, runId, last, REPLAY_BATCH);
        if (!page) break;
      }
      const { events, status, lastSeq } = page;
      page = undefined;
      let finished = false;
      // The frames of one read go out in one write (a socket write per frame cost more than the
      // frames themselves: each is a system call, and on loopback the receiver's work too).
      for (const e of events) {
        out += `id: ${e.seq}\nevent: ${e.type}\ndata: ${JSON.stringify(e.type === 'node_output' ? nodeOutputEvent(runId, e.data) : e.data)}\n\n`;
        last = e.seq;
        finished = e.type === 'run_finished';
      }
      if (out) res.write(out);
      out = '';
      if (events.length === REPLAY_BATCH) continue;
      // The stream ends after run_finished — unless a resume has appended events since — or when
      // the run is over and there is nothing left to send.
      if (finished && lastSeq <= last) break;
      if (FINISHED_STATUSES.includes(status as RunStatus) && lastSeq <= last) break;
      if (!woken && !closed) {
        await new Promise<void>((resolve) => {
          resolveWait = resolve;
          if (woken || closed) resolve();
        });
        resolveWait = undefined;
      }
    }
  } catch (err) {
    deps.logger.warn({ err, runId }, 'run event stream failed');
  } finally {
    clearInterval(keepAlive);
    clearInterval(poll);
    unsubscribe?.();
    req.off('close', onClose);
    res.end();
  }
}

/** A node_output event as streamed: stored ports keep their reference and preview, with where to download them. */
function nodeOutputEvent(runId: string, data: Record<string, unknown>): Record<string, unknown> {
  const output = data.output as Record<string, unknown> | undefined;
  const downloads = typeof data.node_id === 'string' ? resultDownloads(runId, data.node_id, output) : undefined;
  return downloads ? { ...data, downloads } : data;
}

/** Waits (≤ 10 s) for a cancelled run to reach a finished status; answers the status it has then. */
async function statusAfterCancel(deps: Deps, accountId: string, runId: string, timeoutMs = 10_000): Promise<RunStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status } = await getRunRow(deps, accountId, runId);
    if (FINISHED_STATUSES.includes(status) || Date.now() >= deadline) return status;
    await sleep(100);
  }
}
