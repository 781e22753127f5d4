import { pino, type Logger } from 'pino';
import type { RequestHandler } from 'express';

export type { Logger } from 'pino';

export function createLogger(level: string, base: Record<string, unknown> = {}): Logger {
  return pino({ level, base: { service: 'atelier', ...base }, timestamp: pino.stdTimeFunctions.isoTime });
}

/** A child logger per request carrying the request id, and one line per finished request. */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    req.log = logger.child({ request_id: req.id });
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      req.log.info(
        { method: req.method, path: req.originalUrl.split('?')[0], status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    });
    next();
  };
}
