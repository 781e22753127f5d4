// /api/chat: messages, tools (Ollama's own function-calling shape: arguments as objects),
// JSON mode as `format: "json"`, max tokens as `num_predict`.
import type { Message, Tool } from 'ollama';
import type { CallContext, ChatOutput, ChatRequest, ProviderSettings } from '../types';
import { ollamaCall, ollamaClient } from './api';

export function ollamaChat(settings: ProviderSettings) {
  return {
    async run(req: ChatRequest, ctx: CallContext): Promise<ChatOutput> {
      const messages: Message[] = req.messages.map((m) => ({
        role: m.role,
        content: m.content,
        ...(m.tool_calls?.length ? { tool_calls: m.tool_calls.map((c) => ({ function: { name: c.name, arguments: c.arguments } })) } : {}),
      }));
      const tools: Tool[] | undefined = req.tools?.length && req.toolChoice !== 'none'
        ? req.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters as Tool['function']['parameters'] } }))
        : undefined;
      const options: Record<string, number> = {};
      if (req.temperature !== undefined) options.temperature = req.temperature;
      if (req.maxTokens !== undefined) options.num_predict = req.maxTokens;
      const res = await ollamaCall('chat', () => ollamaClient(settings, ctx).chat({
        model: ctx.route.model, messages, stream: false,
        ...(tools ? { tools } : {}),
        ...(req.responseFormat ? { format: 'json' } : {}),
        ...(Object.keys(options).length ? { options } : {}),
        ...ctx.route.params,
      }));
      const toolCalls = (res.message?.tool_calls ?? []).map((c, i) => ({ id: `call_${i + 1}`, name: c.function.name, arguments: c.function.arguments ?? {} }));
      return {
        text: res.message?.content ?? '',
        model: res.model ?? ctx.route.model,
        ...(toolCalls.length ? { toolCalls } : {}),
        usage: { inputTokens: res.prompt_eval_count ?? 0, outputTokens: res.eval_count ?? 0 },
      };
    },
  };
}
