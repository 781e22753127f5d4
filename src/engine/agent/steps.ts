// The agent loop's activities (the agentRun workflow decides, these do): resolving the tool list,
// one model call (priced from the one price table, charged to the run's node, refused by the
// node's usd_cap before anything is spent) and one tool call. Each step appends a `node_output`
// event carrying its step number, keyed by run, node, agent execution and step, so a retried
// activity never streams the same step twice.
import { activityInfo, Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { Deps } from '../../deps';
import { ApiError } from '../../infra/http/errors';
import { microsToUsd } from '../../platform/billing/money';
import { chatQuantities, countPromptTokens, operation, operationCostMicros, UnsupportedModelError } from '../../generation/operations';
import { providersFor } from '../../generation/pipeline';
import { ProviderFailedError, ProviderUnavailableError } from '../../generation/providers/errors';
import { chargeNode } from '../execution/charge-node';
import { appendNodeEvents } from '../events/store';
import { isNodeError, NodeError } from '../contract/node-error';
import type { AgentRunRef, AgentTool, ChatMessage, ModelStepInput, ModelStepResult, ToolStepInput, ToolStepResult } from '../contract/agent';
import { callAgentTool, resolveAgentTools } from './tool-registry';

/** A model call's completion is held to this many tokens, and charged for them up front (as ai.chat). */
export const AGENT_MAX_TOKENS = 1024;
const HEARTBEAT_MS = 1000;

/** Typed failures for the workflow: NodeErrors keep their type and retryability. */
function asFailure(err: unknown): unknown {
  if (isNodeError(err)) return ApplicationFailure.create({ type: err.type, message: err.message, nonRetryable: !err.retryable });
  if (err instanceof ProviderUnavailableError) return ApplicationFailure.create({ type: 'provider_unavailable', message: String((err.body as { detail?: string }).detail), nonRetryable: true });
  if (err instanceof ProviderFailedError) {
    // An upstream 4xx (bad request, unknown model, bad key) will not get better by retrying; 408 and 429 may.
    const status = /HTTP (\d{3})/.exec(err.reason)?.[1];
    const final = status !== undefined && status.startsWith('4') && status !== '408' && status !== '429';
    return ApplicationFailure.create({ type: 'provider_failed', message: String((err.body as { detail?: string }).detail), nonRetryable: final });
  }
  if (err instanceof ApiError) return ApplicationFailure.create({ type: 'provider_failed', message: JSON.stringify(err.body).slice(0, 500), nonRetryable: err.status < 500 });
  return err;
}

interface StepContext {
  signal: AbortSignal;
  /** Heartbeat details an earlier attempt left (a workflow tool's child run id). */
  checkpoint: unknown;
  heartbeat(details: unknown): void;
}

/** Runs `fn` with the activity heartbeating every second (cancellation and lost workers show through it). */
async function heartbeating<T>(fn: (ctx: StepContext) => Promise<T>): Promise<T> {
  const activity = Context.current();
  const checkpoint = activityInfo().heartbeatDetails;
  let last: unknown = checkpoint;
  const step: StepContext = {
    signal: activity.cancellationSignal,
    checkpoint,
    heartbeat: (details) => {
      last = details;
      activity.heartbeat(details);
    },
  };
  const timer = setInterval(() => activity.heartbeat(last), HEARTBEAT_MS);
  try {
    return await fn(step);
  } catch (err) {
    throw asFailure(err);
  } finally {
    clearInterval(timer);
  }
}

/** The step's node_output event (exactly once per run, node, agent execution and step). */
async function streamStep(deps: Deps, run: AgentRunRef, step: number, output: Record<string, unknown>, usdChargedMicros: number): Promise<void> {
  await appendNodeEvents(deps.db, run.runId, [
    {
      type: 'node_output',
      nodeId: run.nodeId,
      dedupeKey: `${run.generation}:${run.nodeId}:agent:${run.agentKey}:step:${step}`,
      data: { node_id: run.nodeId, step, output, usd_charged: microsToUsd(usdChargedMicros) },
    },
  ]);
}

export function agentResolveTools(deps: Deps, input: { accountId: string; toolIds: string[] }): Promise<AgentTool[]> {
  return resolveAgentTools(deps, input.accountId, input.toolIds).catch((err: unknown) => {
    throw asFailure(err);
  });
}

/** Messages as the token counter sees them: tool calls count as their JSON. */
const countable = (messages: ChatMessage[]) => messages.map((m) => ({ role: m.role, content: m.tool_calls?.length ? `${m.content}${JSON.stringify(m.tool_calls)}` : m.content }));

/** The price of one model call at the published chat price: its prompt's tokens plus AGENT_MAX_TOKENS of completion. */
export function modelCallPriceMicros(model: string, messages: ChatMessage[]): number {
  try {
    return operationCostMicros(operation('chat', model, chatQuantities(countPromptTokens(countable(messages)), AGENT_MAX_TOKENS)));
  } catch (err) {
    if (err instanceof UnsupportedModelError) throw new NodeError(err.message, { type: 'invalid_params' });
    throw err;
  }
}

export function agentModelStep(deps: Deps, input: ModelStepInput): Promise<ModelStepResult> {
  return heartbeating(async (ctx) => {
    const { run } = input;
    const price = modelCallPriceMicros(input.model, input.messages);
    if (input.capRemainingMicros !== null && price > input.capRemainingMicros) return { kind: 'capped', priceMicros: price };
    // Charged before the provider is called, once per agent execution and step (a retry finds the ledger entry).
    const charged = run.sandbox || price <= 0 ? 0 : await chargeNode(deps, { runId: run.runId, accountId: run.accountId, node: { id: run.nodeId } }, `run:${run.runId}:node:${run.nodeId}:agent:${run.agentKey}:step:${input.step}`, price, `agent.run:${input.model}`);
    // Sandbox runs are not charged: they answer from the offline provider, never a paid one.
    const answer = await providersFor(deps, run.sandbox).chat({
      model: input.model,
      messages: input.messages,
      temperature: input.temperature,
      maxTokens: AGENT_MAX_TOKENS,
      ...(input.tools.length && input.toolChoice !== 'none' ? { tools: input.tools, toolChoice: input.toolChoice } : {}),
      signal: ctx.signal,
    });
    const toolCalls = answer.toolCalls ?? [];
    await streamStep(deps, run, input.step, { agent_step: { step: input.step, kind: 'model', text: answer.text, tool_calls: toolCalls.map((c) => ({ name: c.name, arguments: c.arguments })) } }, charged);
    return { kind: 'answer', text: answer.text, toolCalls, usage: answer.usage, model: answer.model ?? input.model, chargedMicros: charged };
  });
}

/** The workflow's attempts at a tool step when the server does not say (agent-run.ts, toolActivity). */
const TOOL_STEP_ATTEMPTS = 3;

/** Whether this failure ends the step for good: not retryable, or this was its last attempt. */
function finalFailure(err: unknown): boolean {
  if (isNodeError(err) && !err.retryable) return true;
  const info = activityInfo();
  const max = info.retryPolicy ? info.retryPolicy.maximumAttempts ?? 0 : TOOL_STEP_ATTEMPTS;
  return max > 0 && info.attempt >= max;
}

function streamToolStep(deps: Deps, input: ToolStepInput, out: ToolStepResult): Promise<void> {
  return streamStep(
    deps,
    input.run,
    input.step,
    { agent_step: { step: input.step, kind: 'tool', tool: input.tool.toolId, name: input.call.name, arguments: input.call.arguments, ok: out.ok, result: out.content, ...(out.childRunId ? { child_run_id: out.childRunId } : {}) } },
    out.chargedMicros,
  );
}

export function agentToolStep(deps: Deps, input: ToolStepInput): Promise<ToolStepResult> {
  return heartbeating(async (ctx) => {
    let result;
    try {
      result = await callAgentTool(deps, input, ctx);
    } catch (err) {
      // The workflow records a tool that fails for good as an `ok: false` step (the model is told
      // the error); it is streamed as that step here, so a stream never skips a step number.
      if (!ctx.signal.aborted && finalFailure(err)) {
        const failure = asFailure(err);
        await streamToolStep(deps, input, { ok: false, content: `Error: ${failure instanceof Error ? failure.message : String(failure)}`, chargedMicros: 0 }).catch(() => undefined);
      }
      throw err;
    }
    const out: ToolStepResult = { ok: result.ok, content: result.content, chargedMicros: result.chargedMicros ?? 0, ...(result.childRunId ? { childRunId: result.childRunId } : {}) };
    await streamToolStep(deps, input, out);
    return out;
  });
}
