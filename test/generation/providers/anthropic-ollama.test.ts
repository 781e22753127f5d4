// Anthropic (@anthropic-ai/sdk) and Ollama (ollama) adapters against loopback servers speaking
// their wire formats: the chat contract mapped both ways, tools, streaming, usage, failures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anthropicAdapter } from '../../../src/generation/providers/anthropic/index';
import { ProviderError } from '../../../src/generation/providers/errors';
import { ollamaAdapter } from '../../../src/generation/providers/ollama/index';
import type { CallContext, ChatDelta, ChatRequest } from '../../../src/generation/providers/types';
import { json, startLoopback, type Loopback } from './loopback';

let lb: Loopback;
const ctx = (provider: 'anthropic' | 'ollama', model: string, timeoutMs = 2000): CallContext => ({ route: { provider, model, params: {}, cost: {} }, timeoutMs });
const settings = (over: object = {}) => ({ baseUrl: lb.url, apiKey: 'sk-ant', extra: {}, timeoutMs: 2000, ...over });
const fail = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a failure'); }, (e: unknown) => e as ProviderError);

beforeAll(async () => {
  lb = await startLoopback(() => undefined);
});
afterAll(() => lb?.close());

const toolTurn: ChatRequest = {
  model: 'x', maxTokens: 200,
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Weather in Oslo?' },
    { role: 'assistant', content: '', tool_calls: [{ id: 'toolu_1', name: 'weather', arguments: { city: 'Oslo' } }] },
    { role: 'tool', tool_call_id: 'toolu_1', content: '{"c":-3}' },
  ],
  tools: [{ name: 'weather', description: 'current weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }],
  toolChoice: 'required',
};

describe('anthropic adapter', () => {
  it('maps system, tool calls and tool results onto the Messages API, and tool_use blocks back', async () => {
    lb.requests = [];
    lb.handler = (_req, res) => json(res, 200, {
      id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', stop_reason: 'tool_use', stop_sequence: null,
      content: [{ type: 'text', text: 'Checking.' }, { type: 'tool_use', id: 'toolu_2', name: 'weather', input: { city: 'Bergen' } }],
      usage: { input_tokens: 50, output_tokens: 9 },
    });
    const a = anthropicAdapter.create(settings());
    const out = await a.capabilities.chat!.run(toolTurn, ctx('anthropic', 'claude-sonnet-4-5'));
    expect(out).toEqual({ text: 'Checking.', model: 'claude-sonnet-4-5', toolCalls: [{ id: 'toolu_2', name: 'weather', arguments: { city: 'Bergen' } }], usage: { inputTokens: 50, outputTokens: 9 } });
    const r = lb.requests[0]!;
    expect(r).toMatchObject({ method: 'POST', path: '/v1/messages', headers: { authorization: 'Bearer sk-ant', 'anthropic-version': expect.any(String) } });
    expect(r.body).toEqual({
      model: 'claude-sonnet-4-5', max_tokens: 200, system: 'Be brief.',
      messages: [
        { role: 'user', content: 'Weather in Oslo?' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Oslo' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '{"c":-3}' }] },
      ],
      tools: [{ name: 'weather', description: 'current weather', input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }],
      tool_choice: { type: 'any' },
    });
  });

  it('streams text and a tool call from SSE events with the usage at the end', async () => {
    lb.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const ev = (type: string, data: object) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
      ev('message_start', { message: { id: 'm', type: 'message', role: 'assistant', model: 'claude-haiku-4-5', content: [], stop_reason: null, usage: { input_tokens: 12, output_tokens: 1 } } });
      ev('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
      ev('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Hi ' } });
      ev('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'there' } });
      ev('content_block_stop', { index: 0 });
      ev('content_block_start', { index: 1, content_block: { type: 'tool_use', id: 'toolu_9', name: 'weather', input: {} } });
      ev('content_block_delta', { index: 1, delta: { type: 'input_json_delta', partial_json: '{"city":' } });
      ev('content_block_delta', { index: 1, delta: { type: 'input_json_delta', partial_json: '"Oslo"}' } });
      ev('content_block_stop', { index: 1 });
      ev('message_delta', { delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 17 } });
      ev('message_stop', {});
      res.end();
    };
    const a = anthropicAdapter.create(settings());
    const deltas: ChatDelta[] = [];
    for await (const d of a.capabilities.chat!.stream!({ model: 'x', messages: [{ role: 'user', content: 'hi' }] }, ctx('anthropic', 'claude-haiku-4-5'))) deltas.push(d);
    expect(deltas.map((d) => d.text ?? '').join('')).toBe('Hi there');
    expect(deltas.at(-1)).toEqual({ toolCalls: [{ id: 'toolu_9', name: 'weather', arguments: { city: 'Oslo' } }], usage: { inputTokens: 12, outputTokens: 17 }, done: true });
  });

  it('classifies 429 with retry-after, 529 overloaded, 400 invalid request, a refusal and a timeout', async () => {
    const a = anthropicAdapter.create(settings());
    const chat = () => a.capabilities.chat!.run({ model: 'x', messages: [{ role: 'user', content: 'hi' }] }, ctx('anthropic', 'claude-haiku-4-5'));
    lb.handler = (_req, res) => json(res, 429, { type: 'error', error: { type: 'rate_limit_error', message: 'Too many' } }, { 'retry-after': '3' });
    const limited = await fail(chat());
    expect([limited.kind, limited.retryAfterMs]).toEqual(['rate_limited', 3000]);
    lb.handler = (_req, res) => json(res, 529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
    expect((await fail(chat())).kind).toBe('retryable');
    lb.handler = (_req, res) => json(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens too large' } });
    expect(await fail(chat())).toMatchObject({ kind: 'client', message: 'chat: HTTP 400: max_tokens too large' });
    lb.handler = (_req, res) => json(res, 200, { id: 'm', type: 'message', role: 'assistant', model: 'claude-haiku-4-5', content: [], stop_reason: 'refusal', stop_sequence: null, usage: { input_tokens: 3, output_tokens: 0 } });
    expect((await fail(chat())).kind).toBe('content_refused');
    lb.handler = () => undefined;
    const slow = anthropicAdapter.create(settings({ timeoutMs: 300 }));
    expect((await fail(slow.capabilities.chat!.run({ model: 'x', messages: [{ role: 'user', content: 'hi' }] }, ctx('anthropic', 'claude-haiku-4-5', 300)))).kind).toBe('retryable');
  });
});

describe('ollama adapter', () => {
  it('chat: /api/chat with tools, JSON format and num_predict; tool calls and eval counts back', async () => {
    lb.requests = [];
    lb.handler = (req, res) => json(res, 200, {
      model: req.body.model, created_at: new Date().toISOString(), done: true, done_reason: 'stop',
      message: { role: 'assistant', content: '{"ok":true}', tool_calls: [{ function: { name: 'weather', arguments: { city: 'Oslo' } } }] },
      prompt_eval_count: 30, eval_count: 8, total_duration: 1, load_duration: 1, prompt_eval_duration: 1, eval_duration: 1,
    });
    const o = ollamaAdapter.create(settings({ apiKey: undefined }));
    const out = await o.capabilities.chat!.run({ ...toolTurn, toolChoice: 'auto', temperature: 0.2, responseFormat: { type: 'json' } }, ctx('ollama', 'llama3.2'));
    expect(out).toEqual({ text: '{"ok":true}', model: 'llama3.2', toolCalls: [{ id: 'call_1', name: 'weather', arguments: { city: 'Oslo' } }], usage: { inputTokens: 30, outputTokens: 8 } });
    const r = lb.requests[0]!;
    expect(r.path).toBe('/api/chat');
    expect(r.body).toMatchObject({ model: 'llama3.2', stream: false, format: 'json', options: { temperature: 0.2, num_predict: 200 }, tools: [{ type: 'function', function: { name: 'weather' } }] });
    expect(r.body.messages[2]).toEqual({ role: 'assistant', content: '', tool_calls: [{ function: { name: 'weather', arguments: { city: 'Oslo' } } }] });
  });

  it('embed: /api/embed vectors; a model not pulled is unavailable (next route), a dead server too', async () => {
    lb.requests = [];
    lb.handler = (req, res) => req.body.model === 'missing'
      ? json(res, 404, { error: "model 'missing' not found, try pulling it first" })
      : json(res, 200, { model: req.body.model, embeddings: [[0.1, 0.2], [0.3, 0.4]], prompt_eval_count: 4, total_duration: 1, load_duration: 1 });
    const o = ollamaAdapter.create(settings({ apiKey: undefined }));
    const e = await o.capabilities.embed!.run({ model: 'x', input: ['a', 'b'] }, ctx('ollama', 'nomic-embed-text'));
    expect(e).toEqual({ model: 'nomic-embed-text', dimensions: 2, vectors: [[0.1, 0.2], [0.3, 0.4]], usage: { inputTokens: 4 } });
    expect(lb.requests[0]).toMatchObject({ path: '/api/embed', body: { model: 'nomic-embed-text', input: ['a', 'b'] } });
    expect((await fail(o.capabilities.embed!.run({ model: 'x', input: ['a'] }, ctx('ollama', 'missing')))).kind).toBe('unavailable');
    const dead = ollamaAdapter.create(settings({ baseUrl: 'http://127.0.0.1:9' }));
    expect((await fail(dead.capabilities.embed!.run({ model: 'x', input: ['a'] }, ctx('ollama', 'm')))).kind).toBe('unavailable');
  });

  it('a server that does not answer in time is retryable (next route), and a 429 is rate_limited', async () => {
    lb.handler = () => undefined;
    const o = ollamaAdapter.create(settings({ apiKey: undefined }));
    const started = Date.now();
    const slow = await fail(o.capabilities.chat!.run({ model: 'x', messages: [{ role: 'user', content: 'hi' }] }, ctx('ollama', 'llama3.2', 300)));
    expect([slow.kind, Date.now() - started < 2000]).toEqual(['retryable', true]);
    lb.handler = (_req, res) => json(res, 429, { error: 'server busy' });
    expect((await fail(o.capabilities.chat!.run({ model: 'x', messages: [{ role: 'user', content: 'hi' }] }, ctx('ollama', 'llama3.2')))).kind).toBe('rate_limited');
  });
});
