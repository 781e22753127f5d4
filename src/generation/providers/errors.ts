import { ApiError } from '../../infra/http/errors';
import type { Capability } from './types';

const LABELS: Record<Capability, string> = {
  chat: 'chat completions', image: 'image generation', speech: 'text-to-speech', video: 'video generation',
  removeBackground: 'background removal', ocr: 'OCR', model3d: '3D generation', translate: 'translation', embed: 'embeddings',
};

/** No configured provider can serve the capability: 503 with a clear message, never a fake success. */
export class ProviderUnavailableError extends ApiError {
  constructor(readonly capability: Capability, why?: string) {
    super(503, {
      detail: `No provider is configured for ${LABELS[capability]}${why ? ` (${why})` : ''}. ` +
        'Set ATELIER_PROVIDER or ATELIER_PROVIDERS to a provider that supports it.',
    });
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider was reached but failed (bad status, bad output, crashed tool): 502. */
export class ProviderFailedError extends ApiError {
  constructor(readonly capability: Capability, readonly reason: string) {
    super(502, { detail: `The ${LABELS[capability]} provider failed: ${reason}` });
    this.name = 'ProviderFailedError';
  }
}
