// GET /v1/runs/{run_id}/telemetry: one span per node, from the node output rows.
import { z } from 'zod';
import { microsToUsd } from '../../platform/billing/money';
import { isoTime, usd } from '../../infra/http/views';
import { RunStatusView } from './service';
import type { Run, RunNodeOutputRow } from '../../infra/db/schema/index';

/** Tokens a node reported, wherever its output carries an OpenAI-style `usage` object. */
export function tokensIn(output: Record<string, unknown>): number {
  let total = 0;
  for (const value of Object.values(output)) {
    const usage = (value as { usage?: Record<string, unknown> } | null)?.usage;
    if (!usage || typeof usage !== 'object') continue;
    const n = (k: string) => (typeof usage[k] === 'number' ? (usage[k] as number) : 0);
    total += n('total_tokens') || n('prompt_tokens') + n('completion_tokens') || n('input_tokens') + n('output_tokens');
  }
  return total;
}

export const TelemetryView = z.object({
  run_id: z.string(),
  workflow_id: z.string(),
  status: RunStatusView,
  total_duration_ms: z.number(),
  node_count: z.number().int(),
  total_tokens: z.number(),
  total_usd_cost: usd,
  spans: z.array(
    z.object({
      node_id: z.string(),
      node_type: z.string(),
      started_at: isoTime.nullable(),
      finished_at: isoTime.nullable(),
      duration_ms: z.number(),
      status: z.enum(['running', 'succeeded', 'failed', 'skipped']),
      tokens_consumed: z.number(),
      usd_cost: usd,
    }),
  ).describe('One span per node that ran (skipped nodes have none), in start order'),
});

export function telemetryView(run: Run, rows: RunNodeOutputRow[]): z.output<typeof TelemetryView> {
  const end = run.finished_at ?? new Date();
  const spans = rows
    .filter((r) => !r.skipped)
    .map((r) => ({
      node_id: r.node_id,
      node_type: r.node_type,
      started_at: r.started_at?.toISOString() ?? null,
      finished_at: r.finished_at?.toISOString() ?? null,
      duration_ms: r.duration_ms,
      status: r.status,
      tokens_consumed: r.tokens_consumed || tokensIn(r.output),
      usd_cost: microsToUsd(r.usd_charged_micros),
    }))
    .sort((a, b) => (a.started_at ?? '').localeCompare(b.started_at ?? '') || a.node_id.localeCompare(b.node_id));
  return {
    run_id: run.id,
    workflow_id: run.workflow_id,
    status: run.status,
    total_duration_ms: run.started_at ? Math.max(0, end.getTime() - run.started_at.getTime()) : 0,
    node_count: spans.length,
    total_tokens: spans.reduce((n, s) => n + s.tokens_consumed, 0),
    total_usd_cost: microsToUsd(rows.reduce((n, r) => n + r.usd_charged_micros, 0)),
    spans,
  };
}
