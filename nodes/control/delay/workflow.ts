// control.delay in the engineRun workflow: a durable timer, then the input passed on.
import { NodeError, passThrough, type WorkflowNodeHandler } from '../../../src/engine/node-sdk/workflow';

export const runDelay: WorkflowNodeHandler = async (api, params, inputs) => {
  const seconds = Number(params.seconds ?? 0);
  if (!Number.isFinite(seconds) || seconds < 0) throw new NodeError('control.delay: seconds must be a non-negative number', { type: 'invalid_params' });
  await api.sleep(seconds * 1000);
  return { output: { main: passThrough(inputs) } };
};
