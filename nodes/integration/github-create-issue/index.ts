import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { baseUrlParam, saasAuth, saasCredential, saasRequest } from '../../_lib/saas';

const REAL = 'https://api.github.com';
const name = z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/);
const params = z.object({
  owner: name.describe('Repository owner (user or organisation).'),
  repo: name.describe('Repository name.'),
  title: z.string().min(1).max(256).describe('Issue title.'),
  body: z.string().max(65_536).default('').describe('Issue body (GitHub Markdown).'),
  labels: z.array(z.string().max(50)).max(20).default([]).describe('Label names.'),
  assignees: z.array(z.string().max(39)).max(10).default([]).describe('Logins to assign.'),
  base_url: baseUrlParam(REAL),
  credential: saasCredential('{token} (a fine-grained token with Issues: write, or a GitHub App token)'),
});

export const integrationGithubCreateIssue: NodeDefinition<typeof params> = {
  type: 'integration.github_create_issue',
  version: 1,
  category: 'integration',
  subcategory: 'developer-tools',
  name: 'GitHub: create issue',
  description: 'Opens an issue in a GitHub repository (REST POST /repos/{owner}/{repo}/issues, API version 2022-11-28, token from the `github` credentials slot; base_url for GitHub Enterprise /api/v3); `main` = {number, url, html_url, id}.',
  tags: ['github', 'issues', 'developer', 'saas'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{number, id, url, html_url}' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    const auth = await saasAuth(ctx, 'github', p.credential, p.base_url, REAL);
    const res = await saasRequest(ctx, 'github', {
      method: 'POST', url: `${auth.baseUrl}/repos/${encodeURIComponent(p.owner)}/${encodeURIComponent(p.repo)}/issues`, secrets: [auth.token],
      headers: { authorization: `Bearer ${auth.token}`, accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' },
      body: { title: p.title, body: p.body, labels: p.labels, assignees: p.assignees },
    });
    const b = res.body as { number: number; id: number; url: string; html_url: string };
    return { output: { main: { number: b.number, id: b.id, url: b.url, html_url: b.html_url } } };
  },
};
