// The pieces under the agent's tools, without a stack: the streaming SSRF-safe fetch MCP's HTTP
// transports use, the stdio allow-list rule, tool ids, and the local model's deterministic tool use.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stdioAllowed } from '../../../src/engine/agent/mcp-client';
import { parseToolId } from '../../../src/engine/agent/tool-registry';
import { localChat } from '../../../src/generation/providers/local/chat';
import { BlockedAddressError, streamingSafeFetch } from '../../../src/infra/net/safe-fetch';

let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('content-type', 'text/event-stream');
    res.write('data: one\n\n');
    setTimeout(() => res.end('data: two\n\n'), 50);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sse`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('streamingSafeFetch', () => {
  it('refuses loopback and private targets unless the deployment allows them', async () => {
    await expect(streamingSafeFetch({ allowPrivateNetwork: false })(url)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(streamingSafeFetch({ allowPrivateNetwork: false })('http://10.1.2.3/mcp', { method: 'POST', body: '{}' })).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it('streams a response body as it arrives', async () => {
    const res = await streamingSafeFetch({ allowPrivateNetwork: true })(url, { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(await res.text()).toBe('data: one\n\ndata: two\n\n');
  });
});

describe('agent tools', () => {
  it('stdio commands must start with every word of an allow-list entry', () => {
    const allow = [['npx', '-y', '@modelcontextprotocol/server-everything'], ['/opt/mcp/bin/server']];
    expect(stdioAllowed(allow, 'npx', ['-y', '@modelcontextprotocol/server-everything', 'stdio'])).toBe(true);
    expect(stdioAllowed(allow, '/opt/mcp/bin/server', [])).toBe(true);
    expect(stdioAllowed(allow, 'npx', ['-y', 'evil-package'])).toBe(false);
    expect(stdioAllowed(allow, 'npx', [])).toBe(false);
    expect(stdioAllowed([], 'npx', [])).toBe(false);
  });

  it('parses the three kinds of tool id', () => {
    expect(parseToolId('http_get')).toEqual({ kind: 'builtin', name: 'http_get' });
    expect(parseToolId('builtin:http_get')).toEqual({ kind: 'builtin', name: 'http_get' });
    expect(parseToolId('workflow:lookup')).toEqual({ kind: 'workflow', toolId: 'lookup' });
    expect(parseToolId('mcp:mcp_1:get-sum')).toEqual({ kind: 'mcp', serverId: 'mcp_1', toolName: 'get-sum' });
    expect(parseToolId('mcp:mcp_1')).toBeUndefined();
  });

  it('the local model calls the matching tools with arguments from the prompt, then answers from their results', () => {
    const tools = [
      { name: 'get-sum', description: 'Returns the sum of two numbers', parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] } },
      { name: 'http_get', description: 'Fetches a web page', parameters: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] } },
    ];
    const ask = { model: 'atelier-local', messages: [{ role: 'user', content: 'What is the sum of 4 and 5?' }], tools };
    const first = localChat(ask);
    expect(first.toolCalls).toEqual([{ id: 'call_1', name: 'get-sum', arguments: { a: 4, b: 5 } }]);
    expect(localChat({ ...ask, toolChoice: 'none' }).toolCalls).toBeUndefined();
    const answer = localChat({
      ...ask,
      messages: [...ask.messages, { role: 'assistant', content: '', tool_calls: first.toolCalls }, { role: 'tool', tool_call_id: 'call_1', content: 'The sum of 4 and 5 is 9.' }],
    });
    expect(answer.toolCalls).toBeUndefined();
    expect(answer.text).toContain('get-sum: The sum of 4 and 5 is 9.');
    // Nothing matches: auto answers without tools, required calls the best one anyway.
    const unrelated = { model: 'atelier-local', messages: [{ role: 'user', content: 'Compose a haiku' }], tools };
    expect(localChat(unrelated).toolCalls).toBeUndefined();
    expect(localChat({ ...unrelated, toolChoice: 'required' }).toolCalls).toHaveLength(1);
  });
});
