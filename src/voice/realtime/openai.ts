import type { VoiceConfig } from '../config';
import { RealtimeEngineError, type RealtimeCredential, type RealtimeMintRequest, type RealtimeProvider } from './provider';

type OpenAiSettings = VoiceConfig['openai'] & { baseUrl: string; apiKey: string };

/**
 * An OpenAI-compatible realtime engine: mints an ephemeral client secret with
 * `POST {base}/realtime/client_secrets` (GA), falling back to `POST {base}/realtime/sessions`
 * (beta) when the first answers 404. Both response shapes are read. The URL comes from operator
 * config, so plain fetch is used.
 */
export class OpenAiRealtimeProvider implements RealtimeProvider {
  readonly kind = 'openai' as const;

  constructor(private readonly settings: OpenAiSettings, private readonly ttlSeconds: number) {}

  async mint(req: RealtimeMintRequest): Promise<RealtimeCredential> {
    const s = req.session;
    const session: Record<string, unknown> = {
      type: 'realtime',
      model: this.settings.model,
      instructions: s.instructions,
      audio: { output: { voice: s.voice } },
      tools: s.tools.map((t) => ({ type: 'function', ...t })),
    };
    if (s.temperature !== null) session.temperature = s.temperature;
    let res = await this.post('/realtime/client_secrets', { expires_after: { anchor: 'created_at', seconds: this.ttlSeconds }, session });
    if (res.status === 404) {
      const { type: _type, audio: _audio, ...beta } = session;
      res = await this.post('/realtime/sessions', { ...beta, voice: s.voice, modalities: ['audio', 'text'] });
    }
    if (!res.ok) throw new RealtimeEngineError(`realtime engine answered ${res.status}`);
    let json: Record<string, unknown>;
    try {
      json = (await res.json()) as Record<string, unknown>;
    } catch {
      throw new RealtimeEngineError('realtime engine answered with a body that is not JSON');
    }
    // GA: {value, expires_at, session:{model}}; beta: {client_secret:{value, expires_at}, model}.
    const nested = typeof json.client_secret === 'object' && json.client_secret !== null ? (json.client_secret as Record<string, unknown>) : undefined;
    const value = typeof json.value === 'string' ? json.value : nested?.value;
    if (typeof value !== 'string' || value === '') throw new RealtimeEngineError('realtime engine returned no client secret');
    const expires = json.expires_at ?? nested?.expires_at;
    const upstreamSession = typeof json.session === 'object' && json.session !== null ? (json.session as Record<string, unknown>) : {};
    const model = [upstreamSession.model, json.model, this.settings.model].find((m): m is string => typeof m === 'string' && m !== '')!;
    return { clientSecret: value, expiresAt: typeof expires === 'number' ? expires : null, model, websocketUrl: this.websocketUrl(model) };
  }

  private websocketUrl(model: string): string {
    if (this.settings.websocketUrl) return this.settings.websocketUrl;
    const url = new URL(`${this.settings.baseUrl}/realtime`);
    url.protocol = url.protocol === 'http:' ? 'ws:' : 'wss:';
    url.searchParams.set('model', model);
    return url.toString();
  }

  private async post(path: string, body: unknown): Promise<Response> {
    try {
      return await fetch(this.settings.baseUrl + path, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.settings.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (err) {
      throw new RealtimeEngineError(`realtime engine unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
