import type { Deps } from '../src/deps';
import type { AgentTool, ModelStepInput, ModelStepResult, ToolStepInput, ToolStepResult } from '../src/engine/contract/agent';
import { agentModelStep, agentResolveTools, agentToolStep } from '../src/engine/agent/steps';

/** The agent.run loop's activities (src/engine/agent/steps.ts); the agentRun workflow names each call by step. */
export function createEngineAgentActivities(deps: Deps) {
  return {
    agentResolveTools: (input: { accountId: string; toolIds: string[] }): Promise<AgentTool[]> => agentResolveTools(deps, input),
    agentModelStep: (input: ModelStepInput): Promise<ModelStepResult> => agentModelStep(deps, input),
    agentToolStep: (input: ToolStepInput): Promise<ToolStepResult> => agentToolStep(deps, input),
  };
}
