import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/types';

const params = z.object({
  /** How long to wait for the `approve` signal; absent = wait for ever (bounded by max_execution_time_s). */
  timeout_s: z.number().positive().max(30 * 24 * 3600).optional().describe('Seconds to wait for the approve signal before `default` applies'),
  /** The decision when timeout_s passes without a signal. */
  default: z.enum(['approved', 'rejected']).default('rejected').describe('Decision taken when no one answers in time'),
  /** Shown to the approver (e.g. in the UI). */
  message: z.string().optional().describe('Shown to the approver'),
});

/**
 * Waits durably for `POST /v1/runs/{id}/signals/approve` with `{payload:{approved:true|false,…}}`;
 * implemented by the engineRun workflow (a Temporal signal + condition with timeout).
 */
export const controlApproval: NodeDefinition<typeof params> = {
  type: 'control.approval',
  version: 1,
  category: 'control',
  name: 'Approval',
  description: 'Waits for the `approve` signal: `payload.approved` true → port `approved`, false → `rejected`; after `timeout_s` without a signal, `default` decides. The emitted value is the signal payload.',
  tags: ['human-in-the-loop', 'signal', 'wait'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [
    { name: 'approved', description: 'The approve payload, when approved.' },
    { name: 'rejected', description: 'The approve payload, when rejected (or timed out with default rejected).' },
  ],
  execution: 'workflow',
};
