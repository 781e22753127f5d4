import { z } from 'zod';
import { BlockedAddressError, httpAuth, type NodeDefinition, NodeError, PROVIDER_METADATA, safeFetch } from '../../../src/engine/node-sdk';

const params = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).default('GET').describe('HTTP method'),
  /** Appended to the connection's base_url. */
  path: z.string().max(2000).default('/').describe('Path appended to the connection\'s base URL'),
  query: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}).describe('Query parameters'),
  body: z.unknown().optional().describe('JSON body'),
  timeout_s: z.number().positive().max(300).default(30).describe('Request timeout in seconds'),
});

/**
 * Calls the API behind an `http` connection with its stored credential (credentials slot
 * `connection`). The secret is resolved inside the activity and placed on the request only: it is
 * never in the node's params, output, logs or the run's history.
 */
export const integrationConnectionRequest: NodeDefinition<typeof params> = {
  type: 'integration.connection_request',
  version: 1,
  category: 'integration',
  name: 'Connection request',
  description: 'Sends a request to an HTTP connection (credentials: {"connection": "<connection_id>"}): base_url + path, authenticated as the connection says (bearer, header, basic or query). `main` = {status, body}. The secret never appears in outputs, logs or history.',
  tags: ['http', 'api', 'integration', 'credentials'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{status, body}' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 330 },
  async execute(ctx, { params: p }) {
    if (!ctx.credentials) throw new NodeError('this executor provides no credentials resolver', { type: 'credentials_missing' });
    const credential = await ctx.credentials.get('connection');
    if (credential.provider !== 'http') throw new NodeError(`connection ${credential.connection_id} is a ${credential.provider} connection; this node needs an http one`, { type: 'wrong_provider' });
    const meta = PROVIDER_METADATA.http.parse(credential.metadata);
    const { url, headers } = httpAuth(meta, credential.secret, p.path);
    const target = new URL(url);
    for (const [k, v] of Object.entries(p.query)) target.searchParams.append(k, String(v));
    let body: string | undefined;
    if (p.body !== undefined && p.body !== null && p.method !== 'GET') {
      body = typeof p.body === 'string' ? p.body : JSON.stringify(p.body);
      if (typeof p.body !== 'string') headers['content-type'] = 'application/json';
    }
    let res;
    try {
      res = await safeFetch(target.toString(), { method: p.method, headers, body, signal: ctx.signal, timeoutMs: p.timeout_s * 1000, maxBytes: 10 * 1024 * 1024 }, { allowPrivateNetwork: ctx.allowPrivateNetwork });
    } catch (err) {
      if (err instanceof BlockedAddressError) throw new NodeError(err.message, { type: 'blocked_address' });
      // Messages from the fetch layer name the host, never the query string holding a secret.
      throw new NodeError(`request to ${target.host} failed: ${err instanceof Error ? err.message.split(credential.secret).join('[redacted]') : 'error'}`, { type: 'http_error', retryable: true });
    }
    const text = res.body.toString('utf8');
    let parsed: unknown = text;
    if ((res.headers['content-type'] ?? '').includes('json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        /* keep text */
      }
    }
    ctx.log('info', `${p.method} ${target.origin}${target.pathname} → ${res.status}`);
    return { output: { main: { status: res.status, body: parsed } } };
  },
};
