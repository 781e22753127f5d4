import sharp from 'sharp';
import type { OpenAiEndpoint } from './config';
import { ProviderFailedError, ProviderUnavailableError } from './errors';
import type { ChatMessage, ChatRequest, ChatResult, EmbedRequest, EmbedResult, ImageRequest, MediaResult, SpeechRequest, ToolCall } from './types';

/**
 * An OpenAI-compatible HTTP provider: `/chat/completions`, `/images/generations` (b64_json) and
 * `/audio/speech` and `/embeddings`, each with its own base URL and key. The URLs come from operator config, not
 * from users, so plain fetch is used (no SSRF guard needed).
 */
export class OpenAiProvider {
  constructor(private readonly endpoints: { chat: OpenAiEndpoint; image: OpenAiEndpoint; speech: OpenAiEndpoint; embed?: OpenAiEndpoint }, private readonly timeoutMs: number) {}

  async chat(req: ChatRequest): Promise<ChatResult> {
    const ep = this.endpoints.chat;
    const body: Record<string, unknown> = {
      model: ep.model ?? req.model,
      messages: req.messages.map(wireMessage),
      stream: false,
    };
    if (req.temperature !== undefined) body.temperature = req.temperature;
    if (req.maxTokens !== undefined) body.max_tokens = req.maxTokens;
    // Function calling as OpenAI, Ollama, vLLM and LM Studio speak it; `none` sends no tools at all
    // (some servers reject tool_choice without tools).
    if (req.tools?.length && req.toolChoice !== 'none') {
      body.tools = req.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
      body.tool_choice = req.toolChoice ?? 'auto';
    }
    // JSON mode is the widely served form (OpenAI, Ollama, vLLM, LM Studio); the schema is in the prompt.
    if (req.responseFormat) body.response_format = { type: 'json_object' };
    const json = (await this.post('chat', ep, '/chat/completions', body, req.signal).then((r) => r.json())) as {
      choices?: Array<{ message?: { content?: string | null; tool_calls?: WireToolCall[] } }>;
      usage?: { prompt_tokens?: number; completion_tokens?: number };
      model?: string;
    };
    const message = json.choices?.[0]?.message;
    const toolCalls = (message?.tool_calls ?? []).map(parseToolCall);
    const text = message?.content ?? (toolCalls.length ? '' : undefined);
    if (typeof text !== 'string') throw new ProviderFailedError('chat', 'response has no choices[0].message.content');
    return {
      text,
      usage: { prompt_tokens: json.usage?.prompt_tokens ?? 0, completion_tokens: json.usage?.completion_tokens ?? 0 },
      model: json.model ?? req.model,
      ...(toolCalls.length ? { toolCalls } : {}),
    };
  }

  async image(req: ImageRequest): Promise<MediaResult<'image/png'>> {
    const ep = this.endpoints.image;
    const json = (await this.post('image', ep, '/images/generations', {
      model: ep.model ?? req.model,
      prompt: req.prompt,
      n: 1,
      size: `${req.width}x${req.height}`,
      response_format: 'b64_json',
    }, req.signal).then((r) => r.json())) as { data?: Array<{ b64_json?: string }> };
    const b64 = json.data?.[0]?.b64_json;
    if (!b64) throw new ProviderFailedError('image', 'response has no data[0].b64_json');
    const raw = Buffer.from(b64, 'base64');
    try {
      // Whatever format came back, callers get a PNG.
      const data = raw.subarray(0, 8).equals(PNG_MAGIC) ? raw : await sharp(raw).png().toBuffer();
      return { data, mime: 'image/png' };
    } catch {
      throw new ProviderFailedError('image', 'response image could not be decoded');
    }
  }

  async speech(req: SpeechRequest): Promise<MediaResult<'audio/wav'>> {
    const ep = this.endpoints.speech;
    const res = await this.post('speech', ep, '/audio/speech', {
      model: ep.model ?? req.model,
      input: req.input,
      voice: req.voice,
      ...(req.speed !== undefined ? { speed: req.speed } : {}),
      response_format: 'wav',
    }, req.signal);
    const data = Buffer.from(await res.arrayBuffer());
    if (data.subarray(0, 4).toString('ascii') !== 'RIFF') throw new ProviderFailedError('speech', 'response is not a WAV file');
    return { data, mime: 'audio/wav' };
  }

  async embed(req: EmbedRequest): Promise<EmbedResult> {
    const ep = this.endpoints.embed ?? {};
    const model = ep.model ?? 'text-embedding-3-small';
    const json = (await this.post('embed', ep, '/embeddings', { model, input: req.input }, req.signal).then((r) => r.json())) as {
      data?: Array<{ index?: number; embedding?: unknown }>;
      model?: string;
    };
    const data = [...(json.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    const vectors = data.map((d) => d.embedding);
    if (vectors.length !== req.input.length || !vectors.every((v): v is number[] => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number'))) {
      throw new ProviderFailedError('embed', `response has ${vectors.length} embeddings for ${req.input.length} inputs, or one is not a list of numbers`);
    }
    return { model: json.model ?? model, dimensions: vectors[0]?.length ?? 0, vectors };
  }

  private async post(cap: 'chat' | 'image' | 'speech' | 'embed', ep: OpenAiEndpoint, path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
    if (!ep.baseUrl) throw new ProviderUnavailableError(cap, 'the openai provider has no base URL: set ATELIER_OPENAI_BASE_URL');
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (ep.apiKey) headers.authorization = `Bearer ${ep.apiKey}`;
    const timeout = AbortSignal.timeout(this.timeoutMs);
    let res: Response;
    try {
      res = await fetch(ep.baseUrl + path, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      throw new ProviderFailedError(cap, `request to ${ep.baseUrl}${path} failed: ${(err as Error).message}`);
    }
    if (!res.ok) {
      const preview = (await res.text().catch(() => '')).slice(0, 300);
      throw new ProviderFailedError(cap, `HTTP ${res.status} from ${path}${preview ? `: ${preview}` : ''}`);
    }
    return res;
  }
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface WireToolCall {
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string | Record<string, unknown> };
}

/** A message as chat-completions takes it: assistant tool calls with JSON-string arguments, tool results by call id. */
function wireMessage(m: ChatMessage): Record<string, unknown> {
  if (m.role === 'assistant' && m.tool_calls?.length) {
    return {
      role: 'assistant',
      content: m.content || null,
      tool_calls: m.tool_calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.arguments) } })),
    };
  }
  if (m.role === 'tool') return { role: 'tool', tool_call_id: m.tool_call_id, content: m.content };
  return { role: m.role, content: m.content };
}

/** A tool call from the wire; arguments that are not a JSON object reach the tool as `{}` plus `_raw`. */
function parseToolCall(c: WireToolCall, i: number): ToolCall {
  const name = c.function?.name;
  if (!name) throw new ProviderFailedError('chat', `tool_calls[${i}] has no function name`);
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
