// GET /v1/templates (category, difficulty, featured, limit 50), GET /v1/templates/{id},
// POST /v1/templates/{id}/install (creates a workflow in the caller's account; use_count goes up by
// one in the same statement, so concurrent installs never lose a count).
import { sql } from 'kysely';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { notFound } from '../../infra/http/errors';
import { listOf } from '../../infra/http/views';
import { createWorkflow, WorkflowView } from '../workflows/service';
import { TEMPLATES, type Difficulty, type WorkflowTemplate } from './catalog';

async function useCounts(deps: Deps): Promise<Map<string, number>> {
  const rows = await deps.db.selectFrom('engine_template_uses').selectAll().execute();
  return new Map(rows.map((r) => [r.template_id, r.use_count]));
}

export const TemplateView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  difficulty: z.enum(['beginner', 'intermediate', 'advanced']),
  featured: z.boolean(),
  tags: z.array(z.string()),
  node_types: z.array(z.string()),
  node_count: z.number().int(),
  use_count: z.number().int().describe('Installs so far'),
  sample_input: z.record(z.string(), z.unknown()),
  spec: z.record(z.string(), z.unknown()).optional().describe('The workflow spec (a single template only)'),
});
export const TemplateListView = listOf(TemplateView, { total: z.number().int(), has_more: z.boolean() });
export const TemplateInstalledView = z.object({ template_id: z.string(), use_count: z.number().int(), workflow: WorkflowView });

function view(t: WorkflowTemplate, uses: number, withSpec: boolean): z.output<typeof TemplateView> {
  const spec = t.spec as { nodes: Array<{ type: string }> };
  return {
    id: t.id, name: t.name, description: t.description, category: t.category, difficulty: t.difficulty, featured: t.featured, tags: t.tags,
    node_types: [...new Set(spec.nodes.map((n) => n.type))], node_count: spec.nodes.length, use_count: uses,
    sample_input: t.sample_input,
    ...(withSpec ? { spec: t.spec } : {}),
  };
}

export async function listTemplates(deps: Deps, q: { category?: string; difficulty?: Difficulty; featured?: boolean; limit: number }) {
  const uses = await useCounts(deps);
  const rows = TEMPLATES.filter((t) => (!q.category || t.category === q.category) && (!q.difficulty || t.difficulty === q.difficulty) && (q.featured === undefined || t.featured === q.featured));
  const data = rows.slice(0, q.limit).map((t) => view(t, uses.get(t.id) ?? 0, false));
  return { object: 'list' as const, data, total: rows.length, has_more: rows.length > data.length };
}

const find = (id: string) => {
  const t = TEMPLATES.find((x) => x.id === id);
  if (!t) throw notFound();
  return t;
};

export async function getTemplate(deps: Deps, id: string) {
  const t = find(id);
  return view(t, (await useCounts(deps)).get(t.id) ?? 0, true);
}

export async function installTemplate(deps: Deps, accountId: string, id: string, body: { name?: string; active?: boolean }) {
  const t = find(id);
  const workflow = await createWorkflow(deps.db, accountId, { name: body.name ?? t.name, description: t.description, spec: t.spec, tags: ['template', t.id, ...t.tags].slice(0, 50), active: body.active ?? true });
  const counted = await deps.db
    .insertInto('engine_template_uses')
    .values({ template_id: t.id, use_count: 1 })
    .onConflict((oc) => oc.column('template_id').doUpdateSet({ use_count: sql`engine_template_uses.use_count + 1` }))
    .returning('use_count')
    .executeTakeFirstOrThrow();
  return { template_id: t.id, use_count: counted.use_count, workflow };
}
