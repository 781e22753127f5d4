import type { z } from 'zod';

/**
 * The one error type routes and services throw. `body` is sent exactly as given, so every seed
 * envelope (`{detail}`, `{detail:{error,…}}`, `{error}`, `{error:{code,…}}`) is expressible.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'object' && body !== null ? JSON.stringify(body) : String(body));
    this.name = 'ApiError';
  }
}

export interface ValidationIssue {
  type: string;
  loc: (string | number)[];
  msg: string;
  input?: unknown;
}

/** `{detail: <string>}` — most failures. */
export const detail = (status: number, message: string, headers?: Record<string, string>) =>
  new ApiError(status, { detail: message }, headers);

/** `{detail: {error: <code>, message, ...context}}` — richer failures (402, 403 gates, 409, 429). */
export const coded = (
  status: number,
  code: string,
  message: string,
  context: Record<string, unknown> = {},
  headers?: Record<string, string>,
) => new ApiError(status, { detail: { error: code, message, ...context } }, headers);

export const notFound = () => detail(404, 'Not Found');

/** 403: a sandbox (`svc_test_`) key reads the account's live objects but changes only sandbox ones. */
export const sandboxOnLive = (kind: string, id: string) =>
  coded(403, 'sandbox_key_on_live_object', `A sandbox key may read live ${kind} ${id} but not change it; use a live key, or work on sandbox objects.`, { [`${kind}_id`]: id });
export const badRequest = (message: string) => detail(400, message);

/**
 * 422 `{detail:[{type, loc, msg, input}]}`, one entry per problem. Every 422 passes here, so this is
 * where echoed input is made safe: `input` is always present (`null` for a missing field), values of
 * secret-like fields are never echoed, and long or large values are cut down (see `echoSafe`).
 */
export const validationFailed = (issues: ValidationIssue[]) =>
  new ApiError(422, { detail: issues.map((issue) => ({ ...issue, input: echoSafe(issue.input, issue.loc) })) });

/** Field names whose values are never echoed: passwords, secrets, tokens, keys, credentials. */
const SECRET_NAME = /passw(or)?d|passphrase|secret|token(?!s)|api[_-]?key|private[_-]?key|access[_-]?key|credential|authorization|cookie/i;
/** Values that are credentials whatever field they were sent in (our keys, common provider keys). */
const SECRET_VALUE = /svc_(live|test|bkt_live)_[A-Za-z0-9]{8,}|\bsk-[A-Za-z0-9_-]{16,}|-----BEGIN [A-Z ]*PRIVATE KEY/;
export const REDACTED = '[redacted]';
export const MAX_ECHO_CHARS = 200;
const MAX_ECHO_ITEMS = 20;
const MAX_ECHO_DEPTH = 4;

export const isSecretName = (name: string | number) => typeof name === 'string' && SECRET_NAME.test(name);

/**
 * What a 422 may echo of a value at `loc`: `[redacted]` for secret-like fields (at any level),
 * strings over 200 characters cut with a note of their length, at most 20 items or keys per
 * container and 4 levels; `undefined` (a missing field) becomes `null`.
 */
export function echoSafe(value: unknown, loc: readonly (string | number)[] = []): unknown {
  if (loc.some(isSecretName)) return value === undefined ? null : REDACTED;
  return safeValue(value, 0);
}

function safeValue(value: unknown, depth: number): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string') {
    if (SECRET_VALUE.test(value)) return REDACTED;
    return value.length > MAX_ECHO_CHARS ? `${value.slice(0, MAX_ECHO_CHARS)}… (${value.length} characters)` : value;
  }
  if (typeof value === 'bigint' || typeof value === 'symbol' || typeof value === 'function') return String(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_ECHO_DEPTH) return Array.isArray(value) ? '[…]' : '{…}';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ECHO_ITEMS).map((v) => safeValue(v, depth + 1));
    if (value.length > MAX_ECHO_ITEMS) items.push(`… (${value.length} items)`);
    return items;
  }
  // No prototype: a `__proto__` key in the input stays a plain key of the echo.
  const out = Object.create(null) as Record<string, unknown>;
  const entries = Object.entries(value);
  for (const [k, v] of entries.slice(0, MAX_ECHO_ITEMS)) out[k] = isSecretName(k) ? REDACTED : safeValue(v, depth + 1);
  if (entries.length > MAX_ECHO_ITEMS) out['…'] = `${entries.length} keys`;
  return out;
}

/** Turns zod issues into seed-style 422 entries; `where` is `body`, `query` or `path`. */
export function zodIssues(error: z.ZodError, where: string, input: unknown): ValidationIssue[] {
  return error.issues.map((issue) => {
    const value = valueAt(input, issue.path);
    return {
      type: issueType(issue, value),
      loc: [where, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
      msg: value === undefined && issue.code === 'invalid_type' ? 'Field required' : issue.message,
      input: value,
    };
  });
}

function issueType(issue: z.core.$ZodIssue, value: unknown): string {
  if (issue.code === 'invalid_type') return value === undefined ? 'missing' : `${issue.expected}_type`;
  return issue.code;
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
