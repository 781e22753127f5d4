// control.wait_webhook in the engineRun workflow: waits for the `webhook` signal and emits its
// payload; with timeout_s, fails the node when nothing arrives in time.
import { NodeError, type WorkflowNodeHandler } from '../../../src/engine/node-sdk/workflow';

export const runWaitWebhook: WorkflowNodeHandler = async (api, params) => {
  const timeoutS = typeof params.timeout_s === 'number' ? params.timeout_s : undefined;
  const payload = await api.waitForSignal('webhook', timeoutS);
  if (!payload) throw new NodeError(`no webhook signal within ${timeoutS} s`, { type: 'webhook_timeout' });
  const { node_id: _target, ...rest } = payload;
  return { output: { main: rest } };
};
