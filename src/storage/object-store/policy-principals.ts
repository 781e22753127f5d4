// Who a bucket (or access point) policy statement lets in, judged the way a lenient S3 server
// reads it: the principal may be a string, an array, or an object whose keys (`AWS`, `aws`,
// `Service`…) are matched without regard to case and whose values are strings or arrays. A check
// that only knew `"*"` and `{"AWS": "*"}` let `["*"]` and `{"aws": "*"}` make a blocked bucket public.

/** A policy's statements: an array, or one statement given as an object. */
export function policyStatements(policy: Record<string, unknown>): unknown[] | null {
  const s = policy.Statement;
  if (Array.isArray(s)) return s;
  return s && typeof s === 'object' ? [s] : null;
}

/** Every principal string a `Principal` value names, whatever its shape (keys of any case, nested arrays). */
export function principalNames(principal: unknown): string[] {
  if (typeof principal === 'string') return [principal];
  if (Array.isArray(principal)) return principal.flatMap(principalNames);
  if (principal && typeof principal === 'object') return Object.values(principal).flatMap(principalNames);
  return [];
}

/**
 * True when an `Allow` statement reaches everyone: any wildcard in its principal (`*`,
 * `arn:aws:iam::*:root`…), or a `NotPrincipal` (everyone but the few it names).
 */
export function grantsEveryone(statement: unknown): boolean {
  if (!statement || typeof statement !== 'object') return false;
  const s = statement as Record<string, unknown>;
  if (typeof s.Effect !== 'string' || s.Effect.toLowerCase() !== 'allow') return false;
  if (s.NotPrincipal !== undefined) return true;
  return principalNames(s.Principal).some((name) => name.includes('*'));
}
