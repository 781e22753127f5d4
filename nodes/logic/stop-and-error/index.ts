import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';

const params = z.object({
  message: z.string().default('Workflow stopped by stop_and_error').describe('The error the node fails with'),
});

/** Fails on purpose; never retried. */
export const logicStopAndError: NodeDefinition<typeof params> = {
  type: 'logic.stop_and_error',
  version: 1,
  category: 'logic',
  name: 'Stop and error',
  description: 'Fails the node with `message` (not retried); the workflow\'s error_handler / continue_on_error decide what follows.',
  tags: ['error'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    throw new NodeError(p.message, { retryable: false, type: 'stop_and_error' });
  },
};
