import { ApprovalParams, type NodeDefinition } from '../../../src/engine/node-sdk';

const params = ApprovalParams;

/**
 * Waits durably for `POST /v1/runs/{id}/signals/approve` with `{payload:{approved:true|false,…}}`;
 * implemented by the engineRun workflow (a Temporal signal + condition with timeout). With
 * approvers, links, a quorum or a form, decisions go through /v1/approvals: the API records each
 * and sends the one `approve` signal once the outcome is decided (docs/approvals.md).
 */
export const controlApproval: NodeDefinition<typeof params> = {
  type: 'control.approval',
  version: 1,
  category: 'control',
  name: 'Approval',
  description: 'Waits for a decision: approvers (N of M, by e-mail, key or one-time link) decide through /v1/approvals, or the `approve` signal decides directly. Approved → port `approved`, rejected → `rejected`; after `timeout_s` without an outcome, `default` decides. The emitted value is the decision (approval id, decisions, form values).',
  tags: ['human-in-the-loop', 'signal', 'wait'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [
    { name: 'approved', description: 'The decision (or approve payload), when approved.' },
    { name: 'rejected', description: 'The decision (or approve payload), when rejected (or timed out with default rejected).' },
  ],
  execution: 'workflow',
};
