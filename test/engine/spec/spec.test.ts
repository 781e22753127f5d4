import { describe, expect, it } from 'vitest';
import { EdgeSpec, fastEdgeSpec, fastNodeSpec, isCronExpression, NodeSpec, WorkflowSpec } from '../../../src/engine/workflows/spec';
import { planWorkflow } from '../../../src/engine/workflows/planner';
import { nodeRegistry } from '../../../nodes/index';

describe('spec schemas', () => {
  it('apply the documented defaults', () => {
    const spec = WorkflowSpec.parse({ nodes: [{ id: 'a', type: 'io.set', position: [1, 2] }], edges: [{ id: 'e', source: 'a', target: 'b' }], trigger: { type: 'manual' } });
    expect(spec).toEqual({
      nodes: [{ id: 'a', type: 'io.set', position: [1, 2], params: {}, credentials: {}, retry: null, timeout_s: null, continue_on_error: false, disabled: false, notes: null }],
      edges: [{ id: 'e', source: 'a', source_port: 'main', target: 'b', target_port: 'main', animated: false }],
      variables: {},
      trigger: { type: 'manual', config: {} },
      max_execution_time_s: 3600,
      usd_cap: null,
      max_steps: 500,
      error_handler: 'stop',
    });
  });

  it('checks cron expressions', () => {
    for (const ok of ['* * * * *', '*/5 9-17 * * 1-5', '0 0 1,15 * *', '30 6 * jan-mar mon']) expect(isCronExpression(ok), ok).toBe(true);
    for (const bad of ['* * * *', 'every day', '* * * * * *', '60/ * * * *']) expect(isCronExpression(bad), bad).toBe(false);
  });

  it('checks each cron field against its bounds, and the timezone against the IANA names', () => {
    for (const ok of ['0 0 * * 0', '59 23 31 12 7', '0 9 * * mon,wed,FRI', '0 0 1 JAN *', '0-30/10 */2 1-7 1,6 sun-sat', '5,10 0 * * *']) {
      expect(isCronExpression(ok), ok).toBe(true);
    }
    for (const bad of ['99 99 * * *', '60 * * * *', '* 24 * * *', '* * 0 * *', '* * 32 * *', '* * * 13 *', '* * * * 8', '* * * foo *', '10-5 * * * *', '*/0 * * * *', '1-2-3 * * * *', '* * * * mon,xyz', ', * * * *']) {
      expect(isCronExpression(bad), bad).toBe(false);
    }
    const plan = (config: Record<string, unknown>) =>
      planWorkflow({ nodes: [{ id: 's', type: 'trigger.manual', position: [0, 0] }], edges: [], trigger: { type: 'schedule', config } }, nodeRegistry);
    expect(plan({ cron: '0 9 * * *', timezone: 'Europe/Warsaw' }).ok).toBe(true);
    expect(plan({ cron: '0 9 * * *', timezone: 'UTC' }).ok).toBe(true);
    for (const timezone of ['Mars/Base', 'Europe/Nowhere', 'not a zone']) {
      const r = plan({ cron: '0 9 * * *', timezone });
      expect(r.ok, timezone).toBe(false);
      if (!r.ok) expect(r.issues.map((i) => i.loc), timezone).toEqual([['body', 'spec', 'trigger', 'config', 'timezone']]);
    }
    const r = plan({ cron: '99 99 * * *' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.loc)).toEqual([['body', 'spec', 'trigger', 'config', 'cron']]);
  });

  // The planner's fast paths must agree with the zod schemas: same output when they accept,
  // and they must refuse (null → zod reports) whatever zod refuses.
  const nodes: unknown[] = [
    { id: 'a', type: 't', position: [0, 0] },
    { id: 'a-b_c9', type: 't', position: [1.5, -2], params: { x: 1 }, credentials: { slot: 'conn_1' }, retry: { max_attempts: 3 }, timeout_s: 10, continue_on_error: true, disabled: false, notes: 'n' },
    { id: 'a', type: 't', position: [0, 0], retry: { max_attempts: 2, backoff: 'fixed' }, timeout_s: null, notes: null },
    { id: 'a', type: 't', position: [0, 0], retry: null },
    { id: 'a', type: 't', position: [0, 0], extra: 1 },
    { id: 'a.b', type: 't', position: [0, 0] },
    { id: 'variables', type: 't', position: [0, 0] },
    { id: '', type: 't', position: [0, 0] },
    { id: 'a', type: '', position: [0, 0] },
    { id: 'a', type: 't', position: [0] },
    { id: 'a', type: 't', position: [0, Infinity] },
    { id: 'a', type: 't', position: [0, 0], params: [] },
    { id: 'a', type: 't', position: [0, 0], credentials: { s: 1 } },
    { id: 'a', type: 't', position: [0, 0], retry: { max_attempts: 0 } },
    { id: 'a', type: 't', position: [0, 0], retry: { max_attempts: 1.5 } },
    { id: 'a', type: 't', position: [0, 0], retry: { max_attempts: 2, backoff: 'linear' } },
    { id: 'a', type: 't', position: [0, 0], retry: { max_attempts: 2, jitter: true } },
    { id: 'a', type: 't', position: [0, 0], timeout_s: 0 },
    { id: 'a', type: 't', position: [0, 0], timeout_s: 10 ** 9 },
    { id: 'a', type: 't', position: [0, 0], disabled: 'no' },
    { id: 'a', type: 't', position: [0, 0], notes: 5 },
    null, 'a', [],
  ];
  const edges: unknown[] = [
    { id: 'e', source: 'a', target: 'b' },
    { id: 'e', source: 'a', source_port: 'true', target: 'b', target_port: 'main', animated: true },
    { id: 'e', source: 'a', target: 'b', label: 'x' },
    { id: '', source: 'a', target: 'b' },
    { id: 'e', source: 'a', target: 'b', source_port: '' },
    { id: 'e', source: 'a', target: 'b', animated: 1 },
    { id: 'e', source: 'a' },
    null,
  ];

  it.each(nodes.map((n) => [JSON.stringify(n), n]))('fastNodeSpec agrees with NodeSpec: %s', (_s, raw) => {
    const fast = fastNodeSpec(raw);
    const slow = NodeSpec.safeParse(raw);
    if (fast) expect(fast).toEqual(slow.data);
    // A valid node falls back to zod only when it carries keys the schema strips.
    else if (slow.success) expect(JSON.stringify(raw)).toMatch(/"(extra|jitter)"/);
  });

  it.each(edges.map((e) => [JSON.stringify(e), e]))('fastEdgeSpec agrees with EdgeSpec: %s', (_s, raw) => {
    const fast = fastEdgeSpec(raw);
    const slow = EdgeSpec.safeParse(raw);
    if (fast) expect(fast).toEqual(slow.data);
    else if (slow.success) expect(Object.keys(raw as object)).toContain('label');
  });
});
