// The `system` category: one folder per node type, each registered here as `system/<folder>`.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { systemInfo } from './info/index';
import { systemLog } from './log/index';
import { systemRunMetadata } from './run-metadata/index';
import { systemVariablesGet } from './variables-get/index';
import { systemWaitUntil } from './wait-until/index';

export const systemNodes: Record<string, NodeDefinition[]> = {
  'system/info': [systemInfo],
  'system/log': [systemLog],
  'system/run-metadata': [systemRunMetadata],
  'system/variables-get': [systemVariablesGet],
  'system/wait-until': [systemWaitUntil],
};
