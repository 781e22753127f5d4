import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';

/** Agent tool ids: a built-in (`http_get`), `workflow:<tool_id>` or `mcp:<server_id>:<tool_name>`. */
const ToolId = z.string().min(1).max(300).regex(/^(?:[a-z][a-z0-9_]*|workflow:[A-Za-z0-9_-]{1,64}|mcp:[A-Za-z0-9_]+:[^\s]{1,128})$/, 'a tool id is a built-in name (http_get), workflow:<tool_id> or mcp:<server_id>:<tool_name>');

// AI agent node params, with the documented defaults.
const params = z.object({
  model: z.string().min(1).describe('Chat model from the price table: `atelier-local` (offline, deterministic tool use) or an OpenAI-compatible model such as `gpt-4o-mini`.'),
  system: z.string().max(20_000).default('').describe('System message.'),
  prompt: z.string().min(1).max(50_000).describe('The task (templated).'),
  tools: z.array(ToolId).max(64).default([]).describe('Tool ids the agent may call: built-ins (`http_get`), `workflow:<tool_id>` (POST /v1/tools/workflow/{workflow_id}), `mcp:<server_id>:<tool_name>` (POST /v1/tools/mcp, then …/discover).'),
  tool_strategy: z.enum(['auto', 'required', 'none']).default('auto').describe('`auto`: the model decides; `required`: the first model call must call a tool; `none`: no tools are offered.'),
  max_steps: z.number().int().min(1).max(100).default(15).describe('Most steps (each model call and each tool call is one); the loop stops with stop_reason `max_steps`.'),
  usd_cap: z.number().positive().max(1000).nullable().default(null).describe('Most USD this node may spend (model calls and workflow-tool runs); the loop stops with stop_reason `usd_cap` before a call that would exceed it.'),
  temperature: z.number().min(0).max(2).default(0.7).describe('Sampling temperature, 0 to 2.'),
});

/** The agent loop: the engineRun workflow runs it as the agentRun child workflow (workflow.ts). */
export const agentRun: NodeDefinition<typeof params> = {
  type: 'agent.run',
  version: 1,
  category: 'agent',
  subcategory: 'agents',
  name: 'AI agent',
  description:
    'A tool-using agent loop: the model is called with `system`, `prompt` and the listed `tools`, each tool it asks for is called and its result sent back, until it answers, `max_steps` is reached or `usd_cap` would be exceeded. Every model call and tool call is a durable Temporal activity of the child workflow `agentRun` (named `<node>:model#N`, `<node>:tool:<name>#N`), so a lost worker resumes at the step it was on and a finished tool call is never repeated. Each step streams as a `node_output` event with its `step` number. Model calls are charged at the published chat price. `main` = {text, stop_reason (completed | max_steps | usd_cap), steps, model, model_calls, tool_calls, usage, usd_charged, trace}.',
  tags: ['agent', 'ai', 'llm', 'tools', 'mcp', 'function-calling'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text, stop_reason, steps, model, model_calls, tool_calls, usage, usd_charged, trace: [{step, kind, …}]}' }],
  execution: 'workflow',
};
