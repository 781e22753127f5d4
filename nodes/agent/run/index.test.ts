// agent.run: its documented params and defaults, and its workflow handler over a fake WorkflowNodeApi
// (the loop itself is exercised on the real stack by test/engine/ai).
import { describe, expect, it } from 'vitest';
import { NodeError } from '../../../src/engine/contract/node-error';
import { getNode } from '../../index';
import { fakeWorkflowApi } from '../../_lib/workflow-node-testing';
import { agentParams, runAgent } from './workflow';

describe('agent.run', () => {
  it('takes the documented params with their defaults and is run by the workflow', () => {
    const node = getNode('agent.run')!;
    expect(node.execution).toBe('workflow');
    expect(node.params.parse({ model: 'atelier-local', prompt: 'hi' })).toEqual({
      model: 'atelier-local', system: '', prompt: 'hi', tools: [], tool_strategy: 'auto', max_steps: 15, usd_cap: null, temperature: 0.7,
    });
    expect(() => node.params.parse({ prompt: 'hi' })).toThrow();
    expect(() => node.params.parse({ model: 'm', prompt: 'hi', tool_strategy: 'sometimes' })).toThrow();
    expect(() => node.params.parse({ model: 'm', prompt: 'hi', tools: ['not a tool id'] })).toThrow();
    expect((node.params.parse({ model: 'm', prompt: 'hi', tools: ['http_get', 'workflow:lookup', 'mcp:mcp_1:get-sum'] }) as { tools: string[] }).tools).toHaveLength(3);
  });

  it('runs the agentRun child and emits its result, with the cost as the node charge', async () => {
    const result = { text: 'done', stop_reason: 'completed', steps: [{ step: 1, kind: 'model', text: 'done', tool_calls: [], usd_charged: 0.0001 }], model: 'atelier-local', model_calls: 1, tool_calls: 0, usage: { prompt_tokens: 3, completion_tokens: 1 }, usd_charged: 0.0001, usdChargedMicros: 100 };
    const api = fakeWorkflowApi({}, { agentRun: result });
    const out = await runAgent(api, { model: 'atelier-local', prompt: 'say hi', tools: ['http_get', 'http_get'] }, {});
    expect(api.children).toEqual([{ workflowType: 'agentRun', id: 'run-1:n1:agent:0', arg: expect.objectContaining({ nodeId: 'n1', params: expect.objectContaining({ tools: ['http_get'], max_steps: 15, usd_cap: null }) }) }]);
    expect(out.usdChargedMicros).toBe(100);
    expect(out.output.main).toMatchObject({ text: 'done', stop_reason: 'completed', steps: 1, trace: result.steps });
  });

  it('fails on params a template turned into something else', () => {
    expect(() => agentParams({ model: 'm', prompt: '' })).toThrow(NodeError);
    expect(() => agentParams({ model: 'm', prompt: 'x', max_steps: 0 })).toThrow(/max_steps/);
    expect(() => agentParams({ model: 'm', prompt: 'x', usd_cap: -1 })).toThrow(/usd_cap/);
  });
});
