// The system category's new nodes through the shared harness.
import { describe, expect, it } from 'vitest';
import { harness, main, run, undescribedParams } from '../_lib/harness';

describe('system nodes', () => {
  it('system.variables_get reads workflow variables with defaults', async () => {
    const h = harness({ variables: { api: { base: 'https://x' }, n: 3 } });
    expect(await main('system.variables_get', {}, {}, h)).toEqual({ api: { base: 'https://x' }, n: 3 });
    expect(await main('system.variables_get', { names: ['api.base', 'missing', 'dflt'], defaults: { dflt: 9 } }, {}, h)).toEqual({ 'api.base': 'https://x', missing: null, dflt: 9 });
    await expect(main('system.variables_get', { names: ['missing'], required: true }, {}, h)).rejects.toMatchObject({ type: 'invalid_input' });
  });

  it('system.run_metadata describes the run', async () => {
    const h = harness({ variables: { b: 1, a: 2 }, runInput: { q: 1 } });
    const m = (await main('system.run_metadata', { include_input: true }, {}, h)) as Record<string, unknown>;
    expect(m).toMatchObject({ run_id: 'run_test', workflow_id: 'wf_test', node_id: 'n1', attempt: 1, sandbox: false, variables: ['a', 'b'], input: { q: 1 } });
    expect(Date.parse(m.now as string)).toBeGreaterThan(Date.now() - 5000);
  });

  it('system.wait_until waits with heartbeats, continues at once for a past time, stops on cancel', async () => {
    const h = harness();
    const t0 = Date.now();
    expect(await main('system.wait_until', { until: new Date(t0 + 400).toISOString() }, { up: 'v' }, h)).toBe('v');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(380);
    expect(h.heartbeats.length).toBeGreaterThan(0);
    expect(h.heartbeats[0]).toMatchObject({ until: new Date(t0 + 400).toISOString() });
    const t1 = Date.now();
    await main('system.wait_until', { until: t1 - 1000 }, {});
    expect(Date.now() - t1).toBeLessThan(200);
    await expect(main('system.wait_until', { until: Date.now() + 3_600_000, max_wait_s: 60 })).rejects.toMatchObject({ type: 'invalid_input' });
    const c = harness();
    setTimeout(() => c.abort.abort(), 100);
    await expect(main('system.wait_until', { until: Date.now() + 30_000 }, {}, c)).rejects.toMatchObject({ type: 'cancelled' });
  });

  it('system.info reports worker facts and no environment', async () => {
    const r = await run('system.info');
    const info = r.output.main as Record<string, unknown>;
    expect(info).toMatchObject({ node_version: process.versions.node, platform: process.platform, arch: process.arch });
    expect(info.cpus).toBeGreaterThan(0);
    const text = JSON.stringify(info);
    for (const secretish of [process.env.HOME, process.env.PATH, process.env.TEST_DATABASE_URL].filter(Boolean)) expect(text).not.toContain(secretish);
  });

  it('describes every param', () => {
    for (const t of ['system.variables_get', 'system.run_metadata', 'system.wait_until', 'system.info']) expect(undescribedParams(t), t).toEqual([]);
  });
});
