import type { RequestHandler } from 'express';

/**
 * On every response: `X-Content-Type-Options: nosniff` (a browser never guesses a type, so a JSON
 * error or a generated file is never run as HTML or script), and `Cache-Control: no-store` unless
 * a route sets its own (signed file downloads do). API responses carry balances, keys (create,
 * rotate), webhook secrets and session tokens: no shared or browser cache may keep them.
 * `X-Frame-Options: DENY`: no other site may frame anything served here (the pages that take a
 * key or a password repeat it as CSP `frame-ancestors 'none'`), so none can be clickjacked.
 */
export const securityHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Frame-Options', 'DENY');
  next();
};

/** The CSP directive every HTML page of ours ends with: no other origin may frame it. */
export const NO_FRAMING = "frame-ancestors 'none'";
