// GET /v1/templates, GET /v1/templates/{id}, POST /v1/templates/{id}/install.
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { route } from '../../infra/http/route';
import { getTemplate, installTemplate, listTemplates, TemplateInstalledView, TemplateListView, TemplateView } from './service';

const queryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const ListQuery = z.object({
  category: z.string().min(1).optional(),
  difficulty: z.enum(['beginner', 'intermediate', 'advanced']).optional(),
  featured: queryBool.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const Params = z.object({ template_id: z.string().min(1) });
const InstallBody = z.object({ name: z.string().trim().min(1).max(200).optional(), active: z.boolean().optional() }).default({});

export function templateRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/templates', route({ query: ListQuery, response: TemplateListView }, ({ query }) => listTemplates(deps, query)));
  router.get('/templates/:template_id', route({ params: Params, response: TemplateView }, ({ params }) => getTemplate(deps, params.template_id)));
  router.post('/templates/:template_id/install', route({ params: Params, body: InstallBody, status: 201, response: TemplateInstalledView }, ({ auth, params, body }) =>
    installTemplate(deps, auth.accountId, params.template_id, body)));
  return router;
}
