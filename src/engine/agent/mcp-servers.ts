// MCP server {name, url, transport, auth_token} GET/POST /v1/tools/mcp,
// POST /v1/tools/mcp/{id}/discover, DELETE /v1/tools/mcp/{id}. The auth token is sealed like
// connection secrets and never returned; discovery caches the server's tools in Postgres, and an
// agent lists one as `mcp:<server_id>:<tool_name>`. A stdio server is a command this deployment
// runs, so only admin credentials may register one and only when ATELIER_MCP_STDIO_ALLOW lists it.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { EngineMcpServer } from '../../infra/db/schema/index';
import { badRequest, coded } from '../../infra/http/errors';
import { orNotFound } from '../../infra/db/or-not-found';
import { isoTime, listOf } from '../../infra/http/views';
import { assertPublicUrl, BlockedAddressError } from '../../infra/net/safe-fetch';
import type { AuthContext } from '../../platform/auth/context';
import { requireAdmin } from '../../platform/auth/enforce';
import { sealSecret } from '../../platform/webhooks/secret-box';
import { listMcpTools, McpRefusedError, stdioAllowed } from './mcp-client';

const TRANSPORT_ALIASES: Record<string, string> = { http: 'streamable_http', 'streamable-http': 'streamable_http', streamableHttp: 'streamable_http' };

export const McpServerBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    transport: z.preprocess((v) => (typeof v === 'string' ? (TRANSPORT_ALIASES[v] ?? v) : v), z.enum(['sse', 'stdio', 'streamable_http'])).describe('`streamable_http` (the current MCP transport), `sse` (HTTP+SSE, the older one) or `stdio` (a command the worker runs; admins only, allow-listed).'),
    url: z.string().trim().min(1).max(2000).optional().describe('The server\'s endpoint (sse, streamable_http); for stdio a command line may be given here instead of `command` + `args` (split on spaces, no shell).'),
    command: z.string().trim().min(1).max(1000).optional().describe('stdio: the executable.'),
    args: z.array(z.string().max(2000)).max(100).optional().describe('stdio: its arguments.'),
    auth_token: z.string().min(1).max(16_384).optional().describe('Sent as `Authorization: Bearer` (stdio: as MCP_AUTH_TOKEN); stored encrypted, never returned.'),
  })
  .superRefine((b, ctx) => {
    if (b.transport === 'stdio') {
      if (!b.command && !b.url) ctx.addIssue({ code: 'custom', path: ['command'], message: 'a stdio server needs a command' });
    } else {
      if (!b.url) ctx.addIssue({ code: 'custom', path: ['url'], message: `a ${b.transport} server needs a url` });
      if (b.command || b.args) ctx.addIssue({ code: 'custom', path: ['command'], message: 'command and args are for stdio servers only' });
    }
  });
export type McpServerBody = z.output<typeof McpServerBody>;

export const McpToolView = z.object({
  name: z.string(),
  description: z.string(),
  input_schema: z.record(z.string(), z.unknown()),
  agent_tool_id: z.string().describe('What an agent.run node lists in `tools`: `mcp:<server_id>:<name>`'),
});
export const McpServerView = z.object({
  id: z.string(),
  name: z.string(),
  transport: z.enum(['sse', 'stdio', 'streamable_http']),
  url: z.string().nullable(),
  command: z.string().nullable(),
  args: z.array(z.string()),
  has_auth_token: z.boolean(),
  tools: z.array(McpToolView).nullable().describe('Null until the server is discovered'),
  discovered_at: isoTime.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
});
export const McpServerListView = listOf(McpServerView, { total: z.number().int() });
export const McpServerDeletedView = z.object({ id: z.string(), deleted: z.literal(true) });

export function mcpServerView(row: EngineMcpServer): z.output<typeof McpServerView> {
  return {
    id: row.id,
    name: row.name,
    transport: row.transport,
    url: row.url,
    command: row.command,
    args: row.args,
    has_auth_token: row.auth_token_sealed !== null,
    tools: row.tools?.map((t) => ({ ...t, agent_tool_id: `mcp:${row.id}:${t.name}` })) ?? null,
    discovered_at: row.discovered_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** An http(s) URL without credentials whose host is public (unless the deployment allows private networks). */
async function checkedUrl(deps: Deps, raw: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('url must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('url must be an absolute http(s) URL');
  if (url.username || url.password) throw badRequest('url must not carry credentials; use auth_token');
  try {
    await assertPublicUrl(url.toString(), { allowPrivateNetwork: deps.config.allowPrivateNetwork });
  } catch (err) {
    if (err instanceof BlockedAddressError) throw badRequest('MCP server URLs must point to a public host (not localhost or a private, loopback or link-local address)');
    throw badRequest(`MCP server URL host could not be resolved: ${url.hostname}`);
  }
  return url.toString();
}

export async function createMcpServer(deps: Deps, auth: AuthContext, body: McpServerBody) {
  let url: string | null = null;
  let command: string | null = null;
  let args: string[] = [];
  if (body.transport === 'stdio') {
    // Code execution on this deployment: admin credentials, and a command the operator allowed.
    requireAdmin(auth, 'Registering a stdio MCP server');
    const line = body.command ? [body.command, ...(body.args ?? [])] : (body.url ?? '').split(/\s+/).filter(Boolean);
    [command = '', ...args] = line;
    if (!deps.config.mcpStdioAllow.length) throw coded(403, 'mcp_stdio_disabled', 'stdio MCP servers are disabled on this deployment (ATELIER_MCP_STDIO_ALLOW is empty).');
    if (!stdioAllowed(deps.config.mcpStdioAllow, command, args)) {
      throw coded(403, 'mcp_command_not_allowed', `The command "${[command, ...args].join(' ').slice(0, 200)}" is not on this deployment's stdio allow-list (ATELIER_MCP_STDIO_ALLOW).`);
    }
  } else {
    url = await checkedUrl(deps, body.url!);
  }
  const row = await deps.db
    .insertInto('engine_mcp_servers')
    .values({
      id: `mcp_${randomBytes(12).toString('hex')}`,
      account_id: auth.accountId,
      name: body.name,
      transport: body.transport,
      url,
      command,
      args: JSON.stringify(args),
      auth_token_sealed: body.auth_token ? sealSecret(deps.config.encryptionKey, body.auth_token) : null,
      tools: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return mcpServerView(row);
}

export async function listMcpServers(deps: Deps, accountId: string) {
  const rows = await deps.db.selectFrom('engine_mcp_servers').selectAll().where('account_id', '=', accountId).orderBy('created_at', 'desc').execute();
  return { object: 'list' as const, data: rows.map(mcpServerView), total: rows.length };
}

export function ownedMcpServer(deps: Deps, accountId: string, id: string): Promise<EngineMcpServer> {
  return orNotFound(deps.db.selectFrom('engine_mcp_servers').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst());
}

/** Connects, lists the server's tools with their input schemas and stores them; 502 when the server cannot be reached. */
export async function discoverMcpServer(deps: Deps, accountId: string, id: string) {
  const server = await ownedMcpServer(deps, accountId, id);
  let tools;
  try {
    tools = await listMcpTools(deps, server);
  } catch (err) {
    if (err instanceof McpRefusedError) throw coded(403, 'mcp_command_not_allowed', err.message);
    if (err instanceof BlockedAddressError) throw badRequest('MCP server URLs must point to a public host');
    throw coded(502, 'mcp_unreachable', `Could not list the MCP server's tools: ${(err as Error).message}`.slice(0, 500), { server_id: id });
  }
  const row = await deps.db
    .updateTable('engine_mcp_servers')
    .set({ tools: JSON.stringify(tools), discovered_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return mcpServerView(row);
}

export async function deleteMcpServer(deps: Deps, accountId: string, id: string) {
  await orNotFound(deps.db.deleteFrom('engine_mcp_servers').where('id', '=', id).where('account_id', '=', accountId).returning('id').executeTakeFirst());
  return { id, deleted: true as const };
}
