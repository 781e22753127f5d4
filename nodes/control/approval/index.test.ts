// control.approval: its definition, and its workflow handler over a fake WorkflowNodeApi.
import { describe, expect, it } from 'vitest';
import { getNode } from '../../index';
import { fakeWorkflowApi } from '../../_lib/workflow-node-testing';
import { runApproval } from './workflow';

describe('control.approval', () => {
  it('is run by the workflow and routes to approved or rejected', () => {
    const approval = getNode('control.approval')!;
    expect(approval.execution).toBe('workflow');
    expect(approval.params.parse({})).toEqual({ default: 'rejected' });
    expect(approval.params.parse({ timeout_s: 60, default: 'approved' })).toEqual({ timeout_s: 60, default: 'approved' });
    expect(approval.outputs.map((p) => p.name)).toEqual(['approved', 'rejected']);
  });

  it('checks the quorum against the approvers named, link labels, reminder channels and form fields', () => {
    const params = getNode('control.approval')!.params;
    const issues = (p: Record<string, unknown>) => (params.safeParse(p).error?.issues ?? []).map((i) => i.path.join('.'));
    expect(issues({ approvers: ['ada@example.com'], quorum: 2 })).toEqual(['quorum']);
    expect(issues({ approvers: ['ada@example.com'], links: ['partner'], quorum: 2, reject: 'quorum' })).toEqual([]);
    expect(issues({ quorum: 3 })).toEqual([]);
    expect(issues({ links: ['partner', 'partner'] })).toEqual(['links']);
    expect(issues({ remind: { after_s: 0 } })).toEqual(['remind']);
    expect(issues({ remind: { after_s: 0, every_s: 5, webhook_url: 'https://example.com/r' } })).toEqual(['remind.every_s']);
    expect(issues({ form: { fields: [{ name: 'x', type: 'select', label: 'X' }] } })).toEqual(['form.fields.0.options']);
  });

  it('emits the approve payload (without its node_id) on the port it chooses', async () => {
    const api = fakeWorkflowApi({ approve: [{ approved: true, by: 'ada', node_id: 'n1' }, { approved: false, why: 'no' }] });
    expect(await runApproval(api, { timeout_s: 30 }, {})).toEqual({ output: { approved: { approved: true, by: 'ada' } } });
    expect(await runApproval(api, {}, {})).toEqual({ output: { rejected: { approved: false, why: 'no' } } });
    expect(api.waits).toEqual([{ signal: 'approve', timeoutS: 30 }, { signal: 'approve', timeoutS: undefined }]);
    expect(api.notes).toEqual([]);
  });

  it('a governed approval (approvers, links, quorum or form) takes only its request\'s decision, never a raw signal', async () => {
    const raw = { approved: true, decided_by: 'forged', values: { budget: 1e9 } };
    const decided = { approved: false, approval_id: 'apr_1', decided_by: 'ada@example.com', values: {} };
    for (const params of [{ approvers: ['ada@example.com'] }, { links: ['legal'] }, { quorum: 2 }, { form: { fields: [{ name: 'b', type: 'number', label: 'B' }] } }]) {
      const api = fakeWorkflowApi({ approve: [raw, decided] });
      expect(await runApproval(api, params, {})).toEqual({ output: { rejected: decided } });
    }
    // A plain approval still takes the raw signal, and a run started before behaviour 6 replays as it ran.
    expect(await runApproval(fakeWorkflowApi({ approve: [raw] }), {}, {})).toEqual({ output: { approved: raw } });
    const older = fakeWorkflowApi({ approve: [raw] });
    (older.run as { behaviour: number }).behaviour = 5;
    expect(await runApproval(older, { approvers: ['ada@example.com'] }, {})).toEqual({ output: { approved: raw } });
  });

  it('lets `default` decide when timeout_s passes without a signal, and says so in the logs', async () => {
    const api = fakeWorkflowApi();
    expect(await runApproval(api, { timeout_s: 5, default: 'approved' }, {})).toEqual({ output: { approved: {} } });
    expect(await runApproval(api, { timeout_s: 5 }, {})).toEqual({ output: { rejected: {} } });
    expect(api.notes).toEqual(['no approval within 5 s: default approved', 'no approval within 5 s: default rejected']);
  });
});
