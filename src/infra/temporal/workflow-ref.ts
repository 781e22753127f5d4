// Workflows started by reference from outside the worker. Temporal's client takes a function's
// name as the workflow type; workflow code itself runs only in the worker's sandbox and must not
// load in the API process (src/ never imports workflows/), so each capability declares a stand-in
// with the registered name and the workflow's signature next to the types it starts it with.
// test/architecture/workflow-refs.test.ts checks every stand-in against workflows/index.ts.
import type { Workflow } from '@temporalio/common';

/** A typed stand-in for the workflow registered as `name`: pass it to `client.workflow.start`/`execute`, never call it. */
export function workflowRef<F extends Workflow>(name: string): F {
  const standIn = () => {
    throw new Error(`${name} is a workflow: start it through the Temporal client`);
  };
  Object.defineProperty(standIn, 'name', { value: name });
  return standIn as unknown as F;
}
