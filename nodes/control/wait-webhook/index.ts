import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';

const params = z.object({
  /** How long to wait; absent = wait for ever (bounded by max_execution_time_s). Timing out fails the node. */
  timeout_s: z.number().positive().max(30 * 24 * 3600).optional().describe('Seconds to wait for the webhook signal before the node fails'),
});

/** Waits durably for `POST /v1/runs/{id}/signals/webhook`; implemented by the engineRun workflow. */
export const controlWaitWebhook: NodeDefinition<typeof params> = {
  type: 'control.wait_webhook',
  version: 1,
  category: 'control',
  name: 'Wait for webhook',
  description: 'Waits for the `webhook` signal and emits its `payload` on `main`; with `timeout_s`, fails the node when nothing arrives in time.',
  tags: ['signal', 'wait', 'webhook'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The webhook signal payload.' }],
  execution: 'workflow',
};
