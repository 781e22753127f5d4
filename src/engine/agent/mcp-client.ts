// Talking to an account's MCP server with the official SDK client: one short-lived session per use
// (discover, or one agent tool call), ended when the use is over, over streamable HTTP (the current MCP transport), the older
// HTTP+SSE transport, or stdio (a command the worker launches, admins only and allow-listed).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Deps } from '../../deps';
import type { EngineMcpServer, McpToolRecord } from '../../infra/db/schema/index';
import { streamingSafeFetch } from '../../infra/net/safe-fetch';
import { openSecret } from '../../platform/webhooks/secret-box';
import type { ToolOutput } from './builtin-tools';

const CONNECT_TIMEOUT_MS = 20_000;
const LIST_TIMEOUT_MS = 30_000;
const CALL_TIMEOUT_MS = 120_000;
const END_SESSION_TIMEOUT_MS = 5_000;
/** Most characters of a tool result the model gets back. */
const RESULT_MAX_CHARS = 8000;

/** Whether `[command, ...args]` starts with one of the allow-list's entries (ATELIER_MCP_STDIO_ALLOW). */
export function stdioAllowed(allow: string[][], command: string, args: string[]): boolean {
  const line = [command, ...args];
  return allow.some((entry) => entry.length <= line.length && entry.every((word, i) => word === line[i]));
}

export class McpRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McpRefusedError';
  }
}

function transportFor(deps: Deps, server: EngineMcpServer): Transport {
  const token = server.auth_token_sealed ? openSecret(deps.config.encryptionKey, server.auth_token_sealed) : undefined;
  if (server.transport === 'stdio') {
    const args = server.args ?? [];
    // Checked again at launch: the allow-list may have shrunk since the server was registered.
    if (!server.command || !stdioAllowed(deps.config.mcpStdioAllow, server.command, args)) {
      throw new McpRefusedError('this stdio MCP server\'s command is not on the allow-list (ATELIER_MCP_STDIO_ALLOW) of this worker');
    }
    return new StdioClientTransport({
      command: server.command,
      args,
      // The worker's own secrets stay out of the child's environment; the token travels as MCP_AUTH_TOKEN.
      env: { ...getDefaultEnvironment(), ...(token ? { MCP_AUTH_TOKEN: token } : {}) },
      stderr: 'ignore',
    });
  }
  const url = new URL(server.url ?? '');
  const requestInit: RequestInit = token ? { headers: { authorization: `Bearer ${token}` } } : {};
  // Every request (and redirect target) goes through the SSRF rules of user-supplied URLs.
  const fetch = streamingSafeFetch({ allowPrivateNetwork: deps.config.allowPrivateNetwork });
  return server.transport === 'sse' ? new SSEClientTransport(url, { requestInit, fetch }) : new StreamableHTTPClientTransport(url, { requestInit, fetch });
}

/**
 * Ends a stateful streamable HTTP session with an HTTP DELETE (closing the client only drops the
 * connection, and the server would keep one session per call until its own timeout). Bounded, and
 * never an error: a server may answer 405 (it does not allow it) or be gone.
 */
async function endSession(transport: Transport): Promise<void> {
  if (!(transport instanceof StreamableHTTPClientTransport) || !transport.sessionId) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    transport.terminateSession().catch(() => undefined),
    new Promise<void>((resolve) => { timer = setTimeout(resolve, END_SESSION_TIMEOUT_MS); }),
  ]).finally(() => clearTimeout(timer));
}

/** Opens a session with the server, runs `fn`, and always ends it (DELETE for a stateful HTTP session; a stdio server's process exits). */
export async function withMcpClient<T>(deps: Deps, server: EngineMcpServer, fn: (client: Client) => Promise<T>, signal?: AbortSignal): Promise<T> {
  const client = new Client({ name: 'atelier', version: '1.0.0' });
  const transport = transportFor(deps, server);
  try {
    await client.connect(transport, { timeout: CONNECT_TIMEOUT_MS, signal });
    return await fn(client);
  } finally {
    await endSession(transport);
    await client.close().catch(() => undefined);
  }
}

/** Every tool the server lists (following pagination), with its input schema. */
export async function listMcpTools(deps: Deps, server: EngineMcpServer): Promise<McpToolRecord[]> {
  return withMcpClient(deps, server, async (client) => {
    const tools: McpToolRecord[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 50; page++) {
      const res = await client.listTools(cursor ? { cursor } : {}, { timeout: LIST_TIMEOUT_MS });
      for (const t of res.tools) tools.push({ name: t.name, description: t.description ?? t.title ?? '', input_schema: (t.inputSchema as Record<string, unknown>) ?? { type: 'object' } });
      cursor = res.nextCursor;
      if (!cursor) break;
    }
    return tools;
  });
}

/** Calls one tool; the text of its content blocks (others summarised) goes back to the model. */
export async function callMcpTool(deps: Deps, server: EngineMcpServer, name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<ToolOutput> {
  const result = await withMcpClient(deps, server, (client) => client.callTool({ name, arguments: args }, undefined, { timeout: CALL_TIMEOUT_MS, signal }), signal);
  const parts: string[] = [];
  for (const block of (result.content ?? []) as Array<Record<string, unknown>>) {
    if (block.type === 'text' && typeof block.text === 'string') parts.push(block.text);
    else if (block.type === 'resource' && typeof (block.resource as { text?: unknown })?.text === 'string') parts.push(String((block.resource as { text: string }).text));
    else parts.push(`[${String(block.type)}${typeof block.mimeType === 'string' ? ` ${block.mimeType}` : ''}${typeof block.uri === 'string' ? ` ${block.uri}` : ''}]`);
  }
  if (!parts.length && result.structuredContent !== undefined) parts.push(JSON.stringify(result.structuredContent));
  const text = parts.join('\n');
  const content = text.length > RESULT_MAX_CHARS ? `${text.slice(0, RESULT_MAX_CHARS)}\n[truncated: ${text.length} characters in all]` : text;
  return { ok: result.isError !== true, content: result.isError ? `Error: ${content}` : content };
}
