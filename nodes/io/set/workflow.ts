// io.set inside the engineRun workflow task (a PureNodeHandler): `main` = the resolved `values`.
import { isPlainRecord, type PureNodeHandler } from '../../../src/engine/node-sdk/workflow';

export const evaluateIoSet: PureNodeHandler = (params) => {
  const values = params.values === undefined ? {} : params.values;
  // Anything but a plain object goes to the activity, where the schema refuses it.
  if (!isPlainRecord(values)) return undefined;
  // The schema's record drops a `__proto__` key: leave that oddity to it.
  if (Object.prototype.hasOwnProperty.call(values, '__proto__')) return undefined;
  return { output: { main: values } };
};
