import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { notFound } from '../../infra/http/errors';
import { documentRoute } from '../../infra/http/openapi';
import { checkedAnswer } from '../../infra/http/route';
import { recordAccess } from '../object-store/access-log';
import { routeEvents, tokenMatches } from '../object-store/notifications';

const params = z.object({ token: z.string().describe('The secret s3-dev.sh derives from the storage root secret') });
const EventsRouted = z.object({ deliveries: z.number().int().describe('Webhook deliveries, queue messages and replications started') });
const AccessKept = z.object({ kept: z.boolean().describe('Whether the record was kept for an access log (its bucket logs access into a live target)') });

/**
 * Where the storage server posts bucket events (its event webhook) and its audit log (its log
 * webhook). No API key: the URL carries a secret derived from the storage root credentials; a
 * wrong one is a plain 404.
 */
export function s3EventRoutes(deps: Deps): Router {
  const router = Router();
  router.post(
    '/internal/storage/s3-events/:token',
    documentRoute(
      (req, res, next) => {
        if (!tokenMatches(deps.config.storage, String(req.params.token ?? ''))) return next(notFound());
        routeEvents(deps, req.body)
          .then((started) => res.status(200).json(checkedAnswer(EventsRouted, { deliveries: started }, req)))
          .catch(next);
      },
      { summary: "The storage server's bucket events (S3 event records), routed to notification targets and replication rules", params, body: z.object({ Records: z.array(z.record(z.string(), z.unknown())) }).partial(), response: EventsRouted, errors: [404] },
    ),
  );
  router.post(
    '/internal/storage/s3-access-log/:token',
    documentRoute(
      (req, res, next) => {
        if (!tokenMatches(deps.config.storage, String(req.params.token ?? ''))) return next(notFound());
        recordAccess(deps, req.body)
          .then((kept) => res.status(200).json(checkedAnswer(AccessKept, { kept }, req)))
          .catch(next);
      },
      { summary: "One record of the storage server's audit log, kept for buckets with access logging", params, body: z.record(z.string(), z.unknown()), response: AccessKept, errors: [404] },
    ),
  );
  return router;
}
