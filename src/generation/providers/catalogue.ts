// The model catalogue: each public model id -> its ordered routes (provider, upstream model id,
// parameters, the provider's cost rates). The shipped one is catalogue.default.ts; an operator's
// file (ATELIER_MODEL_CATALOGUE, JSON or YAML, same shape) replaces or extends it, validated at
// start-up with errors naming the entry.
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { DEFAULT_CATALOGUE } from './catalogue.default';
import { PROVIDER_IDS, type Capability, type CostRates, type ProviderId, type Route } from './types';

/** Operation types: what a price row and a ledger line are about. */
export const OPERATION_TYPES = [
  'image', 'video', 'chat', 'speech', 'transcription', 'music', 'embeddings', 'remove-background', 'upscale', 'ocr', '3d', 'translate', 'image-tool',
] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

export const CAPABILITY_OF: Record<OperationType, Capability> = {
  image: 'image', video: 'video', chat: 'chat', speech: 'speech', transcription: 'transcription', music: 'music', embeddings: 'embed',
  'remove-background': 'removeBackground', upscale: 'upscale', ocr: 'ocr', '3d': 'model3d', translate: 'translate', 'image-tool': 'imageTool',
};

const rate = z.number().nonnegative().finite();
const costSchema = z.object({
  per_1m_input_tokens: rate.optional(),
  per_1m_output_tokens: rate.optional(),
  per_image: rate.optional(),
  per_second: rate.optional(),
  per_1k_characters: rate.optional(),
  per_minute: rate.optional(),
  per_request: rate.optional(),
}).strict();

const routeSchema = z.object({
  provider: z.enum(PROVIDER_IDS),
  /** Upstream model id; `$1` stands for the `*` of a pattern id (`ollama/*`). Defaults to the public id. */
  model: z.string().min(1).optional(),
  params: z.record(z.string(), z.unknown()).default({}),
  cost: costSchema.default({}),
}).strict();

const estimateSchema = z.object({
  input_tokens: z.number().int().nonnegative().optional(),
  output_tokens: z.number().int().nonnegative().optional(),
  images: z.number().int().positive().optional(),
  seconds: z.number().positive().optional(),
  characters: z.number().int().positive().optional(),
  minutes: z.number().positive().optional(),
}).strict();

const entrySchema = z.object({
  /** Public model id, or a pattern ending in `/*` (`ollama/*` serves `ollama/<any model>`). */
  id: z.string().min(1).max(200).regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]*(\/\*)?$/, 'letters, digits, . _ : / - (a pattern ends in /*)'),
  type: z.enum(OPERATION_TYPES),
  /** Our margin over the first route's cost (default 0.3). */
  margin: z.number().min(0).max(10).optional(),
  /** Whether the rates were checked against the provider's published price list. */
  verified: z.boolean().default(false),
  /** The model the type uses when a request names none. */
  default: z.boolean().optional(),
  /** What one estimated operation uses (a quote before the real quantity is known). */
  estimate: estimateSchema.default({}),
  /** Remove a shipped entry (an operator file only). */
  disabled: z.boolean().optional(),
  routes: z.array(routeSchema).max(20).default([]),
}).strict();

/** A file is a list of entries, or `{replace?, models}` (replace: drop the shipped catalogue). */
const listSchema = z.array(entrySchema);
const objectSchema = z.object({ replace: z.boolean().default(false), models: z.array(entrySchema) }).strict();

export type CatalogueEntryInput = z.input<typeof entrySchema>;
export type CatalogueFile = z.input<typeof objectSchema> | CatalogueEntryInput[];
export type CatalogueEntry = z.output<typeof entrySchema>;

/** The validated catalogue, with entries keyed by type and id. */
export interface Catalogue {
  entries: CatalogueEntry[];
  /** Where it came from, for /v1/pricing's `source`. */
  source: string;
}

export class CatalogueError extends Error {}

function describe(path: PropertyKey[], entries: unknown): string {
  const list = Array.isArray(entries) ? entries : (entries as { models?: unknown[] })?.models;
  const offset = Array.isArray(entries) ? 0 : 1;
  const index = typeof path[offset] === 'number' ? (path[offset] as number) : undefined;
  const id = index !== undefined ? (list?.[index] as { id?: unknown } | undefined)?.id : undefined;
  const where = index !== undefined ? `models[${index}]${typeof id === 'string' ? ` (${id})` : ''}` : 'the file';
  const rest = path.slice(index !== undefined ? offset + 1 : 0).join('.');
  return `${where}${rest ? ` ${rest}` : ''}`;
}

/** Validates entries (from the shipped table or a file) and checks the whole catalogue. */
export function parseCatalogue(raw: unknown, source: string, base: CatalogueEntry[] = []): Catalogue {
  // Picked by shape, so errors name the entry rather than "matches neither form".
  const parsed = Array.isArray(raw) ? listSchema.safeParse(raw) : objectSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.slice(0, 10).map((i) => `  ${describe(i.path, raw)}: ${i.message}`);
    throw new CatalogueError(`ATELIER_MODEL_CATALOGUE (${source}) is invalid:\n${lines.join('\n')}`);
  }
  const file = Array.isArray(parsed.data) ? { replace: false, models: parsed.data } : parsed.data;
  const seen = new Set<string>();
  for (const [i, e] of file.models.entries()) {
    const key = `${e.type}:${e.id}`;
    if (seen.has(key)) throw new CatalogueError(`ATELIER_MODEL_CATALOGUE (${source}): models[${i}] (${e.id}) repeats ${e.type} model '${e.id}'`);
    seen.add(key);
    if (!e.disabled && e.routes.length === 0) throw new CatalogueError(`ATELIER_MODEL_CATALOGUE (${source}): models[${i}] (${e.id}) has no routes (set "disabled": true to remove a model)`);
  }
  const merged = new Map<string, CatalogueEntry>();
  if (!file.replace) for (const e of base) merged.set(`${e.type}:${e.id}`, e);
  for (const e of file.models) {
    const key = `${e.type}:${e.id}`;
    if (e.disabled) merged.delete(key);
    else merged.set(key, e);
  }
  const entries = [...merged.values()];
  for (const type of OPERATION_TYPES) {
    const defaults = entries.filter((e) => e.type === type && e.default);
    if (defaults.length > 1) throw new CatalogueError(`ATELIER_MODEL_CATALOGUE (${source}): ${type} has ${defaults.length} default models (${defaults.map((d) => d.id).join(', ')}); mark one`);
  }
  return { entries, source };
}

let shipped: Catalogue | undefined;
/** The shipped catalogue (validated once). */
export const defaultCatalogue = (): Catalogue => (shipped ??= parseCatalogue(DEFAULT_CATALOGUE, 'shipped catalogue'));

/** The shipped catalogue, replaced or extended by the operator's file when `path` is set. */
export function loadCatalogue(path: string | undefined): Catalogue {
  if (!path) return defaultCatalogue();
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new CatalogueError(`ATELIER_MODEL_CATALOGUE: cannot read '${path}': ${(err as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = /\.json$/i.test(path) ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    throw new CatalogueError(`ATELIER_MODEL_CATALOGUE: '${path}' is not valid ${/\.json$/i.test(path) ? 'JSON' : 'YAML'}: ${(err as Error).message}`);
  }
  return parseCatalogue(raw, path, defaultCatalogue().entries);
}

/** The entry serving `id` for `type`: the exact id, else a pattern (`ollama/*`) it matches, with `$1` filled. */
export function findEntry(catalogue: Catalogue, type: OperationType, id: string): { entry: CatalogueEntry; routes: Route[] } | undefined {
  const exact = catalogue.entries.find((e) => e.type === type && e.id === id);
  if (exact) return { entry: exact, routes: exact.routes.map((r) => toRoute(r, id, '')) };
  for (const e of catalogue.entries) {
    if (e.type !== type || !e.id.endsWith('/*')) continue;
    const stem = e.id.slice(0, -1);
    if (id.startsWith(stem) && id.length > stem.length) return { entry: e, routes: e.routes.map((r) => toRoute(r, id, id.slice(stem.length))) };
  }
  return undefined;
}

function toRoute(r: CatalogueEntry['routes'][number], id: string, star: string): Route {
  return { provider: r.provider as ProviderId, model: (r.model ?? id).replaceAll('$1', star), params: r.params, cost: r.cost as CostRates };
}
