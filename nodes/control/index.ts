// The `control` category: one folder per node type, each registered here as `control/<folder>`.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { controlApproval } from './approval/index';
import { controlDelay } from './delay/index';
import { controlSubWorkflow } from './sub-workflow/index';
import { controlWaitWebhook } from './wait-webhook/index';

export const controlNodes: Record<string, NodeDefinition[]> = {
  'control/approval': [controlApproval],
  'control/delay': [controlDelay],
  'control/sub-workflow': [controlSubWorkflow],
  'control/wait-webhook': [controlWaitWebhook],
};
