import { Context, activityInfo } from '@temporalio/activity';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import { sql } from 'kysely';
import type { Deps } from '../src/deps';
import { chargeWallet } from '../src/billing/wallet';
import { microsToUsd } from '../src/billing/money';
import { ApiError } from '../src/http/errors';
import { isNodeError, NodeError } from '../src/engine/node-error';
import { appendNodeEvents, type NewRunEvent, type NodeRowJson } from '../src/engine/events/store';
import type { ExecuteNodeInput, FinishRunInput, NodeFinishedInput, NodeStartedInput } from '../src/engine/run-contract';
import type { LogLevel, NodeContext, NodeDefinition, NodeLog, NodeOutput, NodeRegistry } from '../src/engine/types';
import { nodeServicesFrom } from '../src/engine/services';
import { nodeRegistry } from '../nodes/index';

/** Failure details the workflow reads to fill a failed node's NodeOutput. */
export interface NodeFailureDetails {
  logs: NodeLog[];
  usdChargedMicros: number;
  durationMs: number;
}

/** A node running longer than this gets its node_started event at once; faster ones batch it. */
const STARTED_EVENT_DELAY_MS = 200;
/** How often a running activity-kind node heartbeats on its own (cancellation arrives through it). */
const AUTO_HEARTBEAT_MS = 1000;

const eventKey = (generation: number, nodeId: string, type: string) => `${generation}:${nodeId}:${type}`;

async function withRetries<T>(fn: () => Promise<T>, attempts = 4): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 100 * 3 ** (i - 1)));
    }
  }
}

/**
 * The engine's activities: `executeNode` runs one planned node through the node registry; the
 * projection activities write what the workflow decided (node started/finished, run finished)
 * into runs, run_node_outputs and run_events. All of them are idempotent: events are keyed by
 * (run, generation, node, type), so a retried activity never appends an event twice.
 */
export function createEngineActivities(
  deps: Deps,
  registry: Pick<NodeRegistry, 'get'> & { getVersion?(type: string, version: number): NodeDefinition | undefined } = nodeRegistry,
) {
  const { db } = deps;

  function completionEvents(generation: number, nodeId: string, output: NodeOutput): NewRunEvent[] {
    const events: NewRunEvent[] = [];
    if (output.ok) {
      events.push({
        type: 'node_output',
        nodeId,
        dedupeKey: eventKey(generation, nodeId, 'node_output'),
        data: { node_id: nodeId, output: output.output, usd_charged: output.usd_charged },
      });
    }
    events.push({
      type: 'node_completed',
      nodeId,
      dedupeKey: eventKey(generation, nodeId, 'node_completed'),
      data: { node_id: nodeId, duration_ms: output.duration_ms, ok: output.ok, ...(output.error ? { error: output.error } : {}) },
    });
    return events;
  }

  const startedEvent = (generation: number, nodeId: string, at: Date): NewRunEvent => ({
    type: 'node_started',
    nodeId,
    dedupeKey: eventKey(generation, nodeId, 'node_started'),
    data: { node_id: nodeId, timestamp: at.toISOString() },
  });

  async function recordStarted(runId: string, generation: number, nodeId: string, nodeType: string, at: Date, attempt: number) {
    await appendNodeEvents(db, runId, [startedEvent(generation, nodeId, at)], {
      node: {
        node_id: nodeId, node_type: nodeType, status: 'running', ok: false, output: {}, usd_charged_micros: 0, error: null, logs: [],
        duration_ms: 0, skipped: false, attempt, started_at: at.toISOString(), finished_at: null,
      },
      currentNode: nodeId,
      markRunning: true,
    });
  }

  function finishedRow(nodeId: string, nodeType: string, output: NodeOutput, startedAt: Date, finishedAt: Date, attempt: number): NodeRowJson {
    return {
      node_id: nodeId,
      node_type: nodeType,
      status: output.skipped ? 'skipped' : output.ok ? 'succeeded' : 'failed',
      ok: output.ok,
      output: output.output ?? {},
      usd_charged_micros: Math.round(output.usd_charged * 1_000_000),
      error: output.error,
      logs: output.logs ?? [],
      duration_ms: Math.round(output.duration_ms),
      skipped: output.skipped ?? false,
      attempt,
      started_at: startedAt.toISOString(),
      finished_at: finishedAt.toISOString(),
    };
  }

  /** A previous attempt of this node (same generation) that committed its completion: reuse it. */
  async function committedOutput(runId: string, generation: number, nodeId: string): Promise<NodeOutput | undefined> {
    const done = await db
      .selectFrom('run_events')
      .select('seq')
      .where('run_id', '=', runId)
      .where('dedupe_key', '=', eventKey(generation, nodeId, 'node_completed'))
      .executeTakeFirst();
    if (!done) return undefined;
    const row = await db.selectFrom('run_node_outputs').selectAll().where('run_id', '=', runId).where('node_id', '=', nodeId).executeTakeFirst();
    if (!row || !row.ok) return undefined;
    return {
      ok: true,
      output: row.output,
      usd_charged: microsToUsd(row.usd_charged_micros),
      error: null,
      logs: row.logs,
      duration_ms: row.duration_ms,
    };
  }

  async function executeNode(input: ExecuteNodeInput): Promise<NodeOutput> {
    const info = activityInfo();
    const context = Context.current();
    const { runId, generation, node } = input;

    if (info.attempt > 1) {
      // The worker may have died after committing the node but before reporting it: do not run
      // the node's side effects again.
      const previous = await committedOutput(runId, generation, node.id);
      if (previous) return previous;
    }

    const startedAt = new Date();
    const started = performance.now();
    const logs: NodeLog[] = [];
    let usdChargedMicros = 0;
    let chargeCount = 0;
    let lastHeartbeat: unknown = info.heartbeatDetails;

    let startedRecorded = false;
    let startedWrite: Promise<void> | undefined;
    const writeStarted = () => {
      startedWrite ??= recordStarted(runId, generation, node.id, node.type, startedAt, info.attempt).then(() => {
        startedRecorded = true;
      });
      return startedWrite;
    };
    // Retries and slow nodes announce themselves at once; fast first attempts batch node_started
    // with their completion (one transaction instead of two).
    const startedTimer = info.attempt > 1 ? undefined : setTimeout(() => void writeStarted().catch(() => undefined), STARTED_EVENT_DELAY_MS);
    if (info.attempt > 1) await writeStarted();
    const heartbeatTimer = info.isLocal ? undefined : setInterval(() => context.heartbeat(lastHeartbeat), AUTO_HEARTBEAT_MS);

    try {
      const definition = registry.getVersion?.(node.type, node.version) ?? registry.get(node.type);
      if (!definition) throw new NodeError(`unknown node type ${node.type}`, { type: 'unknown_node_type' });
      if (!definition.execute) throw new NodeError(`node type ${node.type} is not executed by an activity`, { type: 'not_executable' });
      const parsed = definition.params.safeParse(input.params);
      if (!parsed.success) {
        const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(params)'}: ${i.message}`).join('; ');
        throw new NodeError(`invalid params after templates: ${problems}`, { type: 'invalid_params' });
      }
      const ctx: NodeContext = {
        runId,
        accountId: input.accountId,
        workflowId: input.workflowId,
        nodeId: node.id,
        attempt: info.attempt,
        sandbox: input.sandbox,
        variables: input.variables,
        runInput: input.runInput,
        log(level: LogLevel, message: string) {
          logs.push({ level, message, ts: new Date().toISOString() });
        },
        heartbeat(details?: unknown) {
          lastHeartbeat = details;
          if (!info.isLocal) context.heartbeat(details);
        },
        checkpoint: info.heartbeatDetails,
        signal: context.cancellationSignal,
        async charge(amountMicros: number, operation: string) {
          if (input.sandbox || amountMicros <= 0) return;
          const operationId = `run:${runId}:node:${node.id}${chargeCount > 0 ? `:${chargeCount}` : ''}`;
          chargeCount += 1;
          usdChargedMicros += await chargeNode(input, operationId, Math.round(amountMicros), operation);
        },
        services: nodeServicesFrom({ ...deps }),
      };
      const result = await definition.execute(ctx, { params: parsed.data, inputs: input.inputs });
      if (startedTimer) clearTimeout(startedTimer);
      // Heartbeats go on until the node's events are committed: a Postgres outage during the
      // final write must not look like a lost worker.
      const finishedAt = new Date();
      const output: NodeOutput = {
        ok: true,
        output: result.output,
        usd_charged: microsToUsd(usdChargedMicros),
        error: null,
        logs,
        duration_ms: Math.round(performance.now() - started),
      };
      if (startedWrite) await startedWrite.catch(() => undefined);
      const events = [...(startedRecorded ? [] : [startedEvent(generation, node.id, startedAt)]), ...completionEvents(generation, node.id, output)];
      // The node's work is done: a passing database hiccup must not spend one of its attempts.
      await withRetries(() =>
        appendNodeEvents(db, runId, events, {
          node: finishedRow(node.id, node.type, output, startedAt, finishedAt, info.attempt),
          countCompleted: true,
          currentNode: node.id,
          markRunning: true,
        }),
      );
      if (heartbeatTimer) clearInterval(heartbeatTimer);
      return output;
    } catch (err) {
      if (startedTimer) clearTimeout(startedTimer);
      if (heartbeatTimer) clearInterval(heartbeatTimer);
      const details: NodeFailureDetails = { logs, usdChargedMicros, durationMs: Math.round(performance.now() - started) };
      if (context.cancellationSignal.aborted) {
        throw err instanceof CancelledFailure ? err : new CancelledFailure(`node ${node.id} cancelled`, [details]);
      }
      // The workflow allows a few attempts beyond the node's retry budget for lost workers; the
      // node's own failures stop at its max_attempts.
      const budgetSpent = info.attempt >= (node.retry?.maxAttempts ?? 1);
      if (isNodeError(err)) {
        throw ApplicationFailure.create({ type: err.type, message: err.message, nonRetryable: !err.retryable || budgetSpent, details: [details] });
      }
      const message = err instanceof Error ? err.message : String(err);
      throw ApplicationFailure.create({ type: 'node_failed', message, nonRetryable: budgetSpent, details: [details], cause: err instanceof Error ? err : undefined });
    }
  }

  /**
   * Charges the wallet for a node, once per operation id, after reserving the amount under the
   * run's usd_cap (one conditional UPDATE, so parallel branches cannot overshoot it together).
   */
  async function chargeNode(input: ExecuteNodeInput, operationId: string, amountMicros: number, operation: string): Promise<number> {
    const existing = await db
      .selectFrom('ledger_entries')
      .select('amount_micros')
      .where('account_id', '=', input.accountId)
      .where('operation_id', '=', operationId)
      .executeTakeFirst();
    if (existing) return -existing.amount_micros;
    const reserved = await db
      .updateTable('runs')
      .set({ usd_charged_micros: sql`usd_charged_micros + ${amountMicros}` })
      .where('id', '=', input.runId)
      .where(sql<boolean>`usd_cap_micros is null or usd_charged_micros + ${amountMicros} <= usd_cap_micros`)
      .returning('usd_charged_micros')
      .executeTakeFirst();
    if (!reserved) {
      const run = await db.selectFrom('runs').select(['usd_cap_micros', 'usd_charged_micros']).where('id', '=', input.runId).executeTakeFirst();
      throw new NodeError(
        `usd_cap exceeded: this node costs $${microsToUsd(amountMicros)} and the run has charged $${microsToUsd(run?.usd_charged_micros ?? 0)} of its $${microsToUsd(run?.usd_cap_micros ?? 0)} cap`,
        { type: 'usd_cap_exceeded' },
      );
    }
    try {
      const result = await chargeWallet(
        db,
        { accountId: input.accountId, amountMicros, operationId, operation, label: operation, metadata: { run_id: input.runId, node_id: input.node.id } },
        { baseUrl: deps.config.publicBaseUrl },
      );
      return -result.entry.amount_micros;
    } catch (err) {
      await db
        .updateTable('runs')
        .set({ usd_charged_micros: sql`greatest(usd_charged_micros - ${amountMicros}, 0)` })
        .where('id', '=', input.runId)
        .execute();
      if (err instanceof ApiError && err.status === 402) {
        // A 402-shaped node error: the body's detail travels in the message.
        throw new NodeError(`insufficient_funds: ${JSON.stringify((err.body as { detail?: unknown }).detail)}`, { type: 'insufficient_funds' });
      }
      throw err;
    }
  }

  return {
    executeNode,

    /** node_started for nodes the workflow runs itself (delay, approval, webhook waits). */
    async recordNodeStarted(input: NodeStartedInput): Promise<void> {
      await recordStarted(input.runId, input.generation, input.nodeId, input.nodeType, new Date(), 1);
    },

    /** A node's end as the workflow saw it: failures, skips, and workflow-run nodes. */
    async recordNodeFinished(input: NodeFinishedInput): Promise<void> {
      const finishedAt = new Date();
      const row = await db
        .selectFrom('run_node_outputs')
        .select(['started_at', 'status'])
        .where('run_id', '=', input.runId)
        .where('node_id', '=', input.nodeId)
        .executeTakeFirst();
      const startedAt = row?.status === 'running' && row.started_at ? row.started_at : new Date(finishedAt.getTime() - input.output.duration_ms);
      const output: NodeOutput = {
        ...input.output,
        duration_ms: input.output.duration_ms || finishedAt.getTime() - startedAt.getTime(),
        logs: [...input.output.logs, ...(input.notes ?? []).map((message) => ({ level: 'info' as const, message, ts: finishedAt.toISOString() }))],
      };
      await appendNodeEvents(db, input.runId, completionEvents(input.generation, input.nodeId, output), {
        node: finishedRow(input.nodeId, input.nodeType, output, startedAt, finishedAt, 1),
        countCompleted: true,
      });
    },

    /** Nodes settled without running (skipped by a branch, disabled pass-through), in one write. */
    async recordNodesSettled(input: { runId: string; nodes: Array<{ nodeId: string; nodeType: string; output: NodeOutput }> }): Promise<void> {
      if (!input.nodes.length) return;
      const now = new Date();
      const rows = input.nodes.map((n) => ({
        run_id: input.runId,
        node_id: n.nodeId,
        node_type: n.nodeType,
        status: n.output.skipped ? ('skipped' as const) : n.output.ok ? ('succeeded' as const) : ('failed' as const),
        ok: n.output.ok,
        skipped: n.output.skipped ?? false,
        output: JSON.stringify(n.output.output),
        logs: JSON.stringify(n.output.logs.map((l) => ({ ...l, ts: l.ts || now.toISOString() }))),
        error: n.output.error,
        duration_ms: 0,
        started_at: n.output.skipped ? null : now,
        finished_at: now,
      }));
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('run_node_outputs')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['run_id', 'node_id']).doUpdateSet((eb) => ({
              status: eb.ref('excluded.status'),
              ok: eb.ref('excluded.ok'),
              skipped: eb.ref('excluded.skipped'),
              output: eb.ref('excluded.output'),
              logs: eb.ref('excluded.logs'),
              error: eb.ref('excluded.error'),
              duration_ms: 0,
              started_at: eb.ref('excluded.started_at'),
              finished_at: eb.ref('excluded.finished_at'),
            })),
          )
          .execute();
        const passed = rows.filter((r) => r.ok).length;
        if (passed) await trx.updateTable('runs').set({ nodes_completed: sql`nodes_completed + ${passed}` }).where('id', '=', input.runId).execute();
      });
    },

    /** The run's final status and its run_finished event, once per generation (one statement). */
    async finishRun(input: FinishRunInput): Promise<void> {
      await sql`select run_finish(${input.runId}::uuid, ${`${input.generation}:run:run_finished`}, ${input.status}, ${input.error})`.execute(db);
    },
  };
}

export type EngineActivities = ReturnType<typeof createEngineActivities>;
