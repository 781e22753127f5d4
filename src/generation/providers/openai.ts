import sharp from 'sharp';
import type { OpenAiEndpoint } from './config';
import { ProviderFailedError, ProviderUnavailableError } from './errors';
import type { ChatRequest, ChatResult, EmbedRequest, EmbedResult, ImageRequest, MediaResult, SpeechRequest } from './types';

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
      messages: req.messages.map((m) => ({ role: m.role, content: m.content })),
      stream: false,
    };
    if (req.temperature !== undefined) body.temperature = req.temperature;
    if (req.maxTokens !== undefined) body.max_tokens = req.maxTokens;
    // JSON mode is the widely served form (OpenAI, Ollama, vLLM, LM Studio); the schema is in the prompt.
    if (req.responseFormat) body.response_format = { type: 'json_object' };
    const json = (await this.post('chat', ep, '/chat/completions', body, req.signal).then((r) => r.json())) as {
      choices?: Array<{ message?: { content?: string | null } }>;
      usage?: { prompt_tokens?: number; completion_tokens?: number };
      model?: string;
    };
    const text = json.choices?.[0]?.message?.content;
    if (typeof text !== 'string') throw new ProviderFailedError('chat', 'response has no choices[0].message.content');
    return {
      text,
      usage: { prompt_tokens: json.usage?.prompt_tokens ?? 0, completion_tokens: json.usage?.completion_tokens ?? 0 },
      model: json.model ?? req.model,
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
