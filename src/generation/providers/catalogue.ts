// The model catalogue: each public model id -> its ordered routes (provider, upstream model id,
// parameters, the provider's cost rates). The shipped one is catalogue.default.ts; an operator's
// file (ATELIER_MODEL_CATALOGUE, JSON or YAML, same shape) replaces or extends it, validated at
// start-up with errors naming the entry.
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { DEFAULT_CATALOGUE } from './catalogue.default';
import { listSchema, objectSchema, OPERATION_TYPES, type CatalogueEntry, type OperationType } from './catalogue-schema';
import type { CostRates, ProviderId, Route } from './types';

export { CAPABILITY_OF, OPERATION_TYPES, type CatalogueEntry, type CatalogueEntryInput, type CatalogueFile, type OperationType } from './catalogue-schema';

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
