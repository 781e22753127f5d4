// control.approval in the engineRun workflow: waits for the `approve` signal; `default` decides
// when timeout_s passes first.
import { isGovernedApproval, type WorkflowNodeHandler } from '../../../src/engine/node-sdk/workflow';

/** A decision the approvals service sent for this node's request (it alone sets `approval_id`). */
const fromApprovalRequest = (payload: Record<string, unknown>) => typeof payload.approval_id === 'string';

export const runApproval: WorkflowNodeHandler = async (api, params) => {
  const timeoutS = typeof params.timeout_s === 'number' ? params.timeout_s : undefined;
  // Behaviour 6: an approval with approvers, a quorum or a form takes only its request's decision,
  // never a raw approve signal (older runs replay as they ran).
  const governed = api.run.behaviour >= 6 && isGovernedApproval(params);
  const payload = await api.waitForSignal('approve', timeoutS, governed ? fromApprovalRequest : undefined);
  if (!payload) api.log(`no approval within ${timeoutS} s: default ${String(params.default ?? 'rejected')}`);
  const approved = payload ? payload.approved === true : params.default === 'approved';
  // `node_id` only addressed the signal to this node; like wait_webhook, it is not output.
  const { node_id: _addressed, ...decision } = payload ?? {};
  return { output: approved ? { approved: decision } : { rejected: decision } };
};
