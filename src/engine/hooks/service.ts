// Public hooks (POST /v1/hooks/{webhook_id}/{path}). Where the webhook_id and the
// secret come from is ours: a workflow whose trigger.type is `webhook` gets one stable, unguessable
// webhook_id (created on first ask, never changed), and may get a generated secret, shown once and
// kept sealed (AES-256-GCM, secret-box). Without a generated secret, the spec's
// trigger.config.secret (if any) is the one signatures are checked against.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { EngineHook, Workflow } from '../../infra/db/schema/index';
import { coded } from '../../infra/http/errors';
import { isoTime } from '../../infra/http/views';
import { openSecret, sealSecret } from '../../platform/webhooks/secret-box';
import { recordAudit, type Actor } from '../audit/audit-service';
import { ownedWorkflow } from '../workflow-lookup';

export const newWebhookId = () => `wh_${randomBytes(16).toString('hex')}`;

export interface WebhookTrigger {
  type: string;
  config: { path?: string; secret?: string };
}

export async function currentTrigger(deps: Deps, workflow: Pick<Workflow, 'id' | 'current_version'>): Promise<WebhookTrigger> {
  const v = await deps.db
    .selectFrom('workflow_versions')
    .select('spec')
    .where('workflow_id', '=', workflow.id)
    .where('version', '=', workflow.current_version)
    .executeTakeFirstOrThrow();
  const trigger = (v.spec as { trigger?: WebhookTrigger }).trigger;
  return { type: trigger?.type ?? 'manual', config: trigger?.config ?? {} };
}

const notWebhook = (workflowId: string, type: string) =>
  coded(409, 'not_a_webhook_workflow', `Workflow ${workflowId} is triggered by "${type}"; only a workflow whose trigger.type is "webhook" has a public hook.`, { trigger_type: type });

export const HookView = z.object({
  workflow_id: z.string(),
  webhook_id: z.string(),
  url: z.string().describe('Where to POST to start a run (no API key)'),
  signed: z.boolean().describe('Whether calls must carry x-fh-timestamp and x-fh-signature'),
  secret_source: z.enum(['generated', 'spec']).nullable().describe('generated: the secret this API made; spec: trigger.config.secret; null: unsigned'),
  created_at: isoTime,
});
export const HookWithSecretView = HookView.extend({ secret: z.string().describe('The new secret, shown this once') });
/** What a public hook call answers: the run it started. */
export const HookAcceptedView = z.object({ run_id: z.string(), status: z.literal('queued') });

function hookView(deps: Deps, hook: EngineHook, trigger: WebhookTrigger): z.output<typeof HookView> {
  const path = trigger.config.path ?? '';
  return {
    workflow_id: hook.workflow_id,
    webhook_id: hook.webhook_id,
    url: `${deps.config.publicBaseUrl}/engine/v1/v1/hooks/${hook.webhook_id}${path ? `/${path.replace(/^\/+/, '')}` : ''}`,
    signed: hook.secret_sealed !== null || Boolean(trigger.config.secret),
    secret_source: hook.secret_sealed !== null ? 'generated' : trigger.config.secret ? 'spec' : null,
    created_at: hook.created_at.toISOString(),
  };
}

/** The workflow's hook, created on first ask (409 when its trigger is not `webhook`). */
export async function ensureHook(deps: Deps, accountId: string, workflowId: string) {
  const workflow = await ownedWorkflow(deps.db, accountId, workflowId);
  const trigger = await currentTrigger(deps, workflow);
  if (trigger.type !== 'webhook') throw notWebhook(workflowId, trigger.type);
  await deps.db
    .insertInto('engine_hooks')
    .values({ workflow_id: workflowId, account_id: accountId, webhook_id: newWebhookId(), secret_sealed: null })
    .onConflict((oc) => oc.column('workflow_id').doNothing())
    .execute();
  const hook = await deps.db.selectFrom('engine_hooks').selectAll().where('workflow_id', '=', workflowId).executeTakeFirstOrThrow();
  return { hook, trigger };
}

export async function getHook(deps: Deps, accountId: string, workflowId: string) {
  const { hook, trigger } = await ensureHook(deps, accountId, workflowId);
  return hookView(deps, hook, trigger);
}

/** A new random secret, returned this once; earlier signatures stop verifying at once. */
export async function rotateHookSecret(deps: Deps, accountId: string, actor: Actor, workflowId: string) {
  const { trigger } = await ensureHook(deps, accountId, workflowId);
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const hook = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('engine_hooks')
      .set({ secret_sealed: sealSecret(deps.config.encryptionKey, secret), updated_at: new Date() })
      .where('workflow_id', '=', workflowId)
      .where('account_id', '=', accountId)
      .returningAll()
      .executeTakeFirstOrThrow();
    // The diff never carries the secret, only that one now exists.
    await recordAudit(trx, { accountId, workflowId, action: 'webhook.secret_rotated', summary: 'Webhook signing secret generated', actor, before: undefined, after: { signed: true } });
    return row;
  });
  return { ...hookView(deps, hook, trigger), secret };
}

export async function clearHookSecret(deps: Deps, accountId: string, actor: Actor, workflowId: string) {
  const { trigger } = await ensureHook(deps, accountId, workflowId);
  const hook = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('engine_hooks')
      .set({ secret_sealed: null, updated_at: new Date() })
      .where('workflow_id', '=', workflowId)
      .where('account_id', '=', accountId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { accountId, workflowId, action: 'webhook.secret_cleared', summary: 'Generated webhook signing secret removed', actor, before: { generated_secret: true }, after: { generated_secret: false } });
    return row;
  });
  return hookView(deps, hook, trigger);
}

/** What the public endpoint needs: the hook, its live workflow and the secret to check, if any. */
export async function resolvePublicHook(deps: Deps, webhookId: string) {
  const hook = await deps.db.selectFrom('engine_hooks').selectAll().where('webhook_id', '=', webhookId).executeTakeFirst();
  if (!hook) return undefined;
  const workflow = await deps.db.selectFrom('workflows').selectAll().where('id', '=', hook.workflow_id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!workflow) return undefined;
  const trigger = await currentTrigger(deps, workflow);
  if (trigger.type !== 'webhook') return undefined;
  const secret = hook.secret_sealed ? openSecret(deps.config.encryptionKey, hook.secret_sealed) : (trigger.config.secret ?? null);
  return { hook, workflow, trigger, secret };
}
