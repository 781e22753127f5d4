// logic.noop inside the engineRun workflow task (a PureNodeHandler): its input, passed on.
import { passThrough, type PureNodeHandler } from '../../../src/engine/node-sdk/workflow';

export const evaluateLogicNoop: PureNodeHandler = (params, inputs) => {
  // `note` (≤ 2000 characters) has no effect; anything its schema would refuse goes to the activity.
  if (params.note !== undefined && (typeof params.note !== 'string' || params.note.length > 2000)) return undefined;
  return { output: { main: passThrough(inputs) } };
};
