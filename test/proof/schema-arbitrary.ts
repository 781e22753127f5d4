// Values from a JSON Schema (what zod 4's toJSONSchema makes of a route's schemas), as fast-check
// arbitraries: mostly valid values, so a request gets past validation into the handler, plus the
// hostile values every field is tried with.
import fc from 'fast-check';

type Schema = Record<string, any>;

/** Values no field expects: wrong types, extremes, prototype keys, NUL-free but nasty strings. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null, true, false, 0, -1, -0, 1e308, -1e308, 2 ** 53 + 1, 9.3e12, 1.5, 4294967296, '', ' ', 'NaN', 'Infinity', '-Infinity', '1e308',
    '__proto__', 'constructor', 'toString', '../../etc/passwd', '\u202e\u0301', '\ud800', '\udfff', '💥'.repeat(50), '<script>alert(1)</script>',
    "' OR 1=1 --", '{{ constructor.constructor("return process")() }}', '${process.exit()}', 'http://127.0.0.1:1/', 'file:///etc/passwd',
    [], [[[[[]]]]], {}, { __proto__: { polluted: true } }, JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
    '9'.repeat(400), 'a'.repeat(70_000),
  ),
  fc.string({ maxLength: 40, unit: 'grapheme' }),
  fc.double({ noNaN: true }),
  fc.integer(),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
);

/** An id-shaped string of every kind a path or body may carry. */
export const hostileId: fc.Arbitrary<string> = fc.oneof(
  fc.uuid(),
  fc.constantFrom(
    '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '0', '-1', '1e308', 'NaN', 'Infinity', 'null', 'undefined',
    '__proto__', 'constructor', 'prototype', 'x'.repeat(300), '9'.repeat(40), ' ', '..', '.', 'wf_', 'run_', 'svc_live_x',
    "' OR '1'='1", '%25zz', '%zz', '%C3%28', '%FF%FE', '%E2%98%83', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', '%20', 'a%2Fb', '%00',
    '00000000-0000-0000-0000-00000000000g', '00000000000000000000000000000000', '{00000000-0000-0000-0000-000000000000}',
  ),
  fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 1, maxLength: 40 }),
  fc.integer().map(String),
);

interface Ctx {
  root: Schema;
  depth: number;
  /** Real ids (own objects) offered to id-like string fields. */
  ids: string[];
}

function resolveRef(ctx: Ctx, s: Schema): Schema {
  if (typeof s.$ref === 'string' && s.$ref.startsWith('#')) {
    const path = s.$ref.slice(2).split('/').filter(Boolean);
    let cur: any = ctx.root;
    for (const p of path) cur = cur?.[decodeURIComponent(p)];
    return cur && typeof cur === 'object' ? cur : {};
  }
  return s;
}

const idLike = (name: string) => /(^|_)(id|ids)$|Id$/.test(name);

/** A mostly-valid value for `schema`; `name` is the field it is for (id-like fields get real ids). */
export function valueFor(schema: Schema | boolean | undefined, ctx: Ctx, name = ''): fc.Arbitrary<unknown> {
  if (schema === undefined || schema === true || schema === false) return fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.constant(null));
  const s = resolveRef(ctx, schema);
  if (ctx.depth > 6) return fc.constant(s.default ?? null);
  const deeper: Ctx = { ...ctx, depth: ctx.depth + 1 };
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (Array.isArray(alts) && alts.length > 0) return fc.oneof(...alts.map((a: Schema) => valueFor(a, deeper, name)));
  if (Array.isArray(s.allOf) && s.allOf.length > 0) return valueFor(Object.assign({}, ...s.allOf.map((a: Schema) => resolveRef(ctx, a))), deeper, name);
  const type = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (type.length > 1) return fc.oneof(...type.map((t: string) => valueFor({ ...s, type: t }, ctx, name)));
  switch (type[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = Math.max(Number.MIN_SAFE_INTEGER, s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1000));
      const max = Math.min(Number.MAX_SAFE_INTEGER, s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 100_000));
      return min <= max ? fc.integer({ min, max }) : fc.constant(min);
    }
    case 'number': {
      const min = s.minimum ?? s.exclusiveMinimum ?? -1e6;
      const max = s.maximum ?? s.exclusiveMaximum ?? 1e6;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'string':
      return stringFor(s, ctx, name);
    case 'array': {
      const item = valueFor(s.items ?? s.prefixItems?.[0], deeper, name.replace(/s$/, ''));
      const minLength = Math.min(s.minItems ?? 0, 5);
      return fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(s.maxItems ?? 3, 3)) });
    }
    case 'object':
    default: {
      if (!s.properties && type[0] !== 'object') return fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean());
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const required = new Set<string>(s.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) record[k] = valueFor(v, deeper, k);
      // Optional keys come and go (fc.record drops them at random).
      return fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
    }
  }
}

function stringFor(s: Schema, ctx: Ctx, name: string): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? 40, 60);
  const byFormat: Record<string, fc.Arbitrary<string>> = {
    uuid: fc.uuid(),
    email: fc.emailAddress(),
    uri: fc.constantFrom('https://example.com/a', 'http://127.0.0.1/x', 'http://10.0.0.1/', 'ftp://x', 'https://[::1]/'),
    url: fc.constantFrom('https://example.com/a', 'http://127.0.0.1/x', 'http://169.254.169.254/latest/meta-data'),
    'date-time': fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
    date: fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    ipv4: fc.ipV4(),
  };
  const plain = fc.string({ minLength: min, maxLength: Math.max(min, max) });
  const base: fc.Arbitrary<string> = (s.format && byFormat[s.format]) || plain;
  if (idLike(name) && ctx.ids.length > 0) return fc.oneof(fc.constantFrom(...ctx.ids), base as fc.Arbitrary<string>);
  return base;
}

/** Replaces one randomly chosen leaf (or adds a key) in `value` with a hostile value. */
export function mutate(value: unknown): fc.Arbitrary<unknown> {
  if (value === null || typeof value !== 'object') return hostileValue;
  const paths: Array<Array<string | number>> = [];
  const walk = (v: unknown, p: Array<string | number>, depth: number) => {
    paths.push(p);
    if (depth > 4 || v === null || typeof v !== 'object') return;
    for (const [k, child] of Object.entries(v)) walk(child, [...p, Array.isArray(v) ? Number(k) : k], depth + 1);
  };
  walk(value, [], 0);
  return fc.tuple(fc.nat({ max: paths.length - 1 }), hostileValue, fc.constantFrom('replace', 'add', 'drop')).map(([i, bad, how]) => {
    const copy = structuredClone(value) as Record<string | number, unknown>;
    const path = paths[i]!;
    if (path.length === 0) return how === 'add' ? { ...copy, __proto__x: bad } : bad;
    let parent: any = copy;
    for (const p of path.slice(0, -1)) parent = parent[p];
    const last = path[path.length - 1]!;
    if (how === 'drop' && !Array.isArray(parent)) delete parent[last];
    else if (how === 'add' && !Array.isArray(parent)) Object.defineProperty(parent, '__proto__', { value: bad, enumerable: true, configurable: true, writable: true });
    else parent[last] = bad;
    return copy;
  });
}

export function arbitraryFor(schema: Schema | undefined, ids: string[]): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant(undefined);
  return valueFor(schema, { root: schema, depth: 0, ids });
}
