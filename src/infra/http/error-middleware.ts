import type { ErrorRequestHandler, RequestHandler } from 'express';
import { NoResultError } from 'kysely';
import type { Logger } from 'pino';
import { ApiError } from './errors';

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ detail: 'Not Found' });
};

/**
 * The single place errors become responses. Expected errors (ApiError, body-parser failures) log at
 * warn; anything else is a 500 that hides internals and carries the request id.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const log = req.log ?? logger;
    if (res.headersSent) {
      log.error({ err }, 'error after response started');
      res.end();
      return;
    }
    if (err instanceof ApiError) {
      if (err.status >= 500) log.error({ err, status: err.status }, 'request failed');
      else log.warn({ status: err.status, body: loggedBody(err) }, 'request refused');
      for (const [name, value] of Object.entries(err.headers)) res.setHeader(name, value);
      res.status(err.status).json(err.body);
      return;
    }
    if (err instanceof NoResultError) {
      // A row the request named vanished between its check and its write (two DELETEs of one id,
      // a PATCH racing a DELETE): for the client that is the id not existing, not a server fault.
      log.warn('row gone before the request could change it');
      res.status(404).json({ detail: 'Not Found' });
      return;
    }
    const parserError = err as { type?: string; status?: number; expose?: boolean; limit?: number };
    if (parserError.type === 'entity.parse.failed') {
      log.warn('malformed JSON body');
      res.status(400).json({ detail: 'Malformed JSON in request body' });
      return;
    }
    if (parserError.type === 'entity.too.large' || parserError.status === 413) {
      log.warn('request body too large');
      res.status(413).json({ detail: `Request body too large (limit ${parserError.limit ?? 'exceeded'} bytes)` });
      return;
    }
    if (err instanceof URIError) {
      // The router failed to decode a path parameter (`/v1/files/%zz`): the client's URL is malformed.
      log.warn('malformed percent-encoding in the URL');
      res.status(400).json({ detail: 'Malformed percent-encoding in the URL' });
      return;
    }
    if (parserError.type === 'entity.too.deep') {
      log.warn('JSON body nested too deeply');
      res.status(400).json({ detail: (err as Error).message });
      return;
    }
    if (parserError.expose && parserError.status && parserError.status < 500) {
      res.status(parserError.status).json({ detail: (err as Error).message });
      return;
    }
    log.error({ err }, 'unhandled error');
    res.status(500).json({ detail: 'Internal server error', request_id: req.id });
  };
}

/** What a refusal logs: 422s only their problem types and locations, never the input they echo. */
function loggedBody(err: ApiError): unknown {
  const detail = (err.body as { detail?: unknown } | null)?.detail;
  if (err.status === 422 && Array.isArray(detail)) {
    return { detail: detail.map((i: { type?: unknown; loc?: unknown }) => ({ type: i.type, loc: i.loc })) };
  }
  return err.body;
}
