import { z } from 'zod';
import { credential, inlineCredential, type NodeDefinition, requireField } from '../../../src/engine/node-sdk';
import { saasRequest } from '../../_lib/saas';

const params = z.object({
  base_url: z.string().url().refine((u) => /^https?:\/\//i.test(u), 'base_url must be http or https').optional().describe('Your Jira site (`https://acme.atlassian.net`); defaults to the connection\'s base_url.'),
  project_key: z.string().regex(/^[A-Z][A-Z0-9_]{0,19}$/).describe('Project key (`OPS`).'),
  issue_type: z.string().min(1).max(100).default('Task').describe('Issue type name (Task, Bug, Story…).'),
  summary: z.string().min(1).max(255).describe('Issue summary.'),
  description: z.string().max(100_000).default('').describe('Plain-text description (sent as Atlassian Document Format paragraphs).'),
  labels: z.array(z.string().regex(/^\S+$/).max(255)).max(20).default([]).describe('Labels (no spaces).'),
  credential: inlineCredential('{email, token (an API token), base_url}'),
});

export const integrationJiraCreateIssue: NodeDefinition<typeof params> = {
  type: 'integration.jira_create_issue',
  version: 1,
  category: 'integration',
  subcategory: 'developer-tools',
  name: 'Jira: create issue',
  description: 'Creates a Jira Cloud issue (REST v3 POST /rest/api/3/issue, basic auth with email + API token from the `jira` credentials slot, description in Atlassian Document Format); `main` = {id, key, url}.',
  tags: ['jira', 'atlassian', 'issues', 'saas'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{id, key, url}' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    const cred = await credential(ctx, 'jira', p.credential);
    const email = requireField(cred, ['email', 'username'], 'jira');
    const token = requireField(cred, ['token', 'secret'], 'jira');
    const base = (p.base_url ?? requireField(cred, ['base_url'], 'jira')).replace(/\/+$/, '');
    const basic = Buffer.from(`${email}:${token}`).toString('base64');
    const paragraphs = p.description.split(/\n\s*\n/).map((s) => s.trim()).filter(Boolean)
      .map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] }));
    const res = await saasRequest(ctx, 'jira', {
      method: 'POST', url: `${base}/rest/api/3/issue`, secrets: [token, basic], headers: { authorization: `Basic ${basic}` },
      body: {
        fields: {
          project: { key: p.project_key }, issuetype: { name: p.issue_type }, summary: p.summary, labels: p.labels,
          ...(paragraphs.length ? { description: { type: 'doc', version: 1, content: paragraphs } } : {}),
        },
      },
    });
    const b = res.body as { id: string; key: string };
    return { output: { main: { id: b.id, key: b.key, url: `${base}/browse/${b.key}` } } };
  },
};
