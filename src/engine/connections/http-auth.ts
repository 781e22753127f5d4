import type { z } from 'zod';
import { NodeError } from '../contract/node-error';
import type { PROVIDER_METADATA } from './service';

/** The request an HTTP connection makes: base URL, path, and the secret placed as configured. */
export function httpAuth(meta: z.output<(typeof PROVIDER_METADATA)['http']>, secret: string, path: string) {
  const url = new URL(path.replace(/^\/+/, ''), meta.base_url.endsWith('/') ? meta.base_url : `${meta.base_url}/`);
  // An absolute URL (or a scheme-relative one) as the path would replace the base: the secret is
  // placed only on a request to the connection's own origin.
  const home = new URL(meta.base_url).origin;
  if (url.origin !== home) {
    throw new NodeError(`path must stay on the connection's origin ${home} (it points to ${url.origin}); a connection's secret is sent only to its own base_url`, { type: 'connection_origin' });
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (meta.auth_type === 'bearer') headers.authorization = `Bearer ${secret}`;
  else if (meta.auth_type === 'header') headers[(meta.header_name ?? 'authorization').toLowerCase()] = secret;
  else if (meta.auth_type === 'basic') headers.authorization = `Basic ${Buffer.from(`${meta.username ?? ''}:${secret}`).toString('base64')}`;
  else url.searchParams.set(meta.query_param ?? 'api_key', secret);
  return { url: url.toString(), headers };
}
