// What a run's start asks of the features that govern it, handed in at the composition root
// (Deps.runAdmission, wired in src/runtime.ts): canary routing (src/engine/canary/routing.ts)
// and rate-policy admission (src/engine/rate-policies/admission.ts). The run kernel (./service.ts
// startRun) calls them through this, so it imports neither feature and neither imports it back.
// `D` is the process's Deps (src/deps.ts carries this, so this file cannot import Deps itself).
import type { Database } from '../../infra/db/index';
import type { StartRunRequest } from './start-request';

/** Which workflow of which account a run starts. */
export interface AdmissionScope {
  accountId: string;
  workflowId: string;
}

export interface RunAdmission<D, Policy = unknown> {
  /**
   * The request the run starts with: another version and plan (with an `onInsert` recording the
   * arm taken) when the workflow's canary rule says so, else `request` itself.
   */
  route(deps: D, request: StartRunRequest, runId: string): Promise<StartRunRequest>;
  /** The workflow's rate policy when it limits anything (read before the insert's transaction, which only a policy needs). */
  policy(db: Database, scope: AdmissionScope): Promise<Policy | undefined>;
  /** Admits the run under that policy inside the transaction that inserts it; throws 429 when over. */
  admit(deps: D, trx: Database, scope: AdmissionScope, policy: Policy): Promise<void>;
}
