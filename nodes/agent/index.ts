// The `agent` category: one folder per node type, each registered here as `agent/<folder>`.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { agentCritique } from './critique/index';
import { agentDecide } from './decide/index';
import { agentPlan } from './plan/index';
import { agentRun } from './run/index';

export const agentNodes: Record<string, NodeDefinition[]> = {
  'agent/critique': [agentCritique],
  'agent/decide': [agentDecide],
  'agent/plan': [agentPlan],
  'agent/run': [agentRun],
};
