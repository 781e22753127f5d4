// Test support for the nodes the engineRun workflow runs itself: a WorkflowNodeApi that records
// timers and answers signal waits from a queue, so a handler (nodes/<category>/<name>/workflow.ts)
// can be tested as the plain function it is. The real thing is exercised by test/engine-runs.
import type { WaitableSignal, WorkflowNodeApi } from '../../src/engine/workflow-node';

export interface FakeWorkflowApi extends WorkflowNodeApi {
  sleeps: number[];
  waits: Array<{ signal: WaitableSignal; timeoutS: number | undefined }>;
  notes: string[];
}

/** `signals[name]` are delivered in order; a wait with none left times out (resolves undefined). */
export function fakeWorkflowApi(signals: Partial<Record<WaitableSignal, Array<Record<string, unknown>>>> = {}): FakeWorkflowApi {
  const api: FakeWorkflowApi = {
    nodeId: 'n1',
    sleeps: [],
    waits: [],
    notes: [],
    async sleep(ms) {
      api.sleeps.push(ms);
    },
    async condition(fn) {
      return fn();
    },
    async waitForSignal(signal, timeoutS) {
      api.waits.push({ signal, timeoutS });
      return signals[signal]?.shift();
    },
    log(message) {
      api.notes.push(message);
    },
  };
  return api;
}
