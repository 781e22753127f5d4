// Agent tool ids and how each kind is resolved and called:
//   http_get (or builtin:http_get)      a built-in tool (builtin-tools.ts)
//   workflow:<tool_id>                  a workflow exposed with POST /v1/tools/workflow/{workflow_id}
//   mcp:<server_id>:<tool_name>         a tool of an MCP server (POST /v1/tools/mcp, then …/discover)
// The model sees each as a function whose name is the tool's own name, made unique.
import type { Deps } from '../../deps';
import { NodeError } from '../contract/node-error';
import { builtinTools, type ToolOutput } from './builtin-tools';
import type { AgentTool, ToolStepInput } from '../contract/agent';
import { callMcpTool, McpRefusedError } from './mcp-client';
import { callWorkflowTool, describeWorkflowTool } from './workflow-tools';

export type ParsedToolId =
  | { kind: 'builtin'; name: string }
  | { kind: 'workflow'; toolId: string }
  | { kind: 'mcp'; serverId: string; toolName: string };

export function parseToolId(id: string): ParsedToolId | undefined {
  if (id.startsWith('workflow:')) {
    const toolId = id.slice('workflow:'.length);
    return toolId ? { kind: 'workflow', toolId } : undefined;
  }
  if (id.startsWith('mcp:')) {
    const rest = id.slice('mcp:'.length);
    const colon = rest.indexOf(':');
    if (colon <= 0 || colon === rest.length - 1) return undefined;
    return { kind: 'mcp', serverId: rest.slice(0, colon), toolName: rest.slice(colon + 1) };
  }
  const name = id.startsWith('builtin:') ? id.slice('builtin:'.length) : id;
  return name ? { kind: 'builtin', name } : undefined;
}

/** A function name chat-completions accepts (`^[A-Za-z0-9_-]{1,64}$`), unique among `taken`. */
function functionName(wanted: string, taken: Set<string>): string {
  const base = (wanted.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'tool').slice(0, 60);
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}_${i}`;
  taken.add(name);
  return name;
}

/**
 * The tools an agent lists, as the model will see them; every id that does not name a usable tool
 * of the account fails the node (nonretryable) with all the problems in one message.
 */
export async function resolveAgentTools(deps: Deps, accountId: string, ids: string[]): Promise<AgentTool[]> {
  const tools: AgentTool[] = [];
  const problems: string[] = [];
  const taken = new Set<string>();
  const loadServer = (id: string) => deps.db.selectFrom('engine_mcp_servers').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
  const servers = new Map<string, Awaited<ReturnType<typeof loadServer>>>();
  for (const id of ids) {
    const parsed = parseToolId(id);
    if (!parsed) {
      problems.push(`"${id}" is not a tool id`);
    } else if (parsed.kind === 'builtin') {
      const tool = builtinTools[parsed.name];
      if (!tool) problems.push(`"${id}" is not a built-in tool (built-ins: ${Object.keys(builtinTools).join(', ')})`);
      else tools.push({ toolId: `builtin:${tool.id}`, name: functionName(tool.id, taken), description: tool.description, parameters: tool.inputSchema });
    } else if (parsed.kind === 'workflow') {
      const row = await deps.db.selectFrom('engine_workflow_tools').selectAll().where('account_id', '=', accountId).where('tool_id', '=', parsed.toolId).executeTakeFirst();
      if (!row) problems.push(`"${id}": no workflow tool with tool_id "${parsed.toolId}"`);
      else if (!row.active) problems.push(`"${id}": the workflow tool is not active`);
      else {
        const d = await describeWorkflowTool(deps, row);
        tools.push({ toolId: id, name: functionName(row.tool_id, taken), description: d.description, parameters: d.inputSchema });
      }
    } else {
      if (!servers.has(parsed.serverId)) servers.set(parsed.serverId, await loadServer(parsed.serverId));
      const server = servers.get(parsed.serverId);
      const tool = server?.tools?.find((t) => t.name === parsed.toolName);
      if (!server) problems.push(`"${id}": no MCP server ${parsed.serverId}`);
      else if (!server.tools) problems.push(`"${id}": MCP server ${parsed.serverId} has not been discovered yet (POST /v1/tools/mcp/${parsed.serverId}/discover)`);
      else if (!tool) problems.push(`"${id}": MCP server ${parsed.serverId} has no tool "${parsed.toolName}"`);
      else tools.push({ toolId: id, name: functionName(tool.name, taken), description: tool.description || tool.name, parameters: tool.input_schema });
    }
  }
  if (problems.length) throw new NodeError(`unknown tools: ${problems.join('; ')}`, { type: 'unknown_tool' });
  return tools;
}

export interface ToolCallContext {
  signal: AbortSignal;
  /** The last heartbeat of an earlier attempt of this call. */
  checkpoint: unknown;
  heartbeat(details: unknown): void;
}

/** Calls one tool for an agent. Tool-level failures come back as `ok: false`; infrastructure failures throw (and are retried). */
export async function callAgentTool(deps: Deps, input: ToolStepInput, ctx: ToolCallContext): Promise<ToolOutput> {
  const { run, tool, call } = input;
  const parsed = parseToolId(tool.toolId);
  if (!parsed) return { ok: false, content: `Error: "${tool.toolId}" is not a tool id.` };
  if (parsed.kind === 'builtin') {
    const builtin = builtinTools[parsed.name];
    if (!builtin) return { ok: false, content: `Error: no built-in tool ${parsed.name}.` };
    return builtin.run(deps, run.accountId, call.arguments, { runId: run.runId, nodeId: run.nodeId, sandbox: run.sandbox, signal: ctx.signal });
  }
  if (parsed.kind === 'workflow') {
    const row = await deps.db.selectFrom('engine_workflow_tools').selectAll().where('account_id', '=', run.accountId).where('tool_id', '=', parsed.toolId).executeTakeFirst();
    if (!row || !row.active) return { ok: false, content: `Error: the workflow tool "${parsed.toolId}" no longer exists or is not active.` };
    return callWorkflowTool(deps, row, call.arguments, {
      accountId: run.accountId,
      runId: run.runId,
      nodeId: run.nodeId,
      workflowId: run.workflowId,
      sandbox: run.sandbox,
      capRemainingMicros: input.capRemainingMicros,
      signal: ctx.signal,
      childRunId: (ctx.checkpoint as { child_run_id?: string } | undefined)?.child_run_id,
      heartbeat: (d) => ctx.heartbeat(d),
    });
  }
  const server = await deps.db.selectFrom('engine_mcp_servers').selectAll().where('id', '=', parsed.serverId).where('account_id', '=', run.accountId).executeTakeFirst();
  if (!server) return { ok: false, content: `Error: the MCP server ${parsed.serverId} no longer exists.` };
  try {
    return await callMcpTool(deps, server, parsed.toolName, call.arguments, ctx.signal);
  } catch (err) {
    if (err instanceof McpRefusedError) return { ok: false, content: `Error: ${err.message}` };
    throw err;
  }
}
