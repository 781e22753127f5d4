import type { Request, RequestHandler } from 'express';
import { coded } from '../../infra/http/errors';
import type { AuthContext } from './context';
import { ipAllowed } from './ip-allowlist';
import { hasScope, scopeForPath, typeAllowsMethod } from './scopes';
import type { KeyUsageCounter } from './usage-counter';

/** Type rule, in the `{detail:{error,…}}` form of the 403 gates. */
export const insufficientPermissions = (message: string, context: Record<string, unknown> = {}) =>
  coded(403, 'insufficient_permissions', message, context);

export const sessionRequired = (what: string) =>
  coded(403, 'session_token_required', `${what} requires a session token (Authorization: Bearer <SESSION_JWT>); API keys cannot do this.`);

/** Session tokens (account owners) and admin keys pass; anything else is refused with 403. */
export function requireAdmin(auth: AuthContext, what = 'This operation'): void {
  if (auth.via === 'session' || auth.key?.type === 'admin') return;
  throw insufficientPermissions(`${what} requires an admin key.`, { key_type: auth.key?.type ?? null, required_type: 'admin' });
}

/** Key PATCH, rotate and bucket-key creation accept only a session token. */
export function requireSession(auth: AuthContext, what: string): void {
  if (auth.via !== 'session') throw sessionRequired(what);
}

/**
 * After `authenticate`: what the key may reach. Session tokens belong to the account owner and
 * may do everything. Order: bucket keys, type, scope, IP allowlist, referrer allowlist.
 */
export function enforceKeyAccess(opts: { usage?: KeyUsageCounter } = {}): RequestHandler {
  return (req, _res, next) => {
    const auth = req.auth!;
    // A suspended account reaches nothing, whatever the credential.
    if (auth.account?.status === 'suspended') throw coded(403, 'account_suspended', 'This account is suspended.');
    const key = auth.key;
    if (auth.via !== 'api_key' || !key) return next();
    opts.usage?.record(key.id);
    const path = fullPath(req);
    const scope = scopeForPath(path);

    if (key.bucket_id) {
      // A bucket key reaches its storage bucket and nothing else.
      if (scope !== 'storage') {
        throw coded(403, 'insufficient_scope', 'Bucket-scoped keys can reach only their storage bucket.', { required_scope: scope });
      }
    } else if (key.type && !typeAllowsMethod(key.type, req.method, path)) {
      const allowed = key.type === 'read-only' ? 'GET requests' : 'GET and POST requests';
      // The message names the same type as `required_type`: the least a key needs for this method
      // on this path (write for POST, and for PATCH and DELETE where write keys may use them).
      const required = typeAllowsMethod('write', req.method, path) ? 'write' : 'admin';
      const needs = required === 'write' ? 'a write or admin key' : 'an admin key';
      throw insufficientPermissions(`A ${key.type} key can make only ${allowed}; ${req.method} needs ${needs}.`, {
        key_type: key.type,
        required_type: required,
      });
    }

    if (scope && !hasScope(key.scopes, scope)) {
      throw coded(403, 'insufficient_scope', `This key lacks the '${scope}' scope needed for ${path}.`, { required_scope: scope });
    }

    if (key.allowed_ips.length > 0 && !ipAllowed(key.allowed_ips, req.ip)) {
      throw coded(403, 'ip_not_allowed', `Requests from ${req.ip ?? 'this address'} are not allowed for this key.`, { ip: req.ip ?? null });
    }

    if (key.allowed_referrers.length > 0 && !referrerAllowed(key.allowed_referrers, req.header('referer'))) {
      throw coded(403, 'referrer_not_allowed', 'The Referer of this request is not in the key’s allowed referrers.', {
        referrer: req.header('referer') ?? null,
      });
    }
    next();
  };
}

/** The path as the client sent it (routers mounted on a prefix see only the rest). */
export function fullPath(req: Request): string {
  const url = req.originalUrl;
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/**
 * Referer host against the allowed hosts; `*.example.com` matches subdomains. A request without
 * a Referer is refused once referrers are configured: the restriction would be void otherwise.
 */
export function referrerAllowed(allowed: readonly string[], referer: string | undefined): boolean {
  if (!referer) return false;
  let host: string;
  try {
    host = new URL(referer).hostname.toLowerCase();
  } catch {
    return false;
  }
  return allowed.some((entry) => {
    const e = entry.toLowerCase().trim();
    if (e.startsWith('*.')) return host.endsWith(e.slice(1)) || host === e.slice(2);
    return host === e;
  });
}
