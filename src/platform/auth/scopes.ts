// Scopes restrict a key to resource groups. This file is the one map from a request
// path to the scope it needs; every other place asks `scopeForPath`.

export const SCOPES = ['images', 'video', 'chat', 'audio', 'storage', 'compute', 'billing', 'keys'] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * Ordered: the first matching rule wins, so specific paths come before their prefixes. Paths are
 * full request paths (`/v1/...`, `/engine/v1/...`).
 *
 * Paths matching no rule (jobs polling, webhooks, console webhooks, system) need no scope: a
 * scoped key may poll the jobs it started and register the webhooks that report them.
 */
const RULES: Array<[RegExp, Scope]> = [
  [/^\/engine\/v1(\/|$)/, 'compute'],
  [/^\/v1\/(workflows|batch|batches|agents)(\/|$)/, 'compute'],
  [/^\/v1\/story(\/|$)/, 'video'],
  [/^\/v1\/(shorts|video)(\/|$)/, 'video'],
  [/^\/v1\/voice(\/|$)/, 'audio'],
  [/^\/v1\/ai\/generate\/video(\/|$)/, 'video'],
  [/^\/v1\/ai\/(lip-sync|video)(\/|$)/, 'video'],
  [/^\/v1\/ai\/generate\/(image|3d|upscale)(\/|$)/, 'images'],
  [/^\/v1\/ai\/(edit|vision|assets|upscale|images)(\/|$)/, 'images'],
  [/^\/v1\/images(\/|$)/, 'images'],
  [/^\/v1\/ai\/generate\/(music|speech|audio)(\/|$)/, 'audio'],
  [/^\/v1\/ai\/(audio|tts|speech|music|transcribe|transcription|voice)(\/|$)/, 'audio'],
  [/^\/v1\/ai\/(chat|text|embeddings|gabriel|document|generate\/text)(\/|$)/, 'chat'],
  [/^\/v1\/(chat|translate|embeddings)(\/|$)/, 'chat'],
  [/^\/v1\/(billing|tiers|pricing|usage)(\/|$)/, 'billing'],
  [/^\/v1\/auth\/(keys|bucket-keys)(\/|$)/, 'keys'],
  [/^\/v1\/(buckets|photos|storage|s3)(\/|$)/, 'storage'],
];

/** The scope a request path belongs to, or null when it belongs to no resource group. */
export function scopeForPath(path: string): Scope | null {
  // Express matches routes case-insensitively, so the map must too: `/V1/Billing` is billing.
  const p = path.toLowerCase();
  for (const [pattern, scope] of RULES) if (pattern.test(p)) return scope;
  return null;
}

/** Empty means every scope. */
export function hasScope(keyScopes: readonly string[], needed: Scope): boolean {
  return keyScopes.length === 0 || keyScopes.includes(needed);
}

/** The effective scopes shown for a key: empty is shown as all of them. */
export function effectiveScopes(keyScopes: readonly string[]): string[] {
  return keyScopes.length === 0 ? [...SCOPES] : [...keyScopes];
}

/** Voice agents take PATCH and DELETE from write keys as well. */
const WRITE_KEYS_PATCH_AND_DELETE = /^\/v1\/voice\//;

/** Read-only keys GET only; write keys GET and POST; admin keys everything. */
export function typeAllowsMethod(type: 'read-only' | 'write' | 'admin', method: string, path = ''): boolean {
  const m = method.toUpperCase();
  if (type === 'admin') return true;
  if (m === 'GET' || m === 'HEAD' || m === 'OPTIONS') return true;
  if (type !== 'write') return false;
  return m === 'POST' || ((m === 'PATCH' || m === 'DELETE') && WRITE_KEYS_PATCH_AND_DELETE.test(path.toLowerCase()));
}
