// The one price table (estimate, GET /v1/pricing): per operation type and model, in
// integer micro-USD, with the provider's cost and our margin. Every charge for an operation reads
// it — the platform's generation routes, the engine's nodes, Story Studio's scene renders — and so
// does `POST /v1/billing/estimate`, so a quote and a charge can never disagree and one operation
// costs the same wherever it is called.
import { microsToUsd } from '../platform/billing/money';

export type OperationType = 'image' | 'video' | 'chat' | 'speech' | 'remove-background' | 'ocr' | '3d' | 'translate';

export const OPERATION_TYPES: readonly OperationType[] = ['image', 'video', 'chat', 'speech', 'remove-background', 'ocr', '3d', 'translate'];

/** Types the platform knows but this deployment does not sell: estimates show them unpriced. */
export const UNPRICED_TYPES: Record<string, string> = {
  music: 'music generation is not offered by this deployment',
  transcription: 'speech-to-text is not offered by this deployment',
  upscale: 'upscaling is not offered by this deployment',
};

/** One billed component of an operation, e.g. chat input tokens. */
export interface PriceLeg {
  leg: string;
  /** What one unit is, e.g. `1k_tokens`, `image`, `second`. */
  unit: string;
  /** Provider's cost per unit (micro-USD). */
  providerCostMicros: number;
  /** Our price per unit (micro-USD): provider cost plus margin, rounded. */
  rateMicros: number;
  /** Units one estimated operation uses when the real quantity is unknown before running it. */
  estimateQuantity: number;
}

export interface ModelPrice {
  type: OperationType;
  model: string;
  /** The unit of `count` in an estimate (one request, one image, one second…). */
  unit: string;
  legs: PriceLeg[];
  /** Whether the provider cost was checked against the provider's published price list. */
  verified: boolean;
  /** The capability's provider in this deployment ('local' models cost compute only). */
  provider: 'local' | 'openai';
}

/** Our margin over provider cost (30 %). */
export const MARGIN = 0.3;

const leg = (name: string, unit: string, providerCostUsd: number, estimateQuantity = 1, margin = MARGIN): PriceLeg => {
  const providerCostMicros = Math.round(providerCostUsd * 1_000_000);
  return { leg: name, unit, providerCostMicros, rateMicros: Math.round(providerCostMicros * (1 + margin)), estimateQuantity };
};

const price = (type: OperationType, model: string, unit: string, provider: ModelPrice['provider'], legs: PriceLeg[], verified = true): ModelPrice =>
  ({ type, model, unit, legs, verified, provider });

/** Story scene models: id, provider USD per second, a typical clip length (seconds) for estimates. */
const STORY_VIDEO_RATES: ReadonlyArray<[string, number, number]> = [
  ['veo-3-fast', 0.15, 8],
  ['seedance-1-pro', 0.03, 10],
  ['seedance-1-lite', 0.018, 10],
  ['wan-2.2', 0.025, 10],
  ['kling-2.1', 0.056, 10],
  ['runway-gen4-turbo', 0.05, 10],
  ['pixverse-v4.5', 0.04, 8],
  ['ltx-video-13b', 0.012, 6],
];

// Chat estimates assume 1,000 prompt and 500 completion tokens per request (shown as the legs'
// quantities); the real charge uses the counted prompt and max_tokens, then refunds the unused part.
export const PRICES: readonly ModelPrice[] = [
  price('image', 'atelier-image-v1', 'image', 'local', [leg('generation', 'image', 0.002)]),
  price('image', 'gpt-image-1', 'image', 'openai', [leg('generation', 'image', 0.04)]),
  price('image', 'dall-e-3', 'image', 'openai', [leg('generation', 'image', 0.04)]),
  price('image', 'flux-schnell', 'image', 'openai', [leg('generation', 'image', 0.003)], false),
  price('video', 'atelier-video-v1', 'video', 'local', [leg('generation', 'second', 0.01, 3)]),
  price('video', 'veo-3', 'video', 'openai', [leg('generation', 'second', 0.5, 8)], false),
  // Story Studio's scene models (step 4): billed at the provider rate per model and
  // second, no margin, "from the same rate table as video generation". Rendered offline by the
  // local provider in this deployment. (veo-3 above is the platform's own, marked-up listing.)
  ...STORY_VIDEO_RATES.map(([model, usdPerSecond, estimateSeconds]) =>
    price('video', model, 'video', 'local', [leg('generation', 'second', usdPerSecond, estimateSeconds, 0)], false)),
  price('chat', 'atelier-local', 'request', 'local', [leg('input', '1k_tokens', 0.00005, 1), leg('output', '1k_tokens', 0.0001, 0.5)]),
  price('chat', 'gpt-4o-mini', 'request', 'openai', [leg('input', '1k_tokens', 0.00015, 1), leg('output', '1k_tokens', 0.0006, 0.5)]),
  price('chat', 'gpt-4o', 'request', 'openai', [leg('input', '1k_tokens', 0.0025, 1), leg('output', '1k_tokens', 0.01, 0.5)]),
  price('chat', 'llama-3.1-8b-instruct', 'request', 'openai', [leg('input', '1k_tokens', 0.0002, 1), leg('output', '1k_tokens', 0.0002, 0.5)], false),
  price('speech', 'atelier-tts-v1', 'request', 'local', [leg('characters', '1k_characters', 0.001, 1)]),
  price('speech', 'tts-1', 'request', 'openai', [leg('characters', '1k_characters', 0.015, 1)]),
  price('speech', 'tts-1-hd', 'request', 'openai', [leg('characters', '1k_characters', 0.03, 1)]),
  price('remove-background', 'atelier-rembg-v1', 'image', 'local', [leg('processing', 'image', 0.001)]),
  price('ocr', 'atelier-ocr-v1', 'image', 'local', [leg('processing', 'image', 0.001)]),
  price('3d', 'atelier-3d-v1', 'model', 'local', [leg('generation', 'model', 0.02)]),
  price('translate', 'atelier-translate-v1', 'request', 'local', [leg('characters', '1k_characters', 0.0005, 1)]),
];

/** The model an operation uses when the request names none. */
export const DEFAULT_MODELS: Record<OperationType, string> = {
  image: 'atelier-image-v1',
  video: 'atelier-video-v1',
  chat: 'atelier-local',
  speech: 'atelier-tts-v1',
  'remove-background': 'atelier-rembg-v1',
  ocr: 'atelier-ocr-v1',
  '3d': 'atelier-3d-v1',
  translate: 'atelier-translate-v1',
};

export function findPrice(type: string, model: string): ModelPrice | undefined {
  return PRICES.find((p) => p.type === type && p.model === model);
}

export function modelsFor(type: OperationType): string[] {
  return PRICES.filter((p) => p.type === type).map((p) => p.model);
}

export interface Quote {
  amountMicros: number;
  providerCostMicros: number;
  legs: Array<{ leg: string; unit: string; quantity: number; rateMicros: number; amountMicros: number; providerCostMicros: number }>;
}

/**
 * Prices `count` operations. `quantities` gives the real quantity per leg when known (e.g. the
 * counted prompt tokens, in the leg's units); otherwise the leg's estimate quantity is used.
 */
export function quote(p: ModelPrice, count: number, quantities: Record<string, number> = {}): Quote {
  const legs = p.legs.map((l) => {
    const quantity = (quantities[l.leg] ?? l.estimateQuantity) * count;
    return {
      leg: l.leg,
      unit: l.unit,
      quantity,
      rateMicros: l.rateMicros,
      amountMicros: Math.ceil(l.rateMicros * quantity),
      providerCostMicros: Math.ceil(l.providerCostMicros * quantity),
    };
  });
  return {
    amountMicros: legs.reduce((n, l) => n + l.amountMicros, 0),
    providerCostMicros: legs.reduce((n, l) => n + l.providerCostMicros, 0),
    legs,
  };
}

/** Published storage rates (GET /v1/pricing `storage`); strings so no float rounding shows. */
export const STORAGE_PRICE = {
  price_per_gb_monthly: '0.020000',
  // 730 hours in the average month.
  price_per_gb_hourly: (0.02 / 730).toFixed(10),
  currency: 'USD',
  source: 'atelier price table (src/generation/prices.ts)',
} as const;

/** The table as GET /v1/pricing shows it. */
export function publishedPrices() {
  return PRICES.map((p) => ({
    type: p.type,
    model: p.model,
    unit: p.unit,
    pricing_verified: p.verified,
    legs: p.legs.map((l) => ({ leg: l.leg, unit: l.unit, rate_usd: microsToUsd(l.rateMicros), provider_cost_usd: microsToUsd(l.providerCostMicros) })),
  }));
}
