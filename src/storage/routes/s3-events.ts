import { Router } from 'express';
import type { Deps } from '../../deps';
import { notFound } from '../../infra/http/errors';
import { recordAccess } from '../object-store/access-log';
import { routeEvents, tokenMatches } from '../object-store/notifications';

/**
 * Where the storage server posts bucket events (its event webhook) and its audit log (its log
 * webhook). No API key: the URL carries a secret derived from the storage root credentials; a
 * wrong one is a plain 404.
 */
export function s3EventRoutes(deps: Deps): Router {
  const router = Router();
  router.post('/internal/storage/s3-events/:token', (req, res, next) => {
    if (!tokenMatches(deps.config.storage, String(req.params.token ?? ''))) return next(notFound());
    routeEvents(deps, req.body).then(
      (started) => res.status(200).json({ deliveries: started }),
      (err: unknown) => next(err),
    );
  });
  router.post('/internal/storage/s3-access-log/:token', (req, res, next) => {
    if (!tokenMatches(deps.config.storage, String(req.params.token ?? ''))) return next(notFound());
    recordAccess(deps, req.body).then(
      (kept) => res.status(200).json({ kept }),
      (err: unknown) => next(err),
    );
  });
  return router;
}
