// What the agent.run node, the agentRun child workflow and the agent activities pass each other.
// Pure types: safe to import from workflow code.
import type { ChatMessage, ToolCall, ToolChoice, ToolSpec } from '../../generation/providers/types';
import { workflowRef } from '../../infra/temporal/workflow-ref';

export type { ChatMessage, ToolCall, ToolChoice, ToolSpec };

/** AI agent node params, after templates. */
export interface AgentParams {
  model: string;
  system: string;
  prompt: string;
  tools: string[];
  tool_strategy: 'auto' | 'required' | 'none';
  max_steps: number;
  usd_cap: number | null;
  temperature: number;
}

/** The run and node an agent works for; `agentKey` (the child execution's id) keeps charge and event keys unique per execution. */
export interface AgentRunRef {
  runId: string;
  accountId: string;
  workflowId: string;
  nodeId: string;
  generation: number;
  sandbox: boolean;
  agentKey: string;
}

/** What starts an agent execution: the run and node it works for (its key is its execution id), and its params. */
export type AgentRunInput = Omit<AgentRunRef, 'agentKey'> & { params: AgentParams };

/** A tool as the agent offers it to the model: its Atelier id and the function name the model sees. */
export interface AgentTool extends ToolSpec {
  toolId: string;
}

export interface ModelStepInput {
  run: AgentRunRef;
  step: number;
  model: string;
  temperature: number;
  messages: ChatMessage[];
  tools: ToolSpec[];
  toolChoice: ToolChoice;
  /** What is left of the node's usd_cap, or null when uncapped. */
  capRemainingMicros: number | null;
}

export type ModelStepResult =
  /** The call's price is more than the cap leaves: nothing was charged or called. */
  | { kind: 'capped'; priceMicros: number }
  | {
      kind: 'answer';
      text: string;
      toolCalls: ToolCall[];
      usage: { prompt_tokens: number; completion_tokens: number };
      model: string;
      chargedMicros: number;
    };

export interface ToolStepInput {
  run: AgentRunRef;
  step: number;
  tool: AgentTool;
  call: ToolCall;
  capRemainingMicros: number | null;
}

export interface ToolStepResult {
  ok: boolean;
  /** What goes back to the model (text, bounded). */
  content: string;
  /** Spent by the tool on the agent's behalf (a workflow tool's child run). */
  chargedMicros: number;
  /** A workflow tool's child run. */
  childRunId?: string;
}

export type AgentStopReason = 'completed' | 'max_steps' | 'usd_cap';

/** One numbered step of the loop as the node's output lists it. */
export type AgentStepRecord =
  | { step: number; kind: 'model'; text: string; tool_calls: Array<{ id: string; name: string; arguments: Record<string, unknown> }>; usd_charged: number }
  | { step: number; kind: 'tool'; tool: string; name: string; arguments: Record<string, unknown>; ok: boolean; result: string; child_run_id?: string };

export interface AgentRunResult {
  text: string;
  stop_reason: AgentStopReason;
  steps: AgentStepRecord[];
  model: string;
  model_calls: number;
  tool_calls: number;
  usage: { prompt_tokens: number; completion_tokens: number };
  usd_charged: number;
  usdChargedMicros: number;
}

/** What a failed agentRun carries in its ApplicationFailure details (as executeNode's failures do). */
export interface AgentFailureDetails {
  logs: [];
  usdChargedMicros: number;
  durationMs: number;
}

/** The Temporal activity and UI name of a step: `<node>:model#3`, `<node>:tool:search#4`. */
export const stepLabel = (nodeId: string, step: number, tool?: string) => `${nodeId}:${tool === undefined ? 'model' : `tool:${tool}`}#${step}`;

/** The agentRun child workflow (workflows/agent-run.ts), started by reference from the agent.run node's handler. */
export const agentRun = workflowRef<(input: AgentRunInput) => Promise<AgentRunResult>>('agentRun');
