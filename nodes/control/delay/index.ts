import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';

const params = z.object({
  seconds: z.number().min(0).max(30 * 24 * 3600).describe('How long the run waits (a durable Temporal timer)'),
});

/** A durable timer: the engineRun workflow sleeps; `execute` is not called by the executor. */
export const controlDelay: NodeDefinition<typeof params> = {
  type: 'control.delay',
  version: 1,
  category: 'control',
  name: 'Delay',
  description: 'Waits `seconds` on a durable Temporal timer (survives restarts), then passes its input on `main` (the single upstream value, or the inputs keyed by source id).',
  tags: ['timer', 'wait'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The input, after the delay.' }],
  execution: 'workflow',
};
