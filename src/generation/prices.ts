// The one price table (estimate, GET /v1/pricing): per operation type and model, in
// integer micro-USD, with the provider's cost and our margin. Every charge for an operation reads
// it — the platform's generation routes, the engine's nodes, Story Studio's scene renders — and so
// does `POST /v1/billing/estimate`, so a quote and a charge can never disagree and one operation
// costs the same wherever it is called.
import { microsToUsd } from '../platform/billing/money';
import { defaultCatalogue, findEntry, OPERATION_TYPES, type Catalogue, type CatalogueEntry, type OperationType } from './providers/catalogue';
import type { CostRates, Route, Usage } from './providers/types';

export { OPERATION_TYPES, type OperationType } from './providers/catalogue';

/** Types the platform knows but this deployment does not sell: estimates show them unpriced. */
export const UNPRICED_TYPES: Record<string, string> = {};

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
  /** Which cost rate of the catalogue it comes from (how usage maps onto it). */
  rate: keyof CostRates;
}

export interface ModelPrice {
  type: OperationType;
  /** The public model id (a pattern entry's price carries the id asked for). */
  model: string;
  /** The unit of `count` in an estimate (one request, one image, one video…). */
  unit: string;
  legs: PriceLeg[];
  /** Whether the provider cost was checked against the provider's published price list. */
  verified: boolean;
  /** The first route's provider (the one the price is set from). */
  provider: Route['provider'];
  /** Every route of the model, in order of preference. */
  routes: Route[];
}

/** Our margin over provider cost (30 %) where the catalogue sets none. */
export const MARGIN = 0.3;

const UNIT_OF: Record<OperationType, string> = {
  image: 'image', video: 'video', chat: 'request', speech: 'request', transcription: 'request', music: 'request', embeddings: 'request',
  'remove-background': 'image', upscale: 'image', ocr: 'image', '3d': 'model', translate: 'request', 'image-tool': 'image',
};

/** Leg name, unit and per-unit scale of each cost rate (per-1M token rates are shown per 1k). */
function legShape(type: OperationType, rate: keyof CostRates): { leg: string; unit: string; perUnit: number } {
  switch (rate) {
    case 'per_1m_input_tokens': return { leg: 'input', unit: '1k_tokens', perUnit: 1 / 1000 };
    case 'per_1m_output_tokens': return { leg: 'output', unit: '1k_tokens', perUnit: 1 / 1000 };
    case 'per_1k_characters': return { leg: 'characters', unit: '1k_characters', perUnit: 1 };
    case 'per_second': return { leg: 'generation', unit: 'second', perUnit: 1 };
    case 'per_minute': return { leg: 'audio', unit: 'minute', perUnit: 1 };
    case 'per_image': return { leg: ['remove-background', 'ocr', 'upscale', 'image-tool'].includes(type) ? 'processing' : 'generation', unit: 'image', perUnit: 1 };
    case 'per_request': return { leg: type === '3d' ? 'generation' : 'request', unit: type === '3d' ? 'model' : 'request', perUnit: 1 };
  }
}

const RATE_ORDER: ReadonlyArray<keyof CostRates> = ['per_1m_input_tokens', 'per_1m_output_tokens', 'per_image', 'per_second', 'per_1k_characters', 'per_minute', 'per_request'];

function estimateOf(e: CatalogueEntry, rate: keyof CostRates): number {
  const est = e.estimate;
  switch (rate) {
    case 'per_1m_input_tokens': return (est.input_tokens ?? 1000) / 1000;
    case 'per_1m_output_tokens': return (est.output_tokens ?? 500) / 1000;
    case 'per_1k_characters': return (est.characters ?? 1000) / 1000;
    case 'per_second': return est.seconds ?? (e.type === 'music' ? 30 : 5);
    case 'per_minute': return est.minutes ?? 1;
    case 'per_image': return est.images ?? 1;
    case 'per_request': return 1;
  }
}

/** A catalogue entry's price: the first route's cost rates plus the margin. */
function priceOf(e: CatalogueEntry, model: string, routes: Route[]): ModelPrice {
  const first = routes[0]!;
  const margin = e.margin ?? MARGIN;
  const legs = RATE_ORDER.filter((r) => first.cost[r] !== undefined).map((r): PriceLeg => {
    const shape = legShape(e.type, r);
    const providerCostMicros = Math.round(first.cost[r]! * shape.perUnit * 1_000_000);
    return { leg: shape.leg, unit: shape.unit, providerCostMicros, rateMicros: Math.round(providerCostMicros * (1 + margin)), estimateQuantity: estimateOf(e, r), rate: r };
  });
  return { type: e.type, model, unit: UNIT_OF[e.type], legs, verified: e.verified, provider: first.provider, routes };
}

let active: Catalogue = defaultCatalogue();
const cache = new Map<string, ModelPrice | null>();

/** The model an operation uses when the request names none (the catalogue's `default` entries). */
export const DEFAULT_MODELS = {} as Record<OperationType, string>;

function fillDefaults(): void {
  for (const type of OPERATION_TYPES) {
    const d = active.entries.find((e) => e.type === type && e.default) ?? active.entries.find((e) => e.type === type && !e.id.endsWith('/*'));
    if (d) DEFAULT_MODELS[type] = d.id;
    else delete (DEFAULT_MODELS as Partial<Record<OperationType, string>>)[type];
  }
}
fillDefaults();

/**
 * Makes `catalogue` the one every price reads (the process serves one configuration; the
 * gateway installs it when built). Returns the previous one.
 */
export function installCatalogue(catalogue: Catalogue): Catalogue {
  const previous = active;
  active = catalogue;
  cache.clear();
  fillDefaults();
  return previous;
}

export const activeCatalogue = (): Catalogue => active;

export function findPrice(type: string, model: string): ModelPrice | undefined {
  if (!(OPERATION_TYPES as readonly string[]).includes(type)) return undefined;
  const key = `${type}\u0000${model}`;
  let hit = cache.get(key);
  if (hit === undefined) {
    const found = findEntry(active, type as OperationType, model);
    hit = found && found.routes.length ? priceOf(found.entry, model, found.routes) : null;
    if (cache.size > 10_000) cache.clear();
    cache.set(key, hit);
  }
  return hit ?? undefined;
}

/** The concrete model ids of a type (pattern ids like `ollama/*` are shown as `ollama/<model>`). */
export function modelsFor(type: OperationType): string[] {
  return active.entries.filter((e) => e.type === type).map((e) => (e.id.endsWith('/*') ? `${e.id.slice(0, -1)}<model>` : e.id));
}

/** The quantities of each leg a call used, from its usage (legs it does not report keep the estimate). */
export function usageQuantities(p: ModelPrice, usage: Usage): Record<string, number> {
  const q: Record<string, number> = {};
  for (const l of p.legs) {
    let v: number | undefined;
    switch (l.rate) {
      case 'per_1m_input_tokens': v = usage.inputTokens !== undefined ? usage.inputTokens / 1000 : undefined; break;
      case 'per_1m_output_tokens': v = usage.outputTokens !== undefined ? usage.outputTokens / 1000 : undefined; break;
      case 'per_1k_characters': v = usage.characters !== undefined ? usage.characters / 1000 : undefined; break;
      case 'per_second': v = usage.seconds; break;
      case 'per_minute': v = usage.minutes ?? (usage.seconds !== undefined ? usage.seconds / 60 : undefined); break;
      case 'per_image': v = usage.images; break;
      case 'per_request': v = 1; break;
    }
    if (v !== undefined && Number.isFinite(v) && v >= 0) q[l.leg] = v;
  }
  return q;
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
  return active.entries.map((e) => findPrice(e.type, e.id)!).map((p) => ({
    type: p.type,
    model: p.model,
    unit: p.unit,
    pricing_verified: p.verified,
    legs: p.legs.map((l) => ({ leg: l.leg, unit: l.unit, rate_usd: microsToUsd(l.rateMicros), provider_cost_usd: microsToUsd(l.providerCostMicros) })),
  }));
}
