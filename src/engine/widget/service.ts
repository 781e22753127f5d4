// Widget config {workflow_id, interface{title, description, fields[{name, type, label,
// required, options}]}, allowed_domains[], collect_feedback}; GET/PUT /v1/widget/{workflow_id}.
import { z } from 'zod';
import type { Deps } from '../../deps';
import { recordAudit, type Actor } from '../audit/audit-service';
import { ownedWorkflow } from '../workflow-lookup';
import { isoTime } from '../../infra/http/views';
import { FIELD_TYPES, FormFields } from './fields';

/** Host names (a leading `*.` allows subdomains) — no scheme, path or port. */
const Domain = z.string().trim().toLowerCase().regex(/^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/, 'a host name such as example.com or *.example.com');

export const WidgetBody = z.object({
  interface: z.object({
    title: z.string().trim().min(1).max(200),
    description: z.string().max(2000).nullable().default(null),
    fields: FormFields,
  }),
  allowed_domains: z.array(Domain).max(100).default([]),
  collect_feedback: z.boolean().default(false),
});
export type WidgetConfig = z.output<typeof WidgetBody>;

export const WidgetView = z.object({
  workflow_id: z.string(),
  interface: z.object({
    title: z.string(),
    description: z.string().nullable(),
    fields: z.array(z.object({ name: z.string(), type: z.enum(FIELD_TYPES), label: z.string(), required: z.boolean(), options: z.array(z.string()).nullable() })),
  }),
  allowed_domains: z.array(z.string()),
  collect_feedback: z.boolean(),
  configured: z.boolean().describe('False: no widget saved yet (the answer shows the defaults)'),
  updated_at: isoTime.nullable(),
});

export async function getWidget(deps: Deps, accountId: string, workflowId: string): Promise<z.output<typeof WidgetView>> {
  const workflow = await ownedWorkflow(deps.db, accountId, workflowId);
  const row = await deps.db.selectFrom('engine_widgets').selectAll().where('workflow_id', '=', workflowId).where('account_id', '=', accountId).executeTakeFirst();
  if (!row) {
    return { workflow_id: workflowId, interface: { title: workflow.name, description: workflow.description, fields: [] }, allowed_domains: [], collect_feedback: false, configured: false, updated_at: null };
  }
  return { workflow_id: workflowId, ...(row.config as WidgetConfig), configured: true, updated_at: row.updated_at.toISOString() };
}

export async function putWidget(deps: Deps, accountId: string, actor: Actor, workflowId: string, config: WidgetConfig): Promise<z.output<typeof WidgetView>> {
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
