// MCP on a stateful streamable HTTP server built with the SDK that counts its sessions: discover and
// every agent tool call end their session (HTTP DELETE), so the server holds none afterwards; and a
// tool step that fails for good (the server answers 500) is streamed like every other step.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startStack, type TestStack } from '../../helpers/stack';
import { createWorkflow, startRun, waitForRun } from '../runs/helpers';
import { agentSpec, agentStepEvents } from './helpers';

let stack: TestStack;
let http: Server;
let url = '';
const sessions = new Map<string, StreamableHTTPServerTransport>();
const counts = { opened: 0, deleted: 0, explodeCalls: 0 };

function mcpServer(): McpServer {
  const server = new McpServer({ name: 'counting', version: '1.0.0' });
  server.registerTool('lookup', { description: 'Looks up a message', inputSchema: { message: z.string() } }, ({ message }) => ({ content: [{ type: 'text', text: `found: ${message}` }] }));
  server.registerTool('explode', { description: 'Explodes a message', inputSchema: { message: z.string() } }, () => ({ content: [{ type: 'text', text: 'never: the HTTP layer answers 500' }] }));
  return server;
}

beforeAll(async () => {
  http = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { method?: string; params?: { name?: string } }) : undefined;
      if (body?.method === 'tools/call' && body.params?.name === 'explode') {
        counts.explodeCalls += 1;
        res.statusCode = 500;
        res.end('internal error');
        return;
      }
      const sid = req.headers['mcp-session-id'] as string | undefined;
      let transport = sid ? sessions.get(sid) : undefined;
      if (!transport) {
        if (sid || !isInitializeRequest(body)) {
          res.statusCode = sid ? 404 : 400;
          res.end();
          return;
        }
        const fresh: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => {
            sessions.set(id, fresh);
            counts.opened += 1;
          },
          onsessionclosed: (id) => {
            sessions.delete(id);
            counts.deleted += 1;
          },
        });
        await mcpServer().connect(fresh);
        transport = fresh;
      }
      await transport.handleRequest(req, res, body);
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  stack = await startStack();
}, 240_000);

afterAll(async () => {
  http?.closeAllConnections();
  await new Promise<void>((r) => (http ? http.close(() => r()) : r()));
  await stack?.close();
});

describe('MCP sessions and failed tool steps', () => {
  it('discover and an agent run leave no session open on a stateful server; a failed tool step is streamed', async () => {
    const created = await stack.api('POST', '/engine/v1/v1/tools/mcp', { body: { name: 'counting', transport: 'streamable_http', url } });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const found = await stack.api('POST', `/engine/v1/v1/tools/mcp/${id}/discover`);
    expect(found.status, found.text).toBe(200);
    expect(counts.opened).toBeGreaterThanOrEqual(1);
    expect(sessions.size).toBe(0);
    expect(counts.deleted).toBe(counts.opened);

    const wf = await createWorkflow(stack, agentSpec({ model: 'atelier-local', prompt: 'Explode and lookup the message: hi', tools: [`mcp:${id}:explode`, `mcp:${id}:lookup`] }));
    const { run_id } = await startRun(stack, wf);
    const run = await waitForRun(stack, run_id, undefined, 120_000);
    expect(run.status).toBe('completed');
    const main = run.node_outputs.agent.output.main;
    expect(main.trace.map((s: { step: number; kind: string; name?: string; ok?: boolean }) => [s.step, s.kind, s.name ?? null, s.ok ?? null])).toEqual([
      [1, 'model', null, null], [2, 'tool', 'explode', false], [3, 'tool', 'lookup', true], [4, 'model', null, null],
    ]);
    // The failing call was retried by the activity, then given to the model as an error.
    expect(counts.explodeCalls).toBe(3);

    // Every step is streamed, the failed one included, with what the run recorded.
    const events = (await agentStepEvents(stack, run_id)).sort((a, b) => a.step - b.step);
    expect(events.map((e) => [e.step, e.output.agent_step.kind, e.output.agent_step.ok ?? null])).toEqual([[1, 'model', null], [2, 'tool', false], [3, 'tool', true], [4, 'model', null]]);
    expect(events[1]!.output.agent_step.result).toBe(main.trace[1].result);
    expect(String(events[1]!.output.agent_step.result)).toMatch(/^Error: Streamable HTTP error: .*internal error/);

    // Each session the run opened (one per call, retries included) was ended with a DELETE.
    expect(counts.opened).toBeGreaterThanOrEqual(5);
    expect(sessions.size).toBe(0);
    expect(counts.deleted).toBe(counts.opened);
  });
});
