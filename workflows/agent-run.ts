// The agent.run node's loop (AI agent node), a child workflow of engineRun: every
// model call and every tool call is its own activity, named `<node>:model#3` / `<node>:tool:echo#4`
// in the Temporal UI, so a worker lost mid-loop resumes at the step it was on and a finished tool
// call (its result is in this history) is never made again. max_steps and usd_cap end the loop
// with a stop_reason in the node's output; hard failures (wallet, provider refusals) fail the node.
import { ActivityCancellationType, ActivityFailure, ApplicationFailure, isCancellation, proxyActivities, workflowInfo, type ActivityOptions } from '@temporalio/workflow';
import type { Activities } from '../activities/index';
import {
  stepLabel,
  type AgentFailureDetails,
  type AgentRunInput,
  type AgentRunRef,
  type AgentRunResult,
  type AgentStepRecord,
  type AgentStopReason,
  type AgentTool,
  type ChatMessage,
  type ToolStepResult,
} from '../src/engine/contract/agent';

/** Resolving the tool list: quick database reads. */
const resolveActivity: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 3, initialInterval: '1 second', backoffCoefficient: 2 },
};

/** A model call: may take minutes; heartbeats every second so a lost worker is noticed quickly. */
const modelActivity: ActivityOptions = {
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { maximumAttempts: 3, initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds' },
  cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
};

/** A tool call: a workflow tool waits for its child run, so it may be long. */
const toolActivity: ActivityOptions = {
  startToCloseTimeout: '1 hour',
  heartbeatTimeout: '10 seconds',
  retry: { maximumAttempts: 3, initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds' },
  cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
};

const USD = 1_000_000;

function failureMessage(err: unknown): { message: string; type: string } {
  let cause: unknown = err;
  while (cause instanceof ActivityFailure && cause.cause) cause = cause.cause;
  if (cause instanceof ApplicationFailure) return { message: cause.message, type: cause.type ?? 'agent_failed' };
  return { message: cause instanceof Error ? cause.message : String(cause), type: 'agent_failed' };
}

export async function agentRun(input: AgentRunInput): Promise<AgentRunResult> {
  const { params: p, nodeId } = input;
  const ref: AgentRunRef = {
    runId: input.runId,
    accountId: input.accountId,
    workflowId: input.workflowId,
    nodeId,
    generation: input.generation,
    sandbox: input.sandbox,
    agentKey: workflowInfo().runId,
  };
  const capMicros = p.usd_cap === null ? null : Math.round(p.usd_cap * USD);
  let spentMicros = 0;
  const remaining = () => (capMicros === null ? null : Math.max(0, capMicros - spentMicros));

  const fail = (err: unknown): never => {
    if (isCancellation(err)) throw err;
    const { message, type } = failureMessage(err);
    const details: AgentFailureDetails = { logs: [], usdChargedMicros: spentMicros, durationMs: 0 };
    throw ApplicationFailure.create({ type, message, nonRetryable: true, details: [details] });
  };

  let tools: AgentTool[] = [];
  if (p.tool_strategy !== 'none' && p.tools.length) {
    const { agentResolveTools } = proxyActivities<Activities>({ ...resolveActivity, activityId: `${nodeId}:tools`, summary: `${nodeId}:tools` });
    tools = await agentResolveTools({ accountId: input.accountId, toolIds: p.tools }).catch(fail);
  }
  const byName = new Map(tools.map((t) => [t.name, t]));
  const specs = tools.map(({ name, description, parameters }) => ({ name, description, parameters }));

  const messages: ChatMessage[] = [...(p.system ? [{ role: 'system', content: p.system }] : []), { role: 'user', content: p.prompt }];
  const steps: AgentStepRecord[] = [];
  const usage = { prompt_tokens: 0, completion_tokens: 0 };
  let step = 0;
  let modelCalls = 0;
  let toolCalls = 0;
  let text = '';
  let model = p.model;
  let stopReason: AgentStopReason;

  for (;;) {
    if (step >= p.max_steps) {
      stopReason = 'max_steps';
      break;
    }
    step += 1;
    const choice = specs.length === 0 ? 'none' : p.tool_strategy === 'required' && modelCalls === 0 ? 'required' : 'auto';
    const label = stepLabel(nodeId, step);
    const { agentModelStep } = proxyActivities<Activities>({ ...modelActivity, activityId: label, summary: label });
    const answer = await agentModelStep({
      run: ref,
      step,
      model: p.model,
      temperature: p.temperature,
      messages,
      tools: specs,
      toolChoice: choice,
      capRemainingMicros: remaining(),
    }).catch(fail);
    if (answer.kind === 'capped') {
      step -= 1;
      stopReason = 'usd_cap';
      break;
    }
    modelCalls += 1;
    spentMicros += answer.chargedMicros;
    usage.prompt_tokens += answer.usage.prompt_tokens;
    usage.completion_tokens += answer.usage.completion_tokens;
    model = answer.model;
    text = answer.text;
    steps.push({ step, kind: 'model', text: answer.text, tool_calls: answer.toolCalls, usd_charged: answer.chargedMicros / USD });
    messages.push({ role: 'assistant', content: answer.text, ...(answer.toolCalls.length ? { tool_calls: answer.toolCalls } : {}) });
    if (!answer.toolCalls.length) {
      stopReason = 'completed';
      break;
    }
    // A model turn's tool calls run all together or not at all: the next turn needs every answer.
    if (step + answer.toolCalls.length > p.max_steps) {
      stopReason = 'max_steps';
      break;
    }
    if (capMicros !== null && spentMicros >= capMicros) {
      stopReason = 'usd_cap';
      break;
    }
    const calls = answer.toolCalls.map((call) => ({ call, step: ++step, tool: byName.get(call.name) }));
    const results = await Promise.all(
      calls.map(async ({ call, step: n, tool }): Promise<ToolStepResult> => {
        if (!tool) return { ok: false, content: `Error: there is no tool named "${call.name}". Available: ${[...byName.keys()].join(', ') || 'none'}.`, chargedMicros: 0 };
        const toolLabel = stepLabel(nodeId, n, tool.name);
        const { agentToolStep } = proxyActivities<Activities>({ ...toolActivity, activityId: toolLabel, summary: toolLabel });
        try {
          return await agentToolStep({ run: ref, step: n, tool, call, capRemainingMicros: remaining() });
        } catch (err) {
          // A tool that keeps failing is the model's problem to work around, not the run's end.
          if (!(err instanceof ActivityFailure) || isCancellation(err)) throw err;
          return { ok: false, content: `Error: ${failureMessage(err).message}`, chargedMicros: 0 };
        }
      }),
    );
    calls.forEach(({ call, step: n, tool }, i) => {
      const r = results[i]!;
      toolCalls += 1;
      spentMicros += r.chargedMicros;
      steps.push({ step: n, kind: 'tool', tool: tool?.toolId ?? call.name, name: call.name, arguments: call.arguments, ok: r.ok, result: r.content, ...(r.childRunId ? { child_run_id: r.childRunId } : {}) });
      messages.push({ role: 'tool', tool_call_id: call.id, content: r.content });
    });
  }

  return {
    text,
    stop_reason: stopReason,
    steps,
    model,
    model_calls: modelCalls,
    tool_calls: toolCalls,
    usage,
    usd_charged: spentMicros / USD,
    usdChargedMicros: spentMicros,
  };
}
