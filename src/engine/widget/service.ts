// Widget config {workflow_id, interface{title, description, fields[{name, type, label,
// required, options}]}, allowed_domains[], collect_feedback}; GET/PUT /v1/widget/{workflow_id}.
import { z } from 'zod';
import type { Deps } from '../../deps';
import { recordAudit, type Actor } from '../audit/audit-service';
import { ownedWorkflow } from '../workflow-lookup';

export const FIELD_TYPES = ['text', 'textarea', 'number', 'email', 'url', 'select', 'checkbox', 'date'] as const;

const Field = z
  .object({
    name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'name is a letter or "_" then letters, digits or "_" (max 64)'),
    type: z.enum(FIELD_TYPES).default('text'),
    label: z.string().trim().min(1).max(200),
    required: z.boolean().default(false),
    options: z.array(z.string().min(1).max(200)).max(100).nullable().default(null),
  })
  .superRefine((f, ctx) => {
    if (f.type === 'select' && !f.options?.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'a select field needs at least one option' });
    if (f.type !== 'select' && f.options?.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'only select fields take options' });
  })
  // Form builders send `options: []` on every field: on a non-select field it means none (stored as null).
  .transform((f) => (f.type !== 'select' && f.options !== null ? { ...f, options: null } : f));

/** Host names (a leading `*.` allows subdomains) — no scheme, path or port. */
const Domain = z.string().trim().toLowerCase().regex(/^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/, 'a host name such as example.com or *.example.com');

export const WidgetBody = z.object({
  interface: z.object({
    title: z.string().trim().min(1).max(200),
    description: z.string().max(2000).nullable().default(null),
    fields: z.array(Field).max(50).default([]).superRefine((fields, ctx) => {
      const seen = new Set<string>();
      fields.forEach((f, i) => {
        if (seen.has(f.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `duplicate field name "${f.name}"` });
        seen.add(f.name);
      });
    }),
  }),
  allowed_domains: z.array(Domain).max(100).default([]),
  collect_feedback: z.boolean().default(false),
});
export type WidgetConfig = z.output<typeof WidgetBody>;

export async function getWidget(deps: Deps, accountId: string, workflowId: string) {
  const workflow = await ownedWorkflow(deps.db, accountId, workflowId);
  const row = await deps.db.selectFrom('engine_widgets').selectAll().where('workflow_id', '=', workflowId).where('account_id', '=', accountId).executeTakeFirst();
  if (!row) {
    return { workflow_id: workflowId, interface: { title: workflow.name, description: workflow.description, fields: [] }, allowed_domains: [], collect_feedback: false, configured: false, updated_at: null };
  }
  return { workflow_id: workflowId, ...(row.config as WidgetConfig), configured: true, updated_at: row.updated_at.toISOString() };
}

export async function putWidget(deps: Deps, accountId: string, actor: Actor, workflowId: string, config: WidgetConfig) {
  return deps.db.transaction().execute(async (trx) => {
    await ownedWorkflow(trx, accountId, workflowId, { lock: true });
    const before = await trx.selectFrom('engine_widgets').select('config').where('workflow_id', '=', workflowId).executeTakeFirst();
    const row = await trx
      .insertInto('engine_widgets')
      .values({ workflow_id: workflowId, account_id: accountId, config: JSON.stringify(config) })
      .onConflict((oc) => oc.column('workflow_id').doUpdateSet({ config: JSON.stringify(config), updated_at: new Date() }))
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { accountId, workflowId, action: before ? 'widget.updated' : 'widget.created', actor, summary: `Widget "${config.interface.title}" saved (${config.interface.fields.length} field(s))`, before: before?.config, after: config });
    return { workflow_id: workflowId, ...config, configured: true, updated_at: row.updated_at.toISOString() };
  });
}
