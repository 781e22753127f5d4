import type { RequestHandler } from 'express';
import { notFound, validationFailed, type ValidationIssue } from './errors';

/**
 * Deepest JSON nesting a request body may have. Parsing is iterative in V8, but everything after
 * it (zod, JSON.stringify, Postgres jsonb) recurses, so a body of a million nested arrays used to
 * end as a 500 on every route. Real bodies (workflow specs included) stay far below this.
 */
export const MAX_JSON_DEPTH = 100;

/** One pass over the raw bytes, outside strings: does `[`/`{` nesting go deeper than `max`? */
export function jsonDepthExceeds(buf: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i]!;
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next byte is escaped
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * `express.json({ verify })`: refuses too-deep bodies before they are parsed. The error carries a
 * status, so the error middleware answers 400 `{detail}` (body-parser marks it exposable).
 */
export function verifyJsonDepth(_req: unknown, _res: unknown, buf: Buffer): void {
  if (jsonDepthExceeds(buf, MAX_JSON_DEPTH)) {
    throw Object.assign(new Error(`JSON body nested too deeply (limit ${MAX_JSON_DEPTH} levels)`), { status: 400, type: 'entity.too.deep' });
  }
}

const MAX_NUL_ISSUES = 10;

/**
 * PostgreSQL refuses NUL (`\u0000`) in text and jsonb, so a NUL anywhere in a request used to
 * surface as a 500 from whichever query met it first. Refused here, once, for every route: NUL in
 * the path → 404 (no id contains one), in the query or the JSON body (values or keys) → 422 with
 * the location of each.
 */
export const rejectNulCharacters: RequestHandler = (req, _res, next) => {
  const url = req.originalUrl;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (/%00/i.test(path)) throw notFound();
  const issues: ValidationIssue[] = [];
  if (q !== -1 && /%00/i.test(url.slice(q))) findNul(req.query, ['query'], issues);
  if (req.body !== undefined && req.body !== null) findNul(req.body, ['body'], issues);
  if (issues.length > 0) throw validationFailed(issues);
  next();
};

/** The NUL problems of a parsed JSON value (routes that parse their own raw body use this). */
export function nulIssues(root: unknown, rootLoc: (string | number)[]): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  findNul(root, rootLoc, issues);
  return issues;
}

/**
 * An unpaired UTF-16 surrogate (`"\ud800"` in JSON) is not Unicode text: JSON.stringify writes it
 * back as an escape that PostgreSQL's jsonb refuses, so it used to end as a 500 wherever the value
 * was stored as JSON (a public hook's run input). Refused with NUL, same place, same envelope.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Iterative walk (no recursion: bodies may be deep up to MAX_JSON_DEPTH, queries too). */
function findNul(root: unknown, rootLoc: (string | number)[], issues: ValidationIssue[]): void {
  const stack: Array<[unknown, (string | number)[]]> = [[root, rootLoc]];
  while (stack.length > 0 && issues.length < MAX_NUL_ISSUES) {
    const [value, loc] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) issues.push(nulIssue(loc, value));
      else if (LONE_SURROGATE.test(value)) issues.push(surrogateIssue(loc, value));
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], [...loc, i]]);
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k.includes('\u0000')) issues.push(nulIssue([...loc, k], k));
        else if (LONE_SURROGATE.test(k)) issues.push(surrogateIssue([...loc, k], k));
        else stack.push([v, [...loc, k]]);
      }
    }
  }
}

const surrogateIssue = (loc: (string | number)[], input: string): ValidationIssue => ({
  type: 'invalid_unicode',
  loc,
  msg: 'Text must be valid Unicode (an unpaired surrogate escape such as \\ud800 is not)',
  input: input.replace(new RegExp(LONE_SURROGATE.source, 'g'), '\ufffd'),
});

const nulIssue = (loc: (string | number)[], input: string): ValidationIssue => ({
  type: 'nul_character',
  loc,
  msg: 'Text must not contain NUL (\\u0000) characters',
  input,
});
