import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { baseUrlParam, saasAuth, saasCredential, saasRequest } from '../../_lib/saas';

const REAL = 'https://api.linear.app';
const params = z.object({
  team_id: z.string().min(1).max(100).describe('Team id (UUID) the issue belongs to.'),
  title: z.string().min(1).max(500).describe('Issue title.'),
  description: z.string().max(100_000).default('').describe('Issue description (Markdown).'),
  priority: z.number().int().min(0).max(4).default(0).describe('0 none, 1 urgent, 2 high, 3 medium, 4 low.'),
  label_ids: z.array(z.string().max(100)).max(20).default([]).describe('Label ids.'),
  base_url: baseUrlParam(REAL),
  credential: saasCredential('{token} (a personal API key, sent as the Authorization header as Linear expects)'),
});

const MUTATION = `mutation IssueCreate($input: IssueCreateInput!) {
  issueCreate(input: $input) { success issue { id identifier url title } }
}`;

export const integrationLinearCreateIssue: NodeDefinition<typeof params> = {
  type: 'integration.linear_create_issue',
  version: 1,
  category: 'integration',
  subcategory: 'developer-tools',
  name: 'Linear: create issue',
  description: 'Creates a Linear issue with the GraphQL issueCreate mutation (POST /graphql, API key from the `linear` credentials slot); GraphQL errors fail the node with their messages. `main` = {id, identifier, url}.',
  tags: ['linear', 'issues', 'graphql', 'saas'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{id, identifier, url, title}' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    const auth = await saasAuth(ctx, 'linear', p.credential, p.base_url, REAL);
    const res = await saasRequest(ctx, 'linear', {
      method: 'POST', url: `${auth.baseUrl}/graphql`, secrets: [auth.token], headers: { authorization: auth.token },
      body: { query: MUTATION, variables: { input: { teamId: p.team_id, title: p.title, description: p.description || undefined, priority: p.priority, labelIds: p.label_ids.length ? p.label_ids : undefined } } },
    });
    const b = res.body as { data?: { issueCreate?: { success: boolean; issue?: Record<string, unknown> } }; errors?: { message: string }[] };
    if (b.errors?.length) throw new NodeError(`linear: ${b.errors.map((e) => e.message).join('; ')}`, { type: 'linear_error' });
    if (!b.data?.issueCreate?.success || !b.data.issueCreate.issue) throw new NodeError('linear: issueCreate did not succeed', { type: 'linear_error' });
    return { output: { main: b.data.issueCreate.issue } };
  },
};
