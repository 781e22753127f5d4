// The public face of the provider layer: `createProviders(config)` builds the `Providers` object
// that generation routes, activities and engine nodes call (`deps.providers`).
import { ApiError, detail } from '../../infra/http/errors';
import type { ProviderConfig } from './config';
import { ProviderFailedError, ProviderUnavailableError } from './errors';
import { LocalProvider } from './local/index';
import { translateRefusal } from './local/translate';
import { OpenAiProvider } from './openai';
import { CAPABILITIES, type Capability, type ProviderKind, type Providers } from './types';

export type * from './types';
export { ProviderFailedError, ProviderUnavailableError } from './errors';
export { parseProviderConfig, type ProviderConfig } from './config';

export function createProviders(config: ProviderConfig): Providers {
  const local = new LocalProvider();
  const openai = new OpenAiProvider(config.openai, config.timeoutMs);
  const serving = Object.freeze({ ...config.serving });

  /** Runs `fn` on the serving provider; unknown failures become 502, never a fake success. */
  const call = async <T>(cap: Capability, fn: (kind: 'local' | 'openai') => Promise<T>): Promise<T> => {
    const kind = serving[cap];
    if (kind === 'none') throw new ProviderUnavailableError(cap);
    try {
      return await fn(kind === 'openai' ? 'openai' : 'local');
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw new ProviderFailedError(cap, (err as Error).message);
    }
  };
  const onlyLocal = (cap: Capability) => {
    if (serving[cap] !== 'local') throw new ProviderUnavailableError(cap, 'the openai provider does not offer it');
  };

  return {
    serving,
    available: (cap) => serving[cap] !== 'none',
    chat: (req) => call('chat', (k) => (k === 'openai' ? openai.chat(req) : local.chat(req))),
    image: (req) => call('image', (k) => (k === 'openai' ? openai.image(req) : local.image(req))),
    speech: (req) => call('speech', (k) => (k === 'openai' ? openai.speech(req) : local.speech(req))),
    video: (req) => call('video', () => (onlyLocal('video'), local.video(req))),
    removeBackground: (req) => call('removeBackground', () => (onlyLocal('removeBackground'), local.removeBackground(req))),
    ocr: (req) => call('ocr', () => (onlyLocal('ocr'), local.ocr(req))),
    model3d: (req) => call('model3d', () => (onlyLocal('model3d'), local.model3d(req))),
    embed: (req) => call('embed', (k) => (k === 'openai' ? openai.embed(req) : local.embed(req))),
    transcription: () => Promise.reject(new ProviderUnavailableError('transcription')),
    music: () => Promise.reject(new ProviderUnavailableError('music')),
    upscale: () => Promise.reject(new ProviderUnavailableError('upscale')),
    routesFor: () => [],
    jobHandler: () => undefined,
    translate: (req) =>
      call('translate', () => {
        onlyLocal('translate');
        const refusal = translateRefusal(req);
        if (refusal) throw detail(400, refusal);
        return local.translate(req);
      }),
  };
}

/** Every capability served by the local provider: what sandbox keys get (mock responses). */
export function createLocalProviders(): Providers {
  const serving = {} as Record<Capability, ProviderKind>;
  for (const cap of CAPABILITIES) serving[cap] = 'local';
  return createProviders({ serving, openai: { chat: {}, image: {}, speech: {}, embed: {} }, timeoutMs: 120_000 });
}
