// One object of each kind an account can own, made through the API, and which of their ids a
// route's path parameter takes. The fuzzer offers these ids to routes (deeper code runs); the
// isolation sweep probes one account's routes with the other account's ids.
import type { TestStack } from '../helpers/stack';

export interface Fixtures {
  accountId: string;
  key: string;
  /** Every id made, by kind. */
  byKind: Record<string, string>;
  ids: string[];
  /** Kinds that could not be made, with why (reported, and the isolation sweep fails on them). */
  failures: Record<string, string>;
  /** The id a path parameter takes (by the route's path and the parameter's name), if any. */
  idFor(param: string, path?: string): string | undefined;
}

/** A manual trigger followed by one node. */
const afterStart = (node: { id: string; type: string; params: Record<string, unknown> }) => ({
  nodes: [
    { id: 'start', type: 'trigger.manual', position: [0, 0], params: {} },
    { position: [200, 0], ...node },
  ],
  edges: [{ id: 'e0', source: 'start', target: node.id, source_port: 'main' }],
  trigger: { type: 'manual', config: {} },
});

const simpleSpec = (value = 'x') => afterStart({ id: 'set', type: 'io.set', params: { values: { v: value } } });

/** A run that waits on an approval (for an hour at most): anyone in the account decides, or only the link approvers named. */
const approvalSpec = (links?: string[]) =>
  afterStart({ id: 'gate', type: 'control.approval', params: { message: 'fixture approval', links, form: { fields: [{ name: 'note', type: 'text', label: 'Note' }] }, timeout_s: 3600 } });

/** A run whose node output is too large to carry inline: it is stored apart and served by its own route. */
const storedOutputSpec = afterStart({ id: 'big', type: 'code.javascript', params: { code: "return 'x'.repeat(300000);" } });

const failingSpec = afterStart({ id: 'boom', type: 'logic.stop_and_error', params: { message: 'fixture failure' } });

/** Which kind a path parameter names: by the route's path first, then by the parameter's name. */
const BY_PATH: Array<[RegExp, string, string]> = [
  [/\/console\/webhooks\/:id/, 'id', 'webhook'],
  [/\/output-destinations\/:id/, 'id', 'destination'],
  [/\/buckets\/:id/, 'id', 'bucket'],
  [/\/v1\/keys\/:id/, 'id', 'key'],
  [/\/public\/files\/:fileId/, 'fileId', 'file'],
  [/\/public\/files\/:fileId\/:name/, 'name', 'file_name'],
  [/\/hooks\/:webhook_id/, 'webhook_id', 'hook'],
  [/\/hooks\/:webhook_id\/\*path/, 'path', 'hook_path'],
  [/\/files\/\{\*key\}/, 'key', 'file_key'],
  [/\/workflows\/:workflow_id\/versions\/:version/, 'version', 'version'],
  [/\/runs\/:run_id\/signals\/:signal_name/, 'signal_name', 'signal_name'],
  [/\/tools\/workflow\/:workflow_id\/:tool_id/, 'tool_id', 'workflow_tool'],
  [/\/analytics\/criteria\/:id/, 'id', 'criterion'],
  [/\/analytics\/data-points\/:id/, 'id', 'data_point'],
  [/\/approvals\/:id\/links/, 'id', 'link_approval'],
  [/\/approvals\/:id/, 'id', 'approval'],
  [/\/approvals\/links\/:token/, 'token', 'approval_token'],
  [/\/runs\/:run_id\/nodes\/:node_id\/outputs\/:port/, 'run_id', 'stored_output_run'],
  [/\/runs\/:run_id\/nodes\/:node_id\/outputs\/:port/, 'node_id', 'stored_output_node'],
  [/\/runs\/:run_id\/nodes\/:node_id\/outputs\/:port/, 'port', 'stored_output_port'],
];

const BY_NAME: Record<string, string> = {
  workflow_id: 'workflow',
  run_id: 'run',
  schedule_id: 'schedule',
  connection_id: 'connection',
  test_id: 'test',
  incident_id: 'incident',
  template_id: 'template',
  node_type: 'node_type',
  keyId: 'key',
  key_id: 'key',
  rule_id: 'rule',
  asset_id: 'asset',
  agent_id: 'voice_agent',
  story_id: 'story',
  job_id: 'job',
  bucket_id: 's3_bucket',
  name: 'access_point',
  config_id: 'tiering_config',
  server_id: 'mcp_server',
  doc_id: 'knowledge_doc',
};

export function kindFor(param: string, path = ''): string | undefined {
  for (const [re, name, kind] of BY_PATH) if (name === param && re.test(path)) return kind;
  return BY_NAME[param];
}

export async function createFixtures(stack: TestStack, key: string, opts: { waitForRuns?: boolean; session?: string; imageUrl?: string } = {}): Promise<Fixtures> {
  const byKind: Record<string, string> = {};
  const failures: Record<string, string> = {};
  const api = (method: string, path: string, body?: unknown) => stack.api(method, path, { key, body });
  const make = async (kind: string, fn: () => Promise<string | undefined>) => {
    try {
      const id = await fn();
      if (id) byKind[kind] = id;
      else failures[kind] = 'no id';
    } catch (err) {
      failures[kind] = String(err).slice(0, 300);
    }
  };
  const ok = (r: { status: number; text: string }, what: string) => {
    if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text.slice(0, 200)}`);
  };

  /** Starts a run of an approval workflow and answers its request's id once the run reaches the node. */
  const waitingApproval = async (spec: ReturnType<typeof approvalSpec>) => {
    const w = await api('POST', '/engine/v1/v1/workflows', { name: 'fixture approval', spec });
    ok(w, 'approval workflow');
    const r = await api('POST', '/engine/v1/v1/runs', { workflow_id: w.body.id, input: {} });
    ok(r, 'approval run');
    for (let i = 0; i < 200; i++) {
      const list = await api('GET', `/engine/v1/v1/approvals?run_id=${r.body.run_id}`);
      ok(list, 'approvals');
      if (list.body.data?.[0]) return String(list.body.data[0].id);
      await new Promise((res) => setTimeout(res, 150));
    }
    throw new Error('the run opened no approval request');
  };

  await make('workflow', async () => {
    const r = await api('POST', '/engine/v1/v1/workflows', { name: 'fixture', spec: simpleSpec() });
    ok(r, 'workflow');
    const v2 = await api('PUT', `/engine/v1/v1/workflows/${r.body.id}`, { spec: simpleSpec('y') });
    ok(v2, 'workflow v2');
    byKind.version = String(v2.body.version ?? 1);
    byKind.version_hash = v2.body.version_hash;
    return r.body.id;
  });
  const wf = byKind.workflow;
  await Promise.all([
    make('run', async () => {
      const r = await api('POST', '/engine/v1/v1/runs', { workflow_id: wf, input: {} });
      ok(r, 'run');
      return r.body.run_id;
    }),
    make('failed_run', async () => {
      const f = await api('POST', '/engine/v1/v1/workflows', { name: 'fixture failing', spec: failingSpec });
      ok(f, 'failing workflow');
      byKind.failing_workflow = f.body.id;
      const r = await api('POST', '/engine/v1/v1/runs', { workflow_id: f.body.id, input: {} });
      ok(r, 'failing run');
      return r.body.run_id;
    }),
    make('approval', () => waitingApproval(approvalSpec())),
    make('link_approval', async () => {
      const id = await waitingApproval(approvalSpec(['fixture@example.com']));
      const r = await api('POST', `/engine/v1/v1/approvals/${id}/links`, { approver: 'fixture@example.com' });
      ok(r, 'approval link');
      byKind.approval_token = r.body.token;
      return id;
    }),
    make('stored_output_run', async () => {
      const w = await api('POST', '/engine/v1/v1/workflows', { name: 'fixture stored output', spec: storedOutputSpec });
      ok(w, 'stored output workflow');
      const r = await api('POST', '/engine/v1/v1/runs', { workflow_id: w.body.id, input: {} });
      ok(r, 'stored output run');
      byKind.stored_output_node = 'big';
      byKind.stored_output_port = 'main';
      return r.body.run_id;
    }),
    make('schedule', async () => {
      const r = await api('POST', '/engine/v1/v1/schedules', { workflow_id: wf, cron: '0 0 1 1 *', active: false });
      ok(r, 'schedule');
      return r.body.id;
    }),
    make('workflow_tool', async () => {
      const r = await api('POST', `/engine/v1/v1/tools/workflow/${wf}`, { tool_id: 'fixture_tool', category: 'info', config: { description: 'fixture tool' } });
      ok(r, 'workflow tool');
      return r.body.tool_id;
    }),
    make('mcp_server', async () => {
      const r = await api('POST', '/engine/v1/v1/tools/mcp', { name: 'fixture', transport: 'streamable_http', url: 'http://127.0.0.1:9/mcp' });
      ok(r, 'mcp server');
      return r.body.id;
    }),
    make('knowledge_doc', async () => {
      const r = await api('POST', '/engine/v1/v1/knowledge', { workflow_id: wf, title: 'fixture', source_type: 'text', text: 'A fixture document about lighthouses.' });
      ok(r, 'knowledge document');
      return r.body.id;
    }),
    make('criterion', async () => {
      const r = await api('POST', '/engine/v1/v1/analytics/criteria', { workflow_id: wf, name: 'fixture', description: 'fixture criterion', weight: 0.5, llm_prompt: 'Was it fine?' });
      ok(r, 'criterion');
      return r.body.id;
    }),
    make('data_point', async () => {
      const r = await api('POST', '/engine/v1/v1/analytics/data-points', { workflow_id: wf, name: 'fixture', data_type: 'string', description: 'fixture data point' });
      ok(r, 'data point');
      return r.body.id;
    }),
    make('connection', async () => {
      const r = await api('POST', '/engine/v1/v1/connections', { provider: 'http', name: 'fixture', secret: 'fixture-secret-value', metadata: { base_url: 'https://example.com' } });
      ok(r, 'connection');
      return r.body.id;
    }),
    make('hook', async () => {
      // Only a webhook-triggered workflow has a public hook.
      const w = await api('POST', '/engine/v1/v1/workflows', { name: 'fixture hook', spec: { ...simpleSpec(), trigger: { type: 'webhook', config: {} } } });
      ok(w, 'webhook workflow');
      byKind.hook_workflow = w.body.id;
      const r = await api('GET', `/engine/v1/v1/workflows/${w.body.id}/webhook`);
      ok(r, 'hook');
      const url = String(r.body.url ?? r.body.webhook_url ?? '');
      return r.body.webhook_id ?? r.body.id ?? url.split('/hooks/')[1]?.split('/')[0];
    }),
    make('test', async () => {
      const r = await api('POST', '/engine/v1/v1/tests', { workflow_id: wf, name: 'fixture test', input: {}, assertions: [{ path: 'set.output.main.v', operator: 'exists' }] });
      ok(r, 'test');
      return r.body.id;
    }),
    make('audit', async () => {
      const r = await api('POST', '/engine/v1/v1/audit', { workflow_id: wf, action: 'fixture.note', summary: 'fixture' });
      ok(r, 'audit');
      return r.body.id;
    }),
    make('widget', async () => {
      const r = await api('PUT', `/engine/v1/v1/widget/${wf}`, {
        interface: { title: 'Ask us', description: 'Fixture', fields: [{ name: 'question', type: 'textarea', label: 'Question', required: true }] },
        allowed_domains: ['example.com'],
      });
      ok(r, 'widget');
      return wf;
    }),
    make('rate_policy', async () => {
      const r = await api('PUT', `/engine/v1/v1/rate-limits/workflow/${wf}`, { max_concurrent_runs: 5 });
      ok(r, 'rate policy');
      return wf;
    }),
    make('webhook', async () => {
      const r = await api('POST', '/v1/console/webhooks', { name: 'fixture', url: 'https://example.com/hook', events: ['generation.completed'] });
      ok(r, 'webhook');
      return r.body.id;
    }),
    make('destination', async () => {
      const r = await api('POST', '/v1/output-destinations', { name: 'fixture', kind: 'internal' });
      ok(r, 'destination');
      return r.body.id;
    }),
    make('voice_agent', async () => {
      const r = await api('POST', '/v1/voice/agents', { name: 'Fixture desk', instructions: 'You answer questions.' });
      ok(r, 'voice agent');
      return r.body.id ?? r.body.agent_id;
    }),
    make('story', async () => {
      const r = await api('POST', '/v1/story/step/concept', { prompt: 'A snowman waits for spring', num_scenes: 2, duration: 15 });
      ok(r, 'story');
      return r.body.story_id ?? r.body.id;
    }),
    make('bucket', async () => {
      const r = await api('POST', '/v1/buckets', { name: `fixture-${Math.random().toString(36).slice(2, 8)}` });
      ok(r, 'bucket');
      byKind.bucket_name = r.body.name;
      return r.body.id;
    }),
    make('job', async () => {
      const r = await api('POST', '/v1/ai/generate/image', { prompt: 'fixture', width: 64, height: 64 });
      ok(r, 'job');
      return r.body.job_id ?? r.body.id;
    }),
    make('key', async () => {
      const r = await api('POST', '/v1/auth/keys', { name: 'fixture key', type: 'write' });
      ok(r, 'key');
      return r.body.id ?? r.body.key_id;
    }),
  ]);
  if (opts.imageUrl) {
    await make('asset', async () => {
      const r = await api('POST', '/v1/ai/assets/register', { image_url: opts.imageUrl });
      ok(r, 'asset');
      return r.body.asset_id ?? r.body.id;
    });
  }
  if (opts.session) {
    // Object-store buckets take a session token and the Enterprise plan.
    await make('s3_bucket', async () => {
      const r = await stack.api('POST', '/v1/storage/s3/buy', { key: opts.session, body: { display_name: 'fixture', quota_gb: 1 } });
      ok(r, 's3 bucket');
      return r.body.bucket?.id ?? r.body.id;
    });
  }
  await make('rule', async () => {
    if (!byKind.key || !byKind.destination) throw new Error('needs a key and a destination');
    const r = await api('POST', `/v1/auth/keys/${byKind.key}/output-rules`, { modelPattern: 'fixture-*', destinationId: byKind.destination });
    ok(r, 'rule');
    return r.body.id;
  });
  await make('file', async () => {
    if (!byKind.bucket_name) throw new Error('needs a bucket');
    const form = new FormData();
    form.append('bucket_name', byKind.bucket_name);
    form.append('file', new Blob([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], { type: 'image/png' }), 'fixture.png');
    const res = await fetch(`${stack.url}/v1/photos/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${key}` } });
    const body = (await res.json()) as Record<string, any>;
    if (res.status >= 300) throw new Error(`file: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    const url = String(body.url ?? body.public_url ?? '');
    byKind.file_name = url.split('/').pop()?.split('?')[0] ?? 'fixture.png';
    byKind.file_key = url.includes('/v1/files/') ? url.split('/v1/files/')[1]!.split('?')[0]! : '';
    return body.id ?? body.file_id;
  });
  if (byKind.failed_run) {
    await make('incident', async () => {
      // A failed run opens an incident; wait for it.
      for (let i = 0; i < 200; i++) {
        const r = await api('GET', '/engine/v1/v1/incidents');
        const list = (r.body?.data ?? r.body?.incidents ?? []) as Array<{ id: string }>;
        if (list.length > 0) return list[0]!.id;
        await new Promise((res) => setTimeout(res, 150));
      }
      throw new Error('no incident opened by the failed run');
    });
  }
  for (const run of opts.waitForRuns ? [byKind.run, byKind.stored_output_run] : []) {
    for (let i = 0; run && i < 200; i++) {
      const r = await api('GET', `/engine/v1/v1/runs/${run}`);
      if (['completed', 'failed'].includes(r.body?.status)) break;
      await new Promise((res) => setTimeout(res, 150));
    }
  }
  byKind.template = 'tpl_hello_world';
  byKind.node_type = 'io.set';
  byKind.signal_name = 'approve';
  byKind.hook_path = 'sub';
  return {
    accountId: '',
    key,
    byKind,
    failures,
    ids: [...new Set(Object.values(byKind).filter((v): v is string => typeof v === 'string' && v.length > 0))],
    idFor(param: string, path = '') {
      const kind = kindFor(param, path);
      return kind ? byKind[kind] : undefined;
    },
  };
}
