// logic.merge inside the engineRun workflow task (a PureNodeHandler): the inputs by source node id.
import type { PureNodeHandler } from '../../../src/engine/node-sdk/workflow';

export const evaluateLogicMerge: PureNodeHandler = (params, inputs) => {
  if (params.mode !== undefined && params.mode !== 'all' && params.mode !== 'any') return undefined;
  return { output: { main: { ...inputs } } };
};
