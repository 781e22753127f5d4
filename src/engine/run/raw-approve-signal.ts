// The run's raw `approve` signal (POST /v1/runs/{id}/signals/approve) decides only a plain approval:
// one anyone in the account may decide alone, with no form. An approval with named approvers, link
// approvers, a quorum above one or a form is decided only through its request's decisions route,
// which checks who decides and what they enter; the signal that then reaches the node carries the
// request's id, which a caller of the raw signal may not set.
import type { Database } from '../../infra/db/index';
import type { Run } from '../../infra/db/schema/index';
import { coded } from '../../infra/http/errors';
import { APPROVAL_NODE_TYPE, isGovernedApproval } from '../contract/approval';
import type { RunPlan } from '../contract/types';

/** Refuses a raw approve signal that could decide a governed approval (409), or that forges a request id. */
export async function refuseGovernedRawApprove(db: Database, run: Pick<Run, 'id' | 'plan' | 'resumed_count'>, payload: Record<string, unknown>): Promise<void> {
  if (payload.approval_id !== undefined) {
    throw coded(409, 'approval_decisions_only', 'approval_id is set only by the approvals service: decide the request through POST /engine/v1/v1/approvals/{approval_id}/decisions.');
  }
  const plan = run.plan as RunPlan;
  const addressed = typeof payload.node_id === 'string' ? payload.node_id : undefined;
  const candidates = Object.entries(plan.nodes).filter(([id, n]) => n.type === APPROVAL_NODE_TYPE && (addressed === undefined || id === addressed));
  if (candidates.length === 0) return;
  const requests = await db
    .selectFrom('engine_approval_requests')
    .select(['id', 'node_id', 'status', 'approvers', 'link_approvers', 'quorum', 'form'])
    .where('run_id', '=', run.id)
    .where('generation', '=', run.resumed_count)
    .execute();
  const finished = new Set(requests.filter((r) => r.status !== 'pending').map((r) => r.node_id));
  for (const [nodeId, node] of candidates) {
    if (finished.has(nodeId)) continue;
    const open = requests.find((r) => r.node_id === nodeId && r.status === 'pending');
    const governed = open
      ? open.approvers.length > 0 || open.link_approvers.length > 0 || open.quorum > 1 || open.form !== null
      : isGovernedApproval(node.params);
    if (!governed) continue;
    const where = open ? `POST /engine/v1/v1/approvals/${open.id}/decisions` : 'its approval request (GET /engine/v1/v1/approvals) once the node waits';
    throw coded(409, 'approval_decisions_only', `Approval node "${nodeId}" has named approvers, a quorum or a form: decide it through ${where}, not the raw approve signal.`, {
      node_id: nodeId,
      ...(open ? { approval_id: open.id } : {}),
    });
  }
}
