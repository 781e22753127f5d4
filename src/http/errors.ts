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

/** `{detail: <string>}` — most failures (seed 000 §7). */
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
export const badRequest = (message: string) => detail(400, message);

/** 422 `{detail:[{type, loc, msg, input}]}`, one entry per problem. */
export const validationFailed = (issues: ValidationIssue[]) => new ApiError(422, { detail: issues });

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
