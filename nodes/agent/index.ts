// The `agent` category: one folder per node type, each registered here as `agent/<folder>`.
// `agent.run` (the tool-using agent loop) is reserved for the AI issue.
import type { NodeDefinition } from '../../src/engine/types';
import { agentCritique } from './critique/index';
import { agentDecide } from './decide/index';
import { agentPlan } from './plan/index';

export const agentNodes: Record<string, NodeDefinition[]> = {
  'agent/critique': [agentCritique],
  'agent/decide': [agentDecide],
  'agent/plan': [agentPlan],
};
