// Test support for the nodes the engineRun workflow runs itself: a WorkflowNodeApi that records
// timers and answers signal waits from a queue, so a handler (nodes/<category>/<name>/workflow.ts)
// can be tested as the plain function it is. The real thing is exercised by test/engine/runs.
import type { WaitableSignal, WorkflowNodeApi } from '../../src/engine/node-sdk';

export interface FakeWorkflowApi extends WorkflowNodeApi {
  sleeps: number[];
  waits: Array<{ signal: WaitableSignal; timeoutS: number | undefined }>;
  notes: string[];
  children: Array<{ workflowType: string; arg: unknown; id: string }>;
}

/** `signals[name]` are delivered in order; a wait with none left times out (resolves undefined). */
export function fakeWorkflowApi(
  signals: Partial<Record<WaitableSignal, Array<Record<string, unknown>>>> = {},
  /** What a child workflow returns, by workflow type (executeChild). */
  childResults: Record<string, unknown> = {},
): FakeWorkflowApi {
  const api: FakeWorkflowApi = {
    nodeId: 'n1',
    run: { runId: 'run-1', accountId: 'acct-1', workflowId: 'wf-1', generation: 0, sandbox: false, behaviour: 6 },
    sleeps: [],
    waits: [],
    notes: [],
    children: [],
    async executeChild<A, R>(workflow: (arg: A) => Promise<R>, arg: A, opts: { id: string }): Promise<R> {
      const workflowType = workflow.name;
      api.children.push({ workflowType, arg, id: opts.id });
      if (!(workflowType in childResults)) throw new Error(`no child result for ${workflowType}`);
      return childResults[workflowType] as R;
    },
    async sleep(ms) {
      api.sleeps.push(ms);
    },
    async condition(fn) {
      return fn();
    },
    async waitForSignal(signal, timeoutS, accept) {
      api.waits.push({ signal, timeoutS });
      const queue = signals[signal] ?? [];
      const i = queue.findIndex((p) => !accept || accept(p));
      return i < 0 ? undefined : queue.splice(i, 1)[0];
    },
    log(message) {
      api.notes.push(message);
    },
  };
  return api;
}
