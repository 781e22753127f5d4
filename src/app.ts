import express, { type Express } from 'express';
import type { Deps } from './deps';
import { accessChain, endpointCaps } from './auth/access-chain';
import { errorHandler, notFoundHandler } from './http/error-middleware';
import { requestLogger } from './http/logger';
import { requestId } from './http/request-id';
import { engineRoutes, publicRoutes, v1Routes } from './routes/index';

/** The HTTP edge: request ids and logs, JSON parsing, per-endpoint caps, public routes, access checks, authenticated routes, errors. */
export function createApp(deps: Deps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'extended');
  app.use(requestId);
  app.use(requestLogger(deps.logger));
  app.use(express.json({ limit: deps.config.maxBody, strict: true }));

  app.use(endpointCaps(deps));
  for (const router of publicRoutes(deps)) app.use(router);

  // authenticate → tier (X-Tier) → key type/scope/IP → tier and key windows → idempotency
  app.use(['/v1', '/engine/v1'], ...accessChain(deps));
  // seed 002: the engine's table lists paths starting with /v1 under the /engine/v1 base.
  const engine = engineRoutes(deps);
  if (engine.length) {
    app.use('/engine/v1/v1', ...engine);
    app.use('/engine/v1', ...engine);
  }
  app.use('/v1', ...v1Routes(deps));

  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}
