// control.approval in the engineRun workflow: waits for the `approve` signal; `default` decides
// when timeout_s passes first.
import type { WorkflowNodeHandler } from '../../../src/engine/node-sdk/workflow';

export const runApproval: WorkflowNodeHandler = async (api, params) => {
  const timeoutS = typeof params.timeout_s === 'number' ? params.timeout_s : undefined;
  const payload = await api.waitForSignal('approve', timeoutS);
  if (!payload) api.log(`no approval within ${timeoutS} s: default ${String(params.default ?? 'rejected')}`);
  const approved = payload ? payload.approved === true : params.default === 'approved';
  // `node_id` only addressed the signal to this node; like wait_webhook, it is not output.
  const { node_id: _addressed, ...decision } = payload ?? {};
  return { output: approved ? { approved: decision } : { rejected: decision } };
};
