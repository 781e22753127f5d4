// Template expressions in node params: `{{node_id.output.port.field…}}` reads a
// node's emitted output, `{{variables.name…}}` the spec's variables. Pure and deterministic with
// no runtime imports, so the engineRun workflow may call it.
//
// - A string that is exactly one `{{…}}` becomes the referenced value with its JSON type.
// - Inside a longer string a value is stringified: strings as they are, objects and arrays as JSON,
//   undefined and null as ''.
// - Objects and arrays are resolved recursively; other values are returned as they are.
// - A path that leads nowhere yields undefined (the node's param schema decides whether that is
//   acceptable); the planner has already rejected references that cannot be satisfied.

export type TemplateRef =
  | { kind: 'node'; nodeId: string; port: string | null; path: string[] }
  | { kind: 'variables'; name: string; path: string[] };

export interface TemplateUse {
  /** Where in the params the template sits (keys and array indices). */
  at: (string | number)[];
  /** The text between the braces, trimmed. */
  expression: string;
  /** null when the expression is not a valid reference. */
  ref: TemplateRef | null;
}

export interface TemplateScope {
  /** `{nodeId: {port: value}}` of nodes that have run. */
  outputs: Record<string, Record<string, unknown> | undefined>;
  variables: Record<string, unknown>;
}

const TEMPLATE = /\{\{([^{}]*)\}\}/g;
const WHOLE_TEMPLATE = /^\{\{([^{}]*)\}\}$/;
/** Used only by templateRefs' exec loop (which resets lastIndex before each string). */
const TEMPLATE_SCAN = /\{\{([^{}]*)\}\}/g;

/** Parses `a.output.main.x` or `variables.name.x`; null when it is neither. */
export function parseTemplateRef(expression: string): TemplateRef | null {
  const parts = expression.trim().split('.');
  for (let i = 0; i < parts.length; i++) if (parts[i]!.length === 0) return null;
  const head = parts[0]!;
  if (head === 'variables') {
    if (parts.length < 2) return null;
    return { kind: 'variables', name: parts[1]!, path: parts.slice(2) };
  }
  if (parts[1] !== 'output') return null;
  return { kind: 'node', nodeId: head, port: parts[2] ?? null, path: parts.slice(3) };
}

export function hasTemplate(value: unknown): boolean {
  return typeof value === 'string' && value.includes('{{') && /\{\{[^{}]*\}\}/.test(value);
}

/** Every template in `value` (recursively), in document order. Used by the planner. */
export function templateRefs(value: unknown): TemplateUse[] {
  const found: TemplateUse[] = [];
  collectRefs(value, [], found);
  return found;
}

// Module-level (no closure per call): the planner runs this for every node of a large spec. The
// path stack is shared and copied only when a template is found.
function collectRefs(v: unknown, path: (string | number)[], found: TemplateUse[]): void {
  if (typeof v === 'string') {
    if (v.indexOf('{{') < 0) return;
    const re = TEMPLATE_SCAN;
    re.lastIndex = 0;
    for (let m = re.exec(v); m !== null; m = re.exec(v)) {
      const expression = (m[1] ?? '').trim();
      found.push({ at: path.slice(), expression, ref: parseTemplateRef(expression) });
    }
  } else if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      path.push(i);
      collectRefs(v[i], path, found);
      path.pop();
    }
  } else if (isPlainObject(v)) {
    for (const k in v) {
      if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
      path.push(k);
      collectRefs(v[k], path, found);
      path.pop();
    }
  }
}

/** Looks a reference up in the scope; undefined when any step is missing. */
export function lookupRef(ref: TemplateRef, scope: TemplateScope): unknown {
  let current: unknown;
  let path: string[];
  if (ref.kind === 'variables') {
    current = own(scope.variables, ref.name);
    path = ref.path;
  } else {
    current = own(scope.outputs, ref.nodeId);
    path = ref.port === null ? [] : [ref.port, ...ref.path];
  }
  for (const key of path) {
    if (Array.isArray(current)) {
      current = /^\d+$/.test(key) ? current[Number(key)] : key === 'length' ? current.length : undefined;
    } else if (isPlainObject(current)) {
      current = own(current, key);
    } else {
      return undefined;
    }
  }
  return current;
}

/** Resolves every template in `value` against `scope`; returns a new value, `value` is untouched. */
export function resolveTemplates<T = unknown>(value: T, scope: TemplateScope): T {
  return resolveValue(value, scope) as T;
}

function resolveValue(value: unknown, scope: TemplateScope): unknown {
  if (typeof value === 'string') return resolveString(value, scope);
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, scope));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, item] of Object.entries(value)) out[k] = resolveValue(item, scope);
    return out;
  }
  return value;
}

function resolveString(text: string, scope: TemplateScope): unknown {
  if (!text.includes('{{')) return text;
  const whole = WHOLE_TEMPLATE.exec(text);
  if (whole) {
    const ref = parseTemplateRef(whole[1] ?? '');
    return ref ? lookupRef(ref, scope) : text;
  }
  return text.replace(TEMPLATE, (match, expression: string) => {
    const ref = parseTemplateRef(expression);
    return ref ? stringify(lookupRef(ref, scope)) : match;
  });
}

/** How a value reads inside a longer string. */
export function stringify(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

function own(record: object, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? (record as Record<string, unknown>)[key] : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
