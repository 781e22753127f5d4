// The node SDK, sandbox side: what node code that runs inside the engineRun workflow (a node's
// workflow.ts handler, and anything it loads) may import from src/. Values come only from the
// workflow sandbox's homes (deterministic, no I/O); everything else is a type.
export { NodeError } from '../../contract/node-error';
export { isPlainRecord, jsonEqual, passThrough } from '../../contract/node-io';
export { stringify } from '../../contract/templates';
export { isGovernedApproval } from '../../contract/approval';
export { agentRun, type AgentParams, type AgentRunInput, type AgentRunResult } from '../../contract/agent';
export type { LogLevel, NodeContext, NodeDefinition, NodeRegistry, NodeResult, PortSpec } from '../../contract/types';
export type { PureNodeHandler, WaitableSignal, WorkflowNodeApi, WorkflowNodeHandler } from '../../workflows/workflow-node';
