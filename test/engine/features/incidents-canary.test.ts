// Incidents: a failed run opens one; a replay resumes at the failing node with patched input and
// overridden params, reusing (not re-executing) the nodes before it. Canary: arms recorded on runs,
// sticky resolve, metrics from real runs, auto-rollback after the minimum sample with an audit entry.
import { describe, expect, it } from 'vitest';
import { createWorkflow, failingNode, httpNode, spec, startRun, waitFor, waitForRun, useEngineStack } from '../runs/helpers';

const fx = useEngineStack();

describe('incidents', () => {
  it('a failed run opens an incident; replay resumes at the failing node with patched input and params', async () => {
    const wf = await createWorkflow(fx.stack, spec(
      [
        { id: 'start', type: 'trigger.manual' },
        httpNode('a', fx.counter),
        failingNode('b', fx.counter),
        { id: 'c', type: 'io.set', params: { values: { n: '{{a.output.main.body.n}}', b: '{{b.output.main.status}}' } } },
      ],
      [['start', 'a'], ['a', 'b'], ['b', 'c']],
    ));
    const { run_id } = await startRun(fx.stack, wf, { order: 1 });
    expect((await waitForRun(fx.stack, run_id)).status).toBe('failed');
    expect(fx.counter.count('a')).toBe(1);

    const list = await waitFor('the incident', async () => {
      const r = await fx.stack.api('GET', `/engine/v1/v1/incidents?workflow_id=${wf}&status=unresolved`);
      return r.body.data.length ? r.body.data : undefined;
    });
    const incident = list[0];
    expect(incident).toMatchObject({ workflow_id: wf, run_id, node_id: 'b', node_type: 'http.request', status: 'unresolved' });
    expect(incident.error).toContain('404');
    expect(incident.node_input.a).toMatchObject({ status: 200, body: { id: 'a', n: 1 } });
    expect(incident.node_params.url).toContain('status=404');

    const other = await fx.stack.newAccount();
    expect((await fx.stack.api('GET', '/engine/v1/v1/incidents', { key: other.key })).body.data).toEqual([]);
    expect((await fx.stack.api('POST', `/engine/v1/v1/incidents/${incident.id}/replay`, { body: {}, key: other.key })).status).toBe(404);
    expect((await fx.stack.api('PATCH', `/engine/v1/v1/incidents/${incident.id}/status`, { body: { status: 'resolved' }, key: other.key })).status).toBe(404);
    const bad = await fx.stack.api('PATCH', `/engine/v1/v1/incidents/${incident.id}/status`, { body: { status: 'closed' } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'status']);

    const replay = await fx.stack.api('POST', `/engine/v1/v1/incidents/${incident.id}/replay`, {
      body: { patch_incoming: { a: { body: { id: 'a', n: 99 } } }, override_config: { url: `${fx.counter.url}/hit?id=b2` } },
    });
    expect(replay.status).toBe(201);
    expect(replay.body).toMatchObject({ replayed: true, incident_id: incident.id, node_id: 'b', status: 'queued' });
    const replayed = await waitForRun(fx.stack, replay.body.replayed_run_id);
    expect(replayed.status).toBe('completed');
    expect(replayed.retried_from).toBe(run_id);
    // `a` was reused with the patched value, not called again; `b` ran with the overridden url.
    expect(fx.counter.count('a')).toBe(1);
    expect(fx.counter.count('b2')).toBe(1);
    expect(replayed.node_outputs.a.output.main.body.n).toBe(99);
    expect(replayed.node_outputs.c.output.main).toEqual({ n: 99, b: 200 });

    const resolved = await fx.stack.api('PATCH', `/engine/v1/v1/incidents/${incident.id}/status`, { body: { status: 'resolved', resolution_note: 'fixed the url' } });
    expect(resolved.body).toMatchObject({ status: 'resolved', resolution_note: 'fixed the url', replay_count: 1, last_replayed_run_id: replay.body.replayed_run_id });
    expect(resolved.body.resolved_at).not.toBeNull();
    expect((await fx.stack.api('GET', `/engine/v1/v1/incidents?workflow_id=${wf}&status=unresolved`)).body.data).toEqual([]);
  });
});

describe('canary', () => {
  const stableSpec = spec([{ id: 'start', type: 'trigger.manual' }, { id: 'set', type: 'io.set', params: { values: { arm: 'stable' } } }], [['start', 'set']]);
  const canarySpec = spec([{ id: 'start', type: 'trigger.manual' }, { id: 'boom', type: 'logic.stop_and_error', params: { message: 'canary is broken' } }], [['start', 'boom']]);

  it('validates versions, resolves users stickily, records arms on runs, and rolls back a failing canary with an audit entry', async () => {
    const wf = await createWorkflow(fx.stack, stableSpec);
    const v1 = (await fx.stack.api('GET', `/engine/v1/v1/workflows/${wf}`)).body.version_hash as string;
    const v2 = (await fx.stack.api('PUT', `/engine/v1/v1/workflows/${wf}`, { body: { spec: canarySpec } })).body.version_hash as string;
    expect(v2).not.toBe(v1);

    const bad = await fx.stack.api('POST', `/engine/v1/v1/workflows/${wf}/canary`, { body: { canary_version: 'deadbeefdeadbeef', canary_weight_pct: 150 } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'canary_weight_pct']);
    const unknown = await fx.stack.api('POST', `/engine/v1/v1/workflows/${wf}/canary`, { body: { canary_version: 'deadbeefdeadbeef' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0].loc).toEqual(['body', 'canary_version']);

    const created = await fx.stack.api('POST', `/engine/v1/v1/workflows/${wf}/canary`, {
      body: { canary_version: v2, stable_version: v1, canary_weight_pct: 50, auto_rollback_error_threshold_pct: 20, sticky_sessions: true },
    });
    expect(created.status).toBe(201);
    expect(created.body.canary_config).toMatchObject({ canary_version: v2, stable_version: v1, canary_weight_pct: 50, is_active: true, sticky_sessions: true });
    expect(created.body.rollback_triggered).toBe(false);

    // Sticky: the same user always gets the same answer; over many users both arms appear.
    const answers = new Map<string, boolean>();
    for (let i = 0; i < 40; i++) {
      const r = (await fx.stack.api('POST', `/engine/v1/v1/workflows/${wf}/canary/resolve`, { body: { user_id: `user-${i}` } })).body;
      expect(r.workflow_id).toBe(wf);
      expect(r.selected_version).toBe(r.is_canary ? v2 : v1);
      answers.set(`user-${i}`, r.is_canary);
    }
    expect(new Set(answers.values()).size).toBe(2);
    const again = (await fx.stack.api('POST', `/engine/v1/v1/workflows/${wf}/canary/resolve`, { body: { user_id: 'user-7' } })).body;
    expect(again.is_canary).toBe(answers.get('user-7'));
    expect(again.reason).toContain('sticky');

    // Real runs, each user on its arm: canary users fail, stable users complete.
    const canaryUsers = [...answers].filter(([, c]) => c).map(([u]) => u).slice(0, 5);
    const stableUsers = [...answers].filter(([, c]) => !c).map(([u]) => u).slice(0, 3);
    expect(canaryUsers.length).toBe(5);
    const runs = [];
    for (const u of [...canaryUsers, ...stableUsers]) runs.push({ u, run: (await startRun(fx.stack, wf, { user_id: u })).run_id });
    for (const { u, run } of runs) {
      const done = await waitForRun(fx.stack, run);
      expect(done.status).toBe(canaryUsers.includes(u) ? 'failed' : 'completed');
    }
    const arms = await fx.stack.atelier.deps.db.selectFrom('engine_run_arms').select(['run_id', 'arm']).where('workflow_id', '=', wf).execute();
    expect(arms.filter((a) => a.arm === 'canary').length).toBe(5);
    expect(arms.filter((a) => a.arm === 'stable').length).toBe(3);

    const state = (await fx.stack.api('GET', `/engine/v1/v1/workflows/${wf}/canary`)).body;
    expect(state.metrics.canary).toMatchObject({ total_runs: 5, error_runs: 5, error_rate_pct: 100 });
    expect(state.metrics.stable).toMatchObject({ total_runs: 3, error_runs: 0, error_rate_pct: 0 });
    expect(state.metrics.stable.avg_duration_ms).toBeGreaterThanOrEqual(0);
    expect(state.rollback_triggered).toBe(true);
    expect(state.canary_config.is_active).toBe(false);
    expect(state.canary_config.rollback_reason).toContain('100%');

    const audit = (await fx.stack.api('GET', `/engine/v1/v1/audit/workflow/${wf}`)).body.data;
    const rollback = audit.find((a: { action: string }) => a.action === 'canary.auto_rollback');
    expect(rollback).toMatchObject({ actor_id: 'system' });
    expect(rollback.summary).toContain('20% threshold');
    expect(rollback.diff).toEqual(expect.arrayContaining([expect.objectContaining({ path: '/is_active', before: true, after: false })]));

    // After the rollback everyone runs stable, including former canary users.
    const after = await startRun(fx.stack, wf, { user_id: canaryUsers[0] });
    expect((await waitForRun(fx.stack, after.run_id)).node_outputs.set.output.main.arm).toBe('stable');
    expect((await fx.stack.api('POST', `/engine/v1/v1/workflows/${wf}/canary/resolve`, { body: { user_id: canaryUsers[0] } })).body).toMatchObject({ is_canary: false, selected_version: v1 });

    const other = await fx.stack.newAccount();
    expect((await fx.stack.api('GET', `/engine/v1/v1/workflows/${wf}/canary`, { key: other.key })).status).toBe(404);
    expect((await fx.stack.api('DELETE', `/engine/v1/v1/workflows/${wf}/canary`)).status).toBe(200);
    expect((await fx.stack.api('GET', `/engine/v1/v1/workflows/${wf}/canary`)).body.canary_config).toBeNull();
  });
});

describe('canary versions by number', () => {
  it('accepts the workflow\'s version numbers (2, "2", "v2") as well as hashes, and refuses numbers it does not have', async () => {
    const wf = await createWorkflow(fx.stack, spec([{ id: 'start', type: 'trigger.manual' }, { id: 'set', type: 'io.set', params: { values: { v: 1 } } }], [['start', 'set']]));
    const v1 = (await fx.stack.api('GET', `/engine/v1/v1/workflows/${wf}`)).body.version_hash as string;
    const v2 = (await fx.stack.api('PUT', `/engine/v1/v1/workflows/${wf}`, { body: { spec: spec([{ id: 'start', type: 'trigger.manual' }, { id: 'set', type: 'io.set', params: { values: { v: 2 } } }], [['start', 'set']]) } })).body.version_hash as string;
    // Rules keep the content hash, however the version was named.
    for (const [canary, stable] of [[2, 1], ['2', '1'], ['v2', v1.slice(0, 12)]] as const) {
      const r = await fx.stack.api('POST', `/engine/v1/v1/workflows/${wf}/canary`, { body: { canary_version: canary, stable_version: stable, canary_weight_pct: 30 } });
      expect(r.status, `${canary}/${stable}: ${r.text}`).toBe(201);
      expect(r.body.canary_config).toMatchObject({ canary_version: v2, stable_version: v1 });
    }
    // Without stable_version the current version (2) is the stable arm.
    const back = await fx.stack.api('POST', `/engine/v1/v1/workflows/${wf}/canary`, { body: { canary_version: 1 } });
    expect(back.status, back.text).toBe(201);
    expect(back.body.canary_config).toMatchObject({ canary_version: v1, stable_version: v2 });
    for (const [body, loc] of [
      [{ canary_version: 3 }, 'canary_version'], [{ canary_version: 0 }, 'canary_version'], [{ canary_version: -1 }, 'canary_version'],
      [{ canary_version: 2, stable_version: 99_999_999_999 }, 'stable_version'], [{ canary_version: 1.5 }, 'canary_version'], [{ canary_version: 'v9' }, 'canary_version'],
      [{ canary_version: 2, stable_version: 2 }, 'canary_version'],
    ] as const) {
      const r = await fx.stack.api('POST', `/engine/v1/v1/workflows/${wf}/canary`, { body });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.detail[0].loc, JSON.stringify(body)).toEqual(['body', loc]);
    }
  });
});

describe('re-run from a node', () => {
  it('starts a linked run at any node on a chosen version, reusing the nodes before it', async () => {
    const v1 = spec(
      [
        { id: 'start', type: 'trigger.manual' },
        httpNode('ra', fx.counter),
        { id: 'b', type: 'io.set', params: { values: { n: '{{ra.output.main.body.n}}', v: 1 } } },
        httpNode('rc', fx.counter),
      ],
      [['start', 'ra'], ['ra', 'b'], ['b', 'rc']],
    );
    const wf = await createWorkflow(fx.stack, v1);
    const { run_id } = await startRun(fx.stack, wf, {});
    expect((await waitForRun(fx.stack, run_id)).status).toBe('completed');
    const v2 = JSON.parse(JSON.stringify(v1).replace('"v":1', '"v":2'));
    expect((await fx.stack.api('PUT', `/engine/v1/v1/workflows/${wf}`, { body: { spec: v2 } })).body.version).toBe(2);

    const bad = await fx.stack.api('POST', `/engine/v1/v1/runs/${run_id}/rerun-from`, { body: { node_id: 'zz', version: 9 } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'version']);
    const r = await fx.stack.api('POST', `/engine/v1/v1/runs/${run_id}/rerun-from`, { body: { node_id: 'b', version: 2, patch_incoming: { ra: { body: { id: 'ra', n: 5 } } } } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ rerun_of: run_id, node_id: 'b', version: 2, status: 'queued', reused_nodes: ['ra', 'start'] });
    const rerun = await waitForRun(fx.stack, r.body.run_id);
    expect(rerun).toMatchObject({ status: 'completed', retried_from: run_id, version: 2 });
    expect(rerun.node_outputs.b.output.main).toEqual({ n: 5, v: 2 });
    expect(fx.counter.count('ra')).toBe(1);
    expect(fx.counter.count('rc')).toBe(2);
    const other = await fx.stack.newAccount();
    expect((await fx.stack.api('POST', `/engine/v1/v1/runs/${run_id}/rerun-from`, { body: { node_id: 'b' }, key: other.key })).status).toBe(404);
  });
});
