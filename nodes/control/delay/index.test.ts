// control.delay: its definition, and its workflow handler over a fake WorkflowNodeApi.
import { describe, expect, it } from 'vitest';
import { NodeError } from '../../../src/engine/contract/node-error';
import { getNode } from '../../index';
import { fakeWorkflowApi } from '../../_lib/workflow-node-testing';
import { runDelay } from './workflow';

describe('control.delay', () => {
  it('is run by the workflow, with seconds from 0 up to 30 days', () => {
    const delay = getNode('control.delay')!;
    expect(delay.execution).toBe('workflow');
    expect(delay.params.parse({ seconds: 2.5 })).toEqual({ seconds: 2.5 });
    expect(() => delay.params.parse({ seconds: -1 })).toThrow();
  });

  it('sleeps on a durable timer, then passes its input on main', async () => {
    const api = fakeWorkflowApi();
    expect(await runDelay(api, { seconds: 1.5 }, { up: { v: 1 } })).toEqual({ output: { main: { v: 1 } } });
    expect(await runDelay(api, { seconds: 0 }, { a: 1, b: 2 })).toEqual({ output: { main: { a: 1, b: 2 } } });
    expect(api.sleeps).toEqual([1500, 0]);
  });

  it('fails on seconds a template turned into something else', async () => {
    const api = fakeWorkflowApi();
    const err = await runDelay(api, { seconds: 'soon' }, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NodeError);
    expect(err).toMatchObject({ type: 'invalid_params' });
    expect(api.sleeps).toEqual([]);
  });
});
