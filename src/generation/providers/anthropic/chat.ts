// Messages API mapped to and from the chat contract: system turns become `system`, assistant tool
// calls `tool_use` blocks, tool answers `tool_result` blocks in a user turn; `tool_use` blocks in
// the answer become tool calls. JSON mode has no switch here, so it is asked for in the system prompt.
import type Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsNonStreaming, MessageParam, ToolUnion } from '@anthropic-ai/sdk/resources/messages/messages';
import { ProviderError } from '../errors';
import type { CallContext, ChatDelta, ChatOutput, ChatRequest, ToolCall } from '../types';
import { classifyAnthropic } from './api';

/** Anthropic requires max_tokens; this is what a request that names none gets. */
export const DEFAULT_MAX_TOKENS = 1024;

export function toAnthropic(req: ChatRequest, model: string, ctx: CallContext): MessageCreateParamsNonStreaming {
  const system = req.messages.filter((m) => m.role === 'system').map((m) => m.content);
  if (req.responseFormat) system.push('Answer with one JSON object and nothing else.');
  const messages: MessageParam[] = [];
  for (const m of req.messages) {
    if (m.role === 'system') continue;
    if (m.role === 'tool') {
      const block = { type: 'tool_result' as const, tool_use_id: m.tool_call_id ?? '', content: m.content };
      const last = messages.at(-1);
      // Several tool answers in a row are one user turn.
      if (last?.role === 'user' && Array.isArray(last.content) && last.content.every((b) => b.type === 'tool_result')) last.content.push(block);
      else messages.push({ role: 'user', content: [block] });
      continue;
    }
    if (m.role === 'assistant' && m.tool_calls?.length) {
      messages.push({
        role: 'assistant',
        content: [
          ...(m.content ? [{ type: 'text' as const, text: m.content }] : []),
          ...m.tool_calls.map((c) => ({ type: 'tool_use' as const, id: c.id, name: c.name, input: c.arguments })),
        ],
      });
      continue;
    }
    messages.push({ role: m.role === 'assistant' ? 'assistant' : 'user', content: m.content });
  }
  const body: MessageCreateParamsNonStreaming = { model, max_tokens: req.maxTokens ?? DEFAULT_MAX_TOKENS, messages };
  if (system.length) body.system = system.join('\n\n');
  // This SDK's Messages API has no temperature; a route that wants one sets it in its catalogue params.
  if (req.tools?.length && req.toolChoice !== 'none') {
    body.tools = req.tools.map((t): ToolUnion => ({ name: t.name, description: t.description, input_schema: { type: 'object', ...t.parameters } }));
    body.tool_choice = { type: req.toolChoice === 'required' ? 'any' : 'auto' };
  }
  return { ...body, ...ctx.route.params } as MessageCreateParamsNonStreaming;
}

export function anthropicChat(client: Anthropic) {
  return {
    async run(req: ChatRequest, ctx: CallContext): Promise<ChatOutput> {
      let res: Anthropic.Message;
      try {
        res = await client.messages.create(toAnthropic(req, ctx.route.model, ctx), { signal: ctx.signal, timeout: ctx.timeoutMs });
      } catch (err) {
        throw classifyAnthropic('chat', err);
      }
      if (res.stop_reason === 'refusal') throw new ProviderError('content_refused', 'the model refused to answer', { provider: 'anthropic' });
      const text = res.content.filter((b) => b.type === 'text').map((b) => b.text).join('');
      const toolCalls: ToolCall[] = res.content.filter((b) => b.type === 'tool_use')
        .map((b) => ({ id: b.id, name: b.name, arguments: b.input && typeof b.input === 'object' ? (b.input as Record<string, unknown>) : {} }));
      return {
        text, model: res.model ?? ctx.route.model,
        ...(toolCalls.length ? { toolCalls } : {}),
        usage: { inputTokens: res.usage?.input_tokens ?? 0, outputTokens: res.usage?.output_tokens ?? 0 },
      };
    },

    async *stream(req: ChatRequest, ctx: CallContext): AsyncIterable<ChatDelta> {
      const blocks = new Map<number, { id: string; name: string; json: string }>();
      let input = 0;
      let output = 0;
      try {
        const events = await client.messages.create({ ...toAnthropic(req, ctx.route.model, ctx), stream: true }, { signal: ctx.signal, timeout: ctx.timeoutMs });
        for await (const e of events) {
          if (e.type === 'message_start') input = e.message.usage?.input_tokens ?? 0;
          else if (e.type === 'content_block_start' && e.content_block.type === 'tool_use') blocks.set(e.index, { id: e.content_block.id, name: e.content_block.name, json: '' });
          else if (e.type === 'content_block_delta' && e.delta.type === 'text_delta') yield { text: e.delta.text };
          else if (e.type === 'content_block_delta' && e.delta.type === 'input_json_delta') blocks.get(e.index)!.json += e.delta.partial_json;
          else if (e.type === 'message_delta') output = e.usage?.output_tokens ?? output;
        }
      } catch (err) {
        throw classifyAnthropic('chat stream', err);
      }
      const toolCalls = [...blocks.values()].map((b) => ({ id: b.id, name: b.name, arguments: parseArgs(b.json) }));
      yield { ...(toolCalls.length ? { toolCalls } : {}), usage: { inputTokens: input, outputTokens: output }, done: true };
    },
  };
}

function parseArgs(json: string): Record<string, unknown> {
  if (!json.trim()) return {};
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : { _raw: json };
  } catch {
    return { _raw: json };
  }
}
