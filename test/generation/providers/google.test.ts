// The Google adapter through @google/genai against a loopback server speaking the Gemini API:
// generateContent with tools both ways, JSON mode, usage, safety blocks and failures classified.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../../src/generation/providers/errors';
import { googleAdapter } from '../../../src/generation/providers/google/index';
import type { CallContext, ProviderAdapter } from '../../../src/generation/providers/types';
import { json, startLoopback, type Loopback } from './loopback';

let lb: Loopback;
let google: ProviderAdapter;
const ctx = (model: string): CallContext => ({ route: { provider: 'google', model, params: {}, cost: {} }, timeoutMs: 2000 });
const fail = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a failure'); }, (e: unknown) => e as ProviderError);

beforeAll(async () => {
  lb = await startLoopback(() => undefined);
  google = googleAdapter.create({ baseUrl: lb.url, apiKey: 'g-key', extra: {}, timeoutMs: 2000 });
});
afterAll(() => lb?.close());

describe('google adapter (@google/genai, loopback)', () => {
  it('Gemini chat: system instruction, model turns, functionCall/functionResponse parts, JSON mode; tool calls and usage back', async () => {
    lb.requests = [];
    lb.handler = (_req, res) => json(res, 200, {
      candidates: [{ content: { role: 'model', parts: [{ text: 'Let me check.' }, { functionCall: { name: 'weather', args: { city: 'Oslo' } } }] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 40, candidatesTokenCount: 7, totalTokenCount: 47 }, modelVersion: 'gemini-2.5-flash',
    });
    const out = await google.capabilities.chat!.run({
      model: 'x', maxTokens: 100, temperature: 0.3, responseFormat: { type: 'json' }, toolChoice: 'required',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: '', tool_calls: [{ id: 'c1', name: 'weather', arguments: { city: 'Bergen' } }] },
        { role: 'tool', tool_call_id: 'c1', content: '{"c":4}' },
      ],
      tools: [{ name: 'weather', description: 'current weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }],
    }, ctx('gemini-2.5-flash'));
    expect(out).toEqual({ text: 'Let me check.', model: 'gemini-2.5-flash', toolCalls: [{ id: 'call_1', name: 'weather', arguments: { city: 'Oslo' } }], usage: { inputTokens: 40, outputTokens: 7 } });
    const r = lb.requests[0]!;
    expect(r.path).toBe('/v1/models/gemini-2.5-flash:generateContent');
    expect(r.headers['x-goog-api-key']).toBe('g-key');
    expect(r.body).toMatchObject({
      contents: [
        { role: 'user', parts: [{ text: 'Weather?' }] },
        { role: 'model', parts: [{ functionCall: { name: 'weather', args: { city: 'Bergen' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'weather', response: { c: 4 } } }] },
      ],
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      generationConfig: { temperature: 0.3, maxOutputTokens: 100, responseMimeType: 'application/json' },
      tools: [{ functionDeclarations: [{ name: 'weather', description: 'current weather' }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY' } },
    });
  });

  it('classifies a blocked prompt, 429, 500 and a bad request', async () => {
    const chat = () => google.capabilities.chat!.run({ model: 'x', messages: [{ role: 'user', content: 'hi' }] }, ctx('gemini-2.5-flash'));
    lb.handler = (_req, res) => json(res, 200, { promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 2 } });
    expect((await fail(chat())).kind).toBe('content_refused');
    lb.handler = (_req, res) => json(res, 429, { error: { code: 429, message: 'Resource has been exhausted', status: 'RESOURCE_EXHAUSTED' } });
    expect((await fail(chat())).kind).toBe('rate_limited');
    lb.handler = (_req, res) => json(res, 500, { error: { code: 500, message: 'internal', status: 'INTERNAL' } });
    expect((await fail(chat())).kind).toBe('retryable');
    lb.handler = (_req, res) => json(res, 400, { error: { code: 400, message: 'Invalid JSON payload', status: 'INVALID_ARGUMENT' } });
    expect((await fail(chat())).kind).toBe('client');
  });
});
