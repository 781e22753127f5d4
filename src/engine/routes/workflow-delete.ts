// DELETE /v1/workflows/{id} with its audit entry in the same transaction, then the workflow's
// schedules removed (records and Temporal Schedules): a deleted workflow is never fired again.
import type { Deps } from '../../deps';
import { deleteTemporalSchedule } from '../schedules/temporal-schedule';
import { deleteWorkflow, workflowAuditState } from '../workflows/service';
import { ownedWorkflow } from '../workflow-lookup';
import { recordAudit, type Actor } from '../audit/audit-service';

export async function deleteWorkflowAudited(deps: Deps, accountId: string, actor: Actor, workflowId: string) {
  const result = await deps.db.transaction().execute(async (trx) => {
    const row = await ownedWorkflow(trx, accountId, workflowId, { lock: true });
    const version = await trx.selectFrom('workflow_versions').selectAll().where('workflow_id', '=', row.id).where('version', '=', row.current_version).executeTakeFirstOrThrow();
    const deleted = await deleteWorkflow(trx, accountId, workflowId);
    await recordAudit(trx, { accountId, workflowId, action: 'workflow.deleted', actor, summary: `Workflow "${row.name}" deleted`, before: workflowAuditState(row, version), after: undefined });
    return deleted;
  });
  const schedules = await deps.db.deleteFrom('engine_schedules').where('workflow_id', '=', workflowId).where('account_id', '=', accountId).returning('temporal_schedule_id').execute();
  for (const s of schedules) {
    // A schedule left behind by a Temporal hiccup removes itself when it next fires.
    await deleteTemporalSchedule(deps, s.temporal_schedule_id).catch((err) => deps.logger.warn({ err, workflowId }, 'could not delete the Temporal Schedule of a deleted workflow'));
  }
  return result;
}
