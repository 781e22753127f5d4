// trigger.manual inside the engineRun workflow task (a PureNodeHandler): `main` = the run's input.
import type { PureNodeHandler } from '../../../src/engine/node-sdk/workflow';

export const evaluateTriggerManual: PureNodeHandler = (_params, _inputs, run) => ({ output: { main: run.input ?? {} } });
