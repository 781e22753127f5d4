// agent.run in the engineRun workflow: the loop runs as the agentRun child workflow, one child per
// node execution (its id names the run, node and generation), so its steps are visible on their own.
import { type AgentParams, agentRun, type AgentRunInput, NodeError, type WorkflowNodeHandler } from '../../../src/engine/node-sdk/workflow';

const STRATEGIES = ['auto', 'required', 'none'] as const;

/** Params after templates (the planner checked them before templates were resolved). */
export function agentParams(params: Record<string, unknown>): AgentParams {
  const bad = (what: string) => new NodeError(`agent.run: ${what}`, { type: 'invalid_params' });
  const str = (key: string, fallback?: string): string => {
    const v = params[key] ?? fallback;
    if (typeof v !== 'string') throw bad(`${key} must be a string`);
    return v;
  };
  const num = (key: string, fallback: number): number => {
    const v = params[key] ?? fallback;
    if (typeof v !== 'number' || !Number.isFinite(v)) throw bad(`${key} must be a number`);
    return v;
  };
  const model = str('model');
  const prompt = str('prompt');
  if (!model.trim()) throw bad('model is required');
  if (!prompt.trim()) throw bad('prompt is empty after templates');
  const tools = params.tools ?? [];
  if (!Array.isArray(tools) || !tools.every((t) => typeof t === 'string')) throw bad('tools must be a list of tool ids');
  const strategy = params.tool_strategy ?? 'auto';
  if (!STRATEGIES.includes(strategy as (typeof STRATEGIES)[number])) throw bad('tool_strategy must be auto, required or none');
  const maxSteps = num('max_steps', 15);
  if (!Number.isInteger(maxSteps) || maxSteps < 1 || maxSteps > 100) throw bad('max_steps must be an integer from 1 to 100');
  const cap = params.usd_cap ?? null;
  if (cap !== null && (typeof cap !== 'number' || !(cap > 0))) throw bad('usd_cap must be a positive number or null');
  const temperature = num('temperature', 0.7);
  if (temperature < 0 || temperature > 2) throw bad('temperature must be from 0 to 2');
  return { model, system: str('system', ''), prompt, tools: [...new Set(tools as string[])], tool_strategy: strategy as AgentParams['tool_strategy'], max_steps: maxSteps, usd_cap: cap, temperature };
}

export const runAgent: WorkflowNodeHandler = async (api, params) => {
  const p = agentParams(params);
  const { run } = api;
  const input: AgentRunInput = { runId: run.runId, accountId: run.accountId, workflowId: run.workflowId, nodeId: api.nodeId, generation: run.generation, sandbox: run.sandbox, params: p };
  const result = await api.executeChild(agentRun, input, {
    id: `${run.runId}:${api.nodeId}:agent:${run.generation}`,
    summary: `agent ${api.nodeId} · ${p.model} · ${p.tools.length} tools`,
  });
  api.log(`${result.stop_reason} after ${result.steps.length} steps (${result.model_calls} model calls, ${result.tool_calls} tool calls)`);
  const { usdChargedMicros, steps, ...main } = result;
  return { output: { main: { ...main, steps: steps.length, trace: steps } }, usdChargedMicros };
};
