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

export interface RouteOptions<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined> {
  params?: P;
  query?: Q;
  body?: B;
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
>(
  options: RouteOptions<P, Q, B>,
  handler: (input: RouteInput<Out<P>, Out<Q>, Out<B>>) => unknown,
): RequestHandler {
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
      if (result !== undefined && !res.headersSent) res.status(options.status ?? 200).json(result);
      else if (result === undefined && !res.headersSent && options.status === 204) res.status(204).end();
    } catch (err) {
      next(err);
    }
  };
  // The same schemas document the route in /openapi.json.
  return documentRoute(handle, { params: options.params, query: options.query, body: options.body, status: options.status, summary: options.summary, errors: options.errors });
}

export { ApiError };
