import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/context';
import { ApiError, validationFailed, zodIssues, type ValidationIssue } from './errors';
import { documentRoute } from './openapi';

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** Present on routes mounted behind `authenticate`. */
  auth: AuthContext;
  req: Request;
  res: Response;
}

export interface RouteOptions<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined, R extends Schema | undefined = undefined> {
  params?: P;
  query?: Q;
  body?: B;
  /**
   * The success answer's shape. It types what the handler may return, documents the response in
   * /openapi.json, and outside production every answer is checked against it, so a drift between
   * the code and its document fails the tests instead of reaching clients.
   */
  response?: R;
  /** Status for a handler's returned value (default 200). */
  status?: number;
  /** One line for the API reference (`/docs`); defaults to the method and path. */
  summary?: string;
  /** Refusals beyond the common ones this route documents (e.g. 402 for a charged operation). */
  errors?: number[];
}

/**
 * Validates params, query and body with zod (all problems in one 422), hands typed input to the
 * handler, and sends what it returns as JSON. Handlers that stream write to `res` themselves and
 * return undefined.
 */
export function route<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  R extends Schema | undefined = undefined,
>(
  options: RouteOptions<P, Q, B, R>,
  handler: (input: RouteInput<Out<P>, Out<Q>, Out<B>>) => Answer<R>,
): RequestHandler {
  const check = options.response && process.env.NODE_ENV !== 'production' ? options.response : undefined;
  const handle = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const issues: ValidationIssue[] = [];
      const parse = (schema: Schema | undefined, value: unknown, where: string) => {
        if (!schema) return undefined;
        const result = schema.safeParse(value);
        if (result.success) return result.data;
        issues.push(...zodIssues(result.error, where, value));
        return undefined;
      };
      const params = parse(options.params, req.params, 'path');
      const query = parse(options.query, req.query, 'query');
      const body = parse(options.body, req.body ?? {}, 'body');
      if (issues.length > 0) throw validationFailed(issues);

      const result = await handler({
        params: params as Out<P>,
        query: query as Out<Q>,
        body: body as Out<B>,
        auth: req.auth as AuthContext,
        req,
        res,
      });
      if (result !== undefined && check) assertDocumented(check, result, req);
      if (result !== undefined && !res.headersSent) res.status(options.status ?? 200).json(result);
      else if (result === undefined && !res.headersSent && options.status === 204) res.status(204).end();
    } catch (err) {
      next(err);
    }
  };
  // The same schemas document the route in /openapi.json.
  return documentRoute(handle, { params: options.params, query: options.query, body: options.body, response: options.response, status: options.status, summary: options.summary, errors: options.errors });
}

/** What a handler may return: the response schema's input shape when the route has one. */
type Answer<R> = R extends Schema ? z.input<R> | undefined | Promise<z.input<R> | undefined> : unknown;

/**
 * For handlers that write their answer to `res` themselves (documentRoute with a `response`): the
 * answer typed by the schema and, outside production, checked against it as route() checks what
 * its handlers return.
 */
export function checkedAnswer<S extends Schema>(schema: S, value: z.input<S>, req: Request): z.input<S> {
  if (process.env.NODE_ENV !== 'production') assertDocumented(schema, value, req);
  return value;
}

/** An answer that does not match its documented schema is a bug in the server: a 500 that says where. */
function assertDocumented(schema: Schema, value: unknown, req: Request): void {
  const result = schema.safeParse(value);
  if (result.success) return;
  const where = result.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  throw new Error(`${req.method} ${req.route?.path ?? req.path}: the answer does not match its documented response schema — ${where}`);
}

export { ApiError };
