import { z } from 'zod';
import { credential, inlineCredential, type NodeDefinition, NodeError, optionalField } from '../../../src/engine/node-sdk';
import { saasRequest } from '../../_lib/saas';

const params = z.object({
  url: z.string().url().refine((u) => /^https?:\/\//i.test(u), 'url must be http or https').describe('The GraphQL endpoint.'),
  query: z.string().min(1).max(100_000).describe('The query or mutation document.'),
  variables: z.record(z.string(), z.unknown()).default({}).describe('Variables of the operation.'),
  operation_name: z.string().max(200).optional().describe('Which operation to run when the document holds several.'),
  headers: z.record(z.string(), z.string()).default({}).describe('Extra request headers.'),
  fail_on_errors: z.boolean().default(true).describe('Fail the node when the answer carries `errors` (false: emit them with the partial data).'),
  credential: inlineCredential('{token} sent as `Authorization: Bearer <token>` (or {header, token} for another header)'),
});

export const httpGraphql: NodeDefinition<typeof params> = {
  type: 'http.graphql',
  version: 1,
  category: 'http',
  subcategory: 'api',
  name: 'GraphQL request',
  description: 'Sends a GraphQL query or mutation (POST application/json {query, variables, operationName}) through the SSRF-safe fetch, with an optional bearer token from the `graphql` credentials slot; `main` = {data, errors}. GraphQL errors fail the node unless fail_on_errors is false.',
  tags: ['http', 'graphql', 'api'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{data, errors}' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    const cred = await credential(ctx, 'graphql', p.credential);
    const token = optionalField(cred, ['token', 'secret']);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(p.headers)) headers[k.toLowerCase()] = v;
    if (token) headers[(optionalField(cred, ['header']) ?? 'authorization').toLowerCase()] = optionalField(cred, ['header']) ? token : `Bearer ${token}`;
    const res = await saasRequest(ctx, 'graphql', { method: 'POST', url: p.url, headers, secrets: [token], body: { query: p.query, variables: p.variables, operationName: p.operation_name } });
    const body = res.body as { data?: unknown; errors?: { message: string; path?: unknown }[] };
    if (typeof body !== 'object' || body === null) throw new NodeError('graphql: the answer is not a GraphQL response', { type: 'graphql_error' });
    if (body.errors?.length && p.fail_on_errors) throw new NodeError(`graphql: ${body.errors.map((e) => e.message).join('; ')}`, { type: 'graphql_error' });
    return { output: { main: { data: body.data ?? null, errors: body.errors ?? [] } } };
  },
};
