// trigger.schedule, trigger.webhook and trigger.event executed through the shared harness (the
// run row lookup for the trigger type is exercised end to end in nodes/control/engine-e2e.test.ts).
import { describe, expect, it } from 'vitest';
import { harness, run, undescribedParams } from '../_lib/harness';

describe('trigger nodes', () => {
  it('trigger.schedule emits the schedule input and when it fired, in its zone', async () => {
    const r = await run('trigger.schedule', { cron: '0 9 * * 1', timezone: 'Asia/Tokyo' }, {}, harness({ runInput: { report: 'weekly' } }));
    expect(r.output.main).toEqual({ report: 'weekly' });
    const t = r.output.trigger as Record<string, unknown>;
    expect(t).toMatchObject({ run_id: 'run_test', workflow_id: 'wf_test', cron: '0 9 * * 1', timezone: 'Asia/Tokyo', type: null, sandbox: false });
    const fired = new Date(t.fired_at as string);
    expect(Math.abs(fired.getTime() - Date.now())).toBeLessThan(5000);
    const tokyo = new Date(fired.getTime() + 9 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
    expect(t.fired_local as string).toContain(tokyo);
  });

  it('trigger.webhook emits the body and enforces required fields', async () => {
    const h = harness({ runInput: { order: { id: 7 }, email: 'a@b.c' } });
    const r = await run('trigger.webhook', { required_fields: ['order.id', 'email'] }, {}, h);
    expect(r.output.main).toEqual({ order: { id: 7 }, email: 'a@b.c' });
    expect(r.output.trigger).toMatchObject({ run_id: 'run_test' });
    await expect(run('trigger.webhook', { required_fields: ['order.total', 'email'] }, {}, h)).rejects.toMatchObject({ type: 'invalid_input', message: expect.stringContaining('order.total') });
  });

  it('trigger.event passes matching events on main and others on ignored', async () => {
    const event = { event: 'order.created', data: { total: 120 } };
    const match = await run('trigger.event', { event: 'order.*', conditions: [{ field: 'data.total', operator: 'gte', value: 100 }] }, {}, harness({ runInput: event }));
    expect(Object.keys(match.output).sort()).toEqual(['main', 'trigger']);
    expect(match.output.main).toEqual(event);
    expect(match.output.trigger).toMatchObject({ event: 'order.created' });
    const small = await run('trigger.event', { event: 'order.created', conditions: [{ field: 'data.total', operator: 'gte', value: 500 }] }, {}, harness({ runInput: event }));
    expect(small.output.ignored).toEqual(event);
    expect(small.output.main).toBeUndefined();
    const other = await run('trigger.event', { event: 'invoice.paid' }, {}, harness({ runInput: event }));
    expect(other.output.ignored).toEqual(event);
  });

  it('describes every param', () => {
    for (const t of ['trigger.schedule', 'trigger.webhook', 'trigger.event']) expect(undescribedParams(t), t).toEqual([]);
  });
});
