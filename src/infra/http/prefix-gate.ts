import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';

/** A router behind its gate: callable like it, with its `stack` (what route listings walk). */
export type GatedRouter = RequestHandler & { stack: Router['stack'] };

/**
 * The literal start of each path a router serves (`/files/:id` → `/files/`), lower-cased, or
 * undefined when one of its layers could answer any path (a `use` without a path, a RegExp, a
 * pattern that starts with a parameter or wildcard).
 */
export function literalPrefixes(router: Router): string[] | undefined {
  const prefixes: string[] = [];
  for (const layer of router.stack as Array<{ route?: { path: unknown }; rawPath?: unknown; slash?: boolean }>) {
    if (layer.slash) return undefined;
    const raw = layer.route ? layer.route.path : layer.rawPath;
    for (const path of Array.isArray(raw) ? raw.flat(Infinity) : [raw]) {
      if (typeof path !== 'string') return undefined;
      // Up to the first parameter, wildcard, optional group or escape.
      const literal = path.split(/[:*{(\\?]/)[0]!.toLowerCase();
      if (literal === '' || literal === '/') return undefined;
      prefixes.push(literal);
    }
  }
  return prefixes;
}

/**
 * The router behind a check of the request's path against the literal starts of its routes: a
 * request none of them can match skips the router in one comparison per route instead of being
 * matched against each route's pattern (with a promise and a `next` per layer). Routes match
 * case-insensitively (Express's default), so the check does too. A router one of whose layers could
 * match any path is returned as it is.
 */
export function prefixGate(router: Router): Router | GatedRouter {
  const prefixes = literalPrefixes(router);
  if (!prefixes) return router;
  const unique = [...new Set(prefixes)];
  const gated = (req: Request, res: Response, next: NextFunction) => {
    const path = req.path.toLowerCase();
    for (const p of unique) if (path.startsWith(p) || `${path}/` === p) return router(req, res, next);
    next();
  };
  return Object.assign(gated, { stack: router.stack });
}
