// Agent tools: GET/POST /v1/tools/workflow/{workflow_id}, DELETE
// /v1/tools/workflow/{workflow_id}/{tool_id}; GET/POST /v1/tools/mcp, POST /v1/tools/mcp/{id}/discover,
// DELETE /v1/tools/mcp/{id}. Another account's ids answer 404.
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { route } from '../../infra/http/route';
import { createMcpServer, deleteMcpServer, discoverMcpServer, listMcpServers, McpServerBody, McpServerDeletedView, McpServerListView, McpServerView } from './mcp-servers';
import { deleteWorkflowTool, listWorkflowTools, upsertWorkflowTool, WorkflowToolBody, WorkflowToolDeletedView, WorkflowToolListView, WorkflowToolView } from './workflow-tools';

const WorkflowParams = z.object({ workflow_id: z.string().min(1).max(100) });
const WorkflowToolParams = z.object({ workflow_id: z.string().min(1).max(100), tool_id: z.string().min(1).max(64) });
const ServerParams = z.object({ server_id: z.string().min(1).max(100) });

export function agentToolRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/tools/workflow/:workflow_id', route({ params: WorkflowParams, response: WorkflowToolListView, summary: "List a workflow's agent tools" }, ({ auth, params }) => listWorkflowTools(deps, auth.accountId, params.workflow_id)));
  router.post(
    '/tools/workflow/:workflow_id',
    route({ params: WorkflowParams, body: WorkflowToolBody, response: WorkflowToolView, summary: 'Expose a workflow as an agent tool (upsert by tool_id)', errors: [409] }, ({ auth, params, body }) => upsertWorkflowTool(deps, auth.accountId, params.workflow_id, body)),
  );
  router.delete(
    '/tools/workflow/:workflow_id/:tool_id',
    route({ params: WorkflowToolParams, response: WorkflowToolDeletedView, summary: 'Remove a workflow tool' }, ({ auth, params }) => deleteWorkflowTool(deps, auth.accountId, params.workflow_id, params.tool_id)),
  );

  router.get('/tools/mcp', route({ response: McpServerListView, summary: 'List MCP servers' }, ({ auth }) => listMcpServers(deps, auth.accountId)));
  router.post('/tools/mcp', route({ body: McpServerBody, status: 201, response: McpServerView, summary: 'Register an MCP server', errors: [403] }, ({ auth, body }) => createMcpServer(deps, auth, body)));
  router.post(
    '/tools/mcp/:server_id/discover',
    route({ params: ServerParams, response: McpServerView, summary: "List and cache an MCP server's tools", errors: [403, 502] }, ({ auth, params }) => discoverMcpServer(deps, auth.accountId, params.server_id)),
  );
  router.delete('/tools/mcp/:server_id', route({ params: ServerParams, response: McpServerDeletedView, summary: 'Remove an MCP server' }, ({ auth, params }) => deleteMcpServer(deps, auth.accountId, params.server_id)));
  return router;
}
