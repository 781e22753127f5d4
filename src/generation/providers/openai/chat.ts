// Chat completions: messages, tools (function calling), JSON mode and streaming, mapped to and
// from the chat contract.
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { ProviderError } from '../errors';
import type { ChatDelta, ChatMessage, ChatOutput, ChatRequest, CallContext, ToolCall } from '../types';
import { classify, openaiCall, requestOptions, type OpenAiClients } from './api';

function body(req: ChatRequest, model: string, ctx: CallContext): Omit<ChatCompletionCreateParamsNonStreaming, 'stream'> {
  const b: Record<string, unknown> = { model, messages: req.messages.map(wireMessage) };
  if (req.temperature !== undefined) b.temperature = req.temperature;
  // max_tokens, not max_completion_tokens: the form every OpenAI-compatible server (Ollama, vLLM) reads too.
  if (req.maxTokens !== undefined) b.max_tokens = req.maxTokens;
  // `none` sends no tools at all (some servers reject tool_choice without tools).
  if (req.tools?.length && req.toolChoice !== 'none') {
    b.tools = req.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
    b.tool_choice = req.toolChoice ?? 'auto';
  }
  // JSON mode is the widely served form; the schema is in the prompt.
  if (req.responseFormat) b.response_format = { type: 'json_object' };
  return { ...b, ...ctx.route.params } as unknown as Omit<ChatCompletionCreateParamsNonStreaming, 'stream'>;
}

export function openaiChat(clients: OpenAiClients) {
  return {
    async run(req: ChatRequest, ctx: CallContext): Promise<ChatOutput> {
      const model = clients.model('CHAT', ctx);
      const res = await openaiCall('chat', () => clients.client('CHAT').chat.completions.create({ ...body(req, model, ctx), stream: false }, requestOptions(ctx)));
      const choice = res.choices?.[0];
      if (choice?.finish_reason === 'content_filter') throw new ProviderError('content_refused', 'the answer was stopped by the content filter', { provider: 'openai' });
      const message = choice?.message;
      const toolCalls = (message?.tool_calls ?? []).map(parseToolCall);
      const text = message?.content ?? (toolCalls.length ? '' : undefined);
      if (typeof text !== 'string') throw new ProviderError('retryable', 'chat: response has no choices[0].message.content', { provider: 'openai' });
      return {
        text,
        model: res.model ?? model,
        ...(toolCalls.length ? { toolCalls } : {}),
        usage: { inputTokens: res.usage?.prompt_tokens ?? 0, outputTokens: res.usage?.completion_tokens ?? 0 },
      };
    },

    async *stream(req: ChatRequest, ctx: CallContext): AsyncIterable<ChatDelta> {
      const model = clients.model('CHAT', ctx);
      const stream = await openaiCall('chat', () =>
        clients.client('CHAT').chat.completions.create({ ...body(req, model, ctx), stream: true, stream_options: { include_usage: true } }, requestOptions(ctx)));
      // Tool calls arrive in pieces keyed by index: name once, arguments as string fragments.
      const calls = new Map<number, { id?: string; name?: string; args: string }>();
      try {
        for await (const chunk of stream) {
          const delta = chunk.choices?.[0]?.delta;
          if (delta?.content) yield { text: delta.content };
          for (const tc of delta?.tool_calls ?? []) {
            const c = calls.get(tc.index) ?? { args: '' };
            if (tc.id) c.id = tc.id;
            if (tc.function?.name) c.name = tc.function.name;
            if (tc.function?.arguments) c.args += tc.function.arguments;
            calls.set(tc.index, c);
          }
          if (chunk.usage) {
            const toolCalls = [...calls.values()].map((c, i) => parseToolCall({ id: c.id, function: { name: c.name, arguments: c.args } }, i));
            yield { ...(toolCalls.length ? { toolCalls } : {}), usage: { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens }, done: true };
          }
        }
      } catch (err) {
        throw classify('chat stream', err);
      }
    },
  };
}

interface WireToolCall {
  id?: string;
  function?: { name?: string; arguments?: string | Record<string, unknown> };
}

/** A message as chat-completions takes it: assistant tool calls with JSON-string arguments, tool results by call id. */
function wireMessage(m: ChatMessage): ChatCompletionMessageParam {
  if (m.role === 'assistant' && m.tool_calls?.length) {
    return {
      role: 'assistant',
      content: m.content || null,
      tool_calls: m.tool_calls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: JSON.stringify(c.arguments) } })),
    };
  }
  if (m.role === 'tool') return { role: 'tool', tool_call_id: m.tool_call_id ?? '', content: m.content };
  return { role: m.role, content: m.content } as ChatCompletionMessageParam;
}

/** A tool call from the wire; arguments that are not a JSON object reach the tool as `{}` plus `_raw`. */
export function parseToolCall(c: WireToolCall, i: number): ToolCall {
  const name = c.function?.name;
  if (!name) throw new ProviderError('retryable', `chat: tool_calls[${i}] has no function name`, { provider: 'openai' });
  const raw = c.function?.arguments;
  let args: Record<string, unknown> = {};
  if (raw && typeof raw === 'object') args = raw;
  else if (typeof raw === 'string' && raw.trim()) {
    try {
      const parsed: unknown = JSON.parse(raw);
      args = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { _raw: raw };
    } catch {
      args = { _raw: raw };
    }
  }
  return { id: c.id || `call_${i + 1}`, name, arguments: args };
}
