// Claim check for node results: a port value too large to travel through Temporal is stored as a
// blob by the node's activity and replaced by a typed reference. Pure, no runtime imports: the
// engineRun workflow uses it to tell a reference apart and to leave to the activity whatever
// needs the bytes behind one.
//
// A reference is `{ "$atelier_ref": { v: 1, key, bytes, sha256 }, preview }`: an object whose
// only keys are those two, `$atelier_ref` holding exactly those four fields with those types, or
// those four plus `format: "ndjson"` and `items` for a list stored one item per line (streamed
// item lists). Any other shape (a user object that merely has a `$atelier_ref` key, say) is plain
// data.
import { hasTemplate, lookupRef, parseTemplateRef, type TemplateScope } from './templates';

export const RESULT_REF_KEY = '$atelier_ref';

export interface ResultRefTarget {
  v: 1;
  /** Blob key: `<account>/run-results/<run>/<node>/<generation>-<attempt>-<port>.json`. */
  key: string;
  /** Size of the stored JSON, in bytes. */
  bytes: number;
  /** Hex SHA-256 of the stored bytes: checked on every read. */
  sha256: string;
  /**
   * `ndjson`: the value is a list stored as one JSON item per line, each line ending in `\n`
   * (key `….ndjson`); readers that need the value whole get the list. Absent: one JSON document.
   */
  format?: 'ndjson';
  /** With `format`: how many items (lines) the list holds. */
  items?: number;
}

export interface ResultRef {
  [RESULT_REF_KEY]: ResultRefTarget;
  /** A short, human-readable start of the value (for viewers and events; never used as data). */
  preview: string;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isResultRef(v: unknown): v is ResultRef {
  if (!isRecord(v)) return false;
  const keys = Object.keys(v);
  if (keys.length !== 2 || typeof v.preview !== 'string') return false;
  const t = v[RESULT_REF_KEY];
  if (!isRecord(t)) return false;
  const fields = Object.keys(t).length;
  const list = fields === 6 && t.format === 'ndjson' && typeof t.items === 'number' && Number.isSafeInteger(t.items) && t.items >= 0;
  if (fields !== 4 && !list) return false;
  return t.v === 1 && typeof t.key === 'string' && typeof t.bytes === 'number' && typeof t.sha256 === 'string';
}

/** Whether `v` is a reference to a list stored one item per line. */
export function isItemListRef(v: unknown): v is ResultRef & { [RESULT_REF_KEY]: { format: 'ndjson'; items: number } } {
  return isResultRef(v) && v[RESULT_REF_KEY].format === 'ndjson';
}

/** Whether a reference sits anywhere in `v`. */
export function containsResultRef(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(containsResultRef);
  if (!isRecord(v)) return false;
  if (isResultRef(v)) return true;
  for (const k in v) if (Object.prototype.hasOwnProperty.call(v, k) && containsResultRef(v[k])) return true;
  return false;
}

/** A param string whose templates the activity must resolve (one of them reaches into a reference). */
export interface DeferredTemplate {
  at: (string | number)[];
  template: string;
}

const TEMPLATE = /\{\{([^{}]*)\}\}/g;

/** Whether looking `expression` up passes through (or ends at) a reference. */
function entersRef(expression: string, scope: TemplateScope): boolean {
  const ref = parseTemplateRef(expression);
  if (!ref || ref.kind !== 'node') return false;
  const ports = scope.outputs[ref.nodeId];
  if (!ports) return false;
  // Walk the path one step at a time; a reference anywhere on it means the bytes are needed.
  const steps = ref.port === null ? [] : [ref.port, ...ref.path];
  for (let i = 0; i <= steps.length; i++) {
    const partial = { kind: 'node' as const, nodeId: ref.nodeId, port: i === 0 ? null : steps[0]!, path: steps.slice(1, i) };
    const here = lookupRef(partial, scope);
    if (isResultRef(here)) return true;
    if (here === undefined) return false;
  }
  return false;
}

/**
 * Splits `params` into what the workflow may resolve now and the strings it must leave to the
 * activity: every string with a template that reaches into a reference is listed (with where it
 * sits) and left as it is; the caller resolves the rest.
 */
export function deferredTemplates(params: unknown, scope: TemplateScope): DeferredTemplate[] {
  const found: DeferredTemplate[] = [];
  const walk = (v: unknown, at: (string | number)[]): void => {
    if (typeof v === 'string') {
      if (!hasTemplate(v)) return;
      for (const m of v.matchAll(TEMPLATE)) {
        if (entersRef(m[1] ?? '', scope)) {
          found.push({ at, template: v });
          return;
        }
      }
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, [...at, i]));
    } else if (isRecord(v)) {
      for (const [k, item] of Object.entries(v)) walk(item, [...at, k]);
    }
  };
  walk(params, []);
  return found;
}

/** `value` with the string at each deferred place put back as its template (a copy; `value` is untouched). */
export function withTemplatesAt<T>(value: T, deferred: DeferredTemplate[], fill: (d: DeferredTemplate) => unknown): T {
  if (deferred.length === 0) return value;
  const copy = structuredCloneJson(value) as unknown;
  for (const d of deferred) {
    if (d.at.length === 0) return fill(d) as T;
    let parent = copy as Record<string | number, unknown>;
    for (const step of d.at.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
    parent[d.at[d.at.length - 1]!] = fill(d);
  }
  return copy as T;
}

function structuredCloneJson(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(structuredCloneJson);
  if (isRecord(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, item] of Object.entries(v)) out[k] = structuredCloneJson(item);
    return out;
  }
  return v;
}

/**
 * Where the API serves each stored port of a node's output (`GET …/runs/{run}/nodes/{node}/outputs/{port}`),
 * by port; undefined when no port is stored. Views and events add it beside the references.
 */
export function resultDownloads(runId: string, nodeId: string, output: Record<string, unknown> | undefined): Record<string, string> | undefined {
  let links: Record<string, string> | undefined;
  for (const [port, value] of Object.entries(output ?? {})) {
    if (!isResultRef(value)) continue;
    links ??= {};
    links[port] = `/engine/v1/v1/runs/${encodeURIComponent(runId)}/nodes/${encodeURIComponent(nodeId)}/outputs/${encodeURIComponent(port)}`;
  }
  return links;
}
