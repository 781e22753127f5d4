// control.wait_webhook: its definition, and its workflow handler over a fake WorkflowNodeApi.
import { describe, expect, it } from 'vitest';
import { NodeError } from '../../../src/engine/contract/node-error';
import { getNode } from '../../index';
import { fakeWorkflowApi } from '../../_lib/workflow-node-testing';
import { runWaitWebhook } from './workflow';

describe('control.wait_webhook', () => {
  it('is run by the workflow and emits on main', () => {
    const hook = getNode('control.wait_webhook')!;
    expect(hook.execution).toBe('workflow');
    expect(hook.outputs.map((p) => p.name)).toEqual(['main']);
  });

  it('emits the webhook payload without the node_id that addressed it', async () => {
    const api = fakeWorkflowApi({ webhook: [{ node_id: 'n1', x: 1 }] });
    expect(await runWaitWebhook(api, {}, {})).toEqual({ output: { main: { x: 1 } } });
    expect(api.waits).toEqual([{ signal: 'webhook', timeoutS: undefined }]);
  });

  it('fails the node when timeout_s passes without a signal', async () => {
    const err = await runWaitWebhook(fakeWorkflowApi(), { timeout_s: 2 }, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NodeError);
    expect(err).toMatchObject({ type: 'webhook_timeout', message: 'no webhook signal within 2 s' });
  });
});
