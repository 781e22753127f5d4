// Gemini generateContent mapped to and from the chat contract: system turns become the system
// instruction, assistant turns `model` turns, tool calls functionCall parts and tool answers
// functionResponse parts (named by the call they answer); JSON mode is responseMimeType.
import type { Content, GenerateContentConfig, GoogleGenAI } from '@google/genai';
import { ProviderError } from '../errors';
import type { CallContext, ChatOutput, ChatRequest, ToolCall } from '../types';
import { callConfig, googleCall } from './api';

export function toGemini(req: ChatRequest): { contents: Content[]; config: GenerateContentConfig } {
  const names = new Map<string, string>();
  const contents: Content[] = [];
  const system: string[] = [];
  for (const m of req.messages) {
    if (m.role === 'system') system.push(m.content);
    else if (m.role === 'tool') {
      let response: Record<string, unknown>;
      try {
        const v: unknown = JSON.parse(m.content);
        response = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : { result: v };
      } catch {
        response = { result: m.content };
      }
      contents.push({ role: 'user', parts: [{ functionResponse: { name: names.get(m.tool_call_id ?? '') ?? 'tool', response } }] });
    } else if (m.role === 'assistant') {
      for (const c of m.tool_calls ?? []) names.set(c.id, c.name);
      contents.push({
        role: 'model',
        parts: [...(m.content ? [{ text: m.content }] : []), ...(m.tool_calls ?? []).map((c) => ({ functionCall: { name: c.name, args: c.arguments } }))],
      });
    } else contents.push({ role: 'user', parts: [{ text: m.content }] });
  }
  const config: GenerateContentConfig = {};
  if (system.length) config.systemInstruction = system.join('\n\n');
  if (req.temperature !== undefined) config.temperature = req.temperature;
  if (req.maxTokens !== undefined) config.maxOutputTokens = req.maxTokens;
  if (req.responseFormat) config.responseMimeType = 'application/json';
  if (req.tools?.length && req.toolChoice !== 'none') {
    config.tools = [{ functionDeclarations: req.tools.map((t) => ({ name: t.name, description: t.description, parametersJsonSchema: t.parameters })) }];
    config.toolConfig = { functionCallingConfig: { mode: req.toolChoice === 'required' ? 'ANY' : 'AUTO' } as never };
  }
  return { contents, config };
}

export function googleChat(client: GoogleGenAI) {
  return {
    async run(req: ChatRequest, ctx: CallContext): Promise<ChatOutput> {
      const { contents, config } = toGemini(req);
      const res = await googleCall('chat', () => client.models.generateContent({ model: ctx.route.model, contents, config: { ...config, ...callConfig(ctx), ...ctx.route.params } }));
      const candidate = res.candidates?.[0];
      if (res.promptFeedback?.blockReason || candidate?.finishReason === 'SAFETY' || candidate?.finishReason === 'PROHIBITED_CONTENT') {
        throw new ProviderError('content_refused', `blocked (${res.promptFeedback?.blockReason ?? candidate?.finishReason})`, { provider: 'google' });
      }
      const parts = candidate?.content?.parts ?? [];
      const text = parts.filter((p) => typeof p.text === 'string' && !p.thought).map((p) => p.text).join('');
      const toolCalls: ToolCall[] = parts.filter((p) => p.functionCall?.name)
        .map((p, i) => ({ id: p.functionCall!.id ?? `call_${i + 1}`, name: p.functionCall!.name!, arguments: (p.functionCall!.args ?? {}) as Record<string, unknown> }));
      return {
        text, model: res.modelVersion ?? ctx.route.model,
        ...(toolCalls.length ? { toolCalls } : {}),
        usage: { inputTokens: res.usageMetadata?.promptTokenCount ?? 0, outputTokens: res.usageMetadata?.candidatesTokenCount ?? 0 },
      };
    },
  };
}
