// The agent.run node on the real stack with the offline model: workflow tools and MCP servers
// (the published @modelcontextprotocol/server-everything over streamable HTTP and over stdio),
// every step a named activity in the agentRun child workflow, usd_cap, max_steps, tool_strategy,
// and the tool routes' validation, isolation and secrecy.
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStack, type TestStack } from '../../helpers/stack';
import { createWorkflow, startRun, waitForRun } from '../runs/helpers';
import { modelCallPriceMicros } from '../../../src/engine/agent/steps';
import { agentSpec, agentStepEvents, EVERYTHING, startEverythingHttp } from './helpers';

let stack: TestStack;
let everything: Awaited<ReturnType<typeof startEverythingHttp>>;
let other: { accountId: string; key: string };
let weatherWf: string;
let httpServer: string;
let stdioServer: string;
let toolRunId: string;
const TOKEN = 'mcp-secret-token-7f3a';

const tools = (path: string) => `/engine/v1/v1/tools/${path}`;

beforeAll(async () => {
  [stack, everything] = await Promise.all([
    // stdio MCP servers: only this exact command line (the everything server's entry point) is allowed.
    startStack({ ATELIER_MCP_STDIO_ALLOW: `${process.execPath} ${EVERYTHING}` }),
    startEverythingHttp(),
  ]);
  other = await stack.newAccount({ tier: 'medium' });
  weatherWf = await createWorkflow(stack, {
    nodes: [
      { id: 'start', type: 'trigger.manual', position: [0, 0], params: {} },
      { id: 'forecast', type: 'io.template', position: [200, 0], params: { template: 'Forecast for {{start.output.main.city}}: sunny, 21 C' } },
    ],
    edges: [{ id: 'e1', source: 'start', target: 'forecast' }],
    trigger: { type: 'manual', config: {} },
  }, { name: 'weather' });
}, 240_000);

afterAll(async () => {
  everything?.stop();
  await stack?.close();
});

async function runAgent(params: Record<string, unknown>) {
  const wf = await createWorkflow(stack, agentSpec(params));
  const { run_id } = await startRun(stack, wf);
  const run = await waitForRun(stack, run_id, undefined, 120_000);
  return { run, runId: run_id as string, main: run.node_outputs?.agent?.output?.main };
}

describe('workflow tools', () => {
  it('exposes a workflow with a schema derived from its trigger input, upserts by tool_id, isolates accounts', async () => {
    const post = await stack.api('POST', tools(`workflow/${weatherWf}`), { body: { tool_id: 'weather_report', category: 'info', config: { description: 'Reports the weather forecast for a city' } } });
    expect(post.status).toBe(200);
    expect(post.body).toMatchObject({
      workflow_id: weatherWf, tool_id: 'weather_report', agent_tool_id: 'workflow:weather_report', category: 'info', active: true,
      description: 'Reports the weather forecast for a city',
      input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    });
    const again = await stack.api('POST', tools(`workflow/${weatherWf}`), { body: { tool_id: 'weather_report', category: 'weather', active: false, config: { description: 'Reports the weather forecast for a city' } } });
    expect(again.body).toMatchObject({ id: post.body.id, category: 'weather', active: false });
    await stack.api('POST', tools(`workflow/${weatherWf}`), { body: { tool_id: 'weather_report', category: 'weather', config: { description: 'Reports the weather forecast for a city' } } });
    const list = await stack.api('GET', tools(`workflow/${weatherWf}`));
    expect(list.status).toBe(200);
    expect(list.body.data.map((t: { tool_id: string; active: boolean }) => [t.tool_id, t.active])).toEqual([['weather_report', true]]);

    expect((await stack.api('POST', tools(`workflow/${weatherWf}`), { body: { tool_id: 'has spaces' } })).status).toBe(422);
    expect((await stack.api('POST', tools(`workflow/${weatherWf}`), { body: { tool_id: 'x', config: { input_schema: { type: 'string' } } } })).status).toBe(422);
    // The tool id names the function an agent calls, so it is unique per account.
    const second = await createWorkflow(stack, agentSpec({ model: 'atelier-local', prompt: 'hi' }), { name: 'other' });
    const clash = await stack.api('POST', tools(`workflow/${second}`), { body: { tool_id: 'weather_report' } });
    expect(clash.status).toBe(409);
    // Another account sees nothing and changes nothing.
    expect((await stack.api('GET', tools(`workflow/${weatherWf}`), { key: other.key })).status).toBe(404);
    expect((await stack.api('POST', tools(`workflow/${weatherWf}`), { key: other.key, body: { tool_id: 'steal' } })).status).toBe(404);
    expect((await stack.api('DELETE', tools(`workflow/${weatherWf}/weather_report`), { key: other.key })).status).toBe(404);
    expect((await stack.api('DELETE', tools(`workflow/${weatherWf}/nope`))).status).toBe(404);
    expect((await stack.api('GET', tools('workflow/wf_missing'))).status).toBe(404);
    // Delete, then put back for the agent tests.
    const temp = await stack.api('POST', tools(`workflow/${second}`), { body: { tool_id: 'temp_tool' } });
    expect(temp.status).toBe(200);
    expect((await stack.api('DELETE', tools(`workflow/${second}/temp_tool`))).body).toEqual({ workflow_id: second, tool_id: 'temp_tool', deleted: true });
    expect((await stack.api('GET', tools(`workflow/${second}`))).body.data).toEqual([]);
  });
});

describe('MCP servers', () => {
  it('registers a streamable HTTP server with a sealed token, discovers its tools, never returns the token', async () => {
    const created = await stack.api('POST', tools('mcp'), { body: { name: 'everything', transport: 'streamable_http', url: everything.url, auth_token: TOKEN } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'everything', transport: 'streamable_http', url: everything.url, has_auth_token: true, tools: null });
    expect(created.text).not.toContain(TOKEN);
    expect(created.body).not.toHaveProperty('auth_token');
    httpServer = created.body.id;
    const row = await stack.atelier.deps.db.selectFrom('engine_mcp_servers').select('auth_token_sealed').where('id', '=', httpServer).executeTakeFirstOrThrow();
    expect(row.auth_token_sealed).toMatch(/^v1:/);
    expect(row.auth_token_sealed).not.toContain(TOKEN);

    const found = await stack.api('POST', tools(`mcp/${httpServer}/discover`));
    expect(found.status).toBe(200);
    const echo = found.body.tools.find((t: { name: string }) => t.name === 'echo');
    expect(echo).toMatchObject({ agent_tool_id: `mcp:${httpServer}:echo`, input_schema: { type: 'object', properties: { message: { type: 'string' } } } });
    expect(found.body.tools.map((t: { name: string }) => t.name)).toContain('get-sum');
    expect(found.body.discovered_at).toEqual(expect.any(String));
    const list = await stack.api('GET', tools('mcp'));
    expect(list.body.data.map((s: { id: string }) => s.id)).toContain(httpServer);
    expect(list.text).not.toContain(TOKEN);
  });

  it('validates registrations and keeps other accounts out', async () => {
    expect((await stack.api('POST', tools('mcp'), { body: { name: 'x', transport: 'ftp', url: everything.url } })).status).toBe(422);
    expect((await stack.api('POST', tools('mcp'), { body: { name: 'x', transport: 'streamable_http' } })).status).toBe(422);
    expect((await stack.api('POST', tools('mcp'), { body: { name: 'x', transport: 'sse', url: 'ftp://example.com/sse' } })).status).toBe(400);
    expect((await stack.api('POST', tools('mcp'), { body: { name: 'x', transport: 'sse', url: everything.url, command: 'node' } })).status).toBe(422);
    expect((await stack.api('POST', tools(`mcp/${httpServer}/discover`), { key: other.key })).status).toBe(404);
    expect((await stack.api('DELETE', tools(`mcp/${httpServer}`), { key: other.key })).status).toBe(404);
    expect((await stack.api('GET', tools('mcp'), { key: other.key })).body.data).toEqual([]);
    const gone = await stack.api('POST', tools('mcp'), { body: { name: 'temp', transport: 'streamable_http', url: everything.url } });
    expect((await stack.api('DELETE', tools(`mcp/${gone.body.id}`))).body).toEqual({ id: gone.body.id, deleted: true });
    expect((await stack.api('POST', tools(`mcp/${gone.body.id}/discover`))).status).toBe(404);
  });

  it('stdio: admin keys only, allow-listed commands only; an allowed one is discovered', async () => {
    const write = await stack.newAccount({ type: 'write', tier: 'medium' });
    const asWrite = await stack.api('POST', tools('mcp'), { key: write.key, body: { name: 'x', transport: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'] } });
    expect(asWrite.status).toBe(403);
    expect(JSON.stringify(asWrite.body)).toContain('insufficient_permissions');
    const offList = await stack.api('POST', tools('mcp'), { body: { name: 'x', transport: 'stdio', command: '/bin/sh', args: ['-c', 'id'] } });
    expect(offList.status).toBe(403);
    expect(JSON.stringify(offList.body)).toContain('mcp_command_not_allowed');
    // A prefix of the allowed line is not enough: the allowed words must all be there.
    expect((await stack.api('POST', tools('mcp'), { body: { name: 'x', transport: 'stdio', command: process.execPath, args: ['-e', 'process.exit(0)'] } })).status).toBe(403);
    expect(await stack.atelier.deps.db.selectFrom('engine_mcp_servers').select('id').where('transport', '=', 'stdio').execute()).toEqual([]);

    const created = await stack.api('POST', tools('mcp'), { body: { name: 'everything (stdio)', transport: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'] } });
    expect(created.status).toBe(201);
    stdioServer = created.body.id;
    const found = await stack.api('POST', tools(`mcp/${stdioServer}/discover`));
    expect(found.status).toBe(200);
    expect(found.body.tools.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
  });
});

describe('agent.run', () => {
  it('calls a workflow tool and an MCP tool, answers from them; every step is a named activity and a streamed event', async () => {
    const { run, runId, main } = await runAgent({
      model: 'atelier-local',
      prompt: 'Get the weather report for city: Lisbon and echo the message: hello from the agent',
      tools: ['workflow:weather_report', `mcp:${httpServer}:echo`],
    });
    expect(run.status).toBe('completed');
    expect(main.stop_reason).toBe('completed');
    expect(main.text).toContain('Forecast for Lisbon: sunny, 21 C');
    expect(main.text).toContain('Echo: hello from the agent');
    expect(main.trace.map((s: { step: number; kind: string; name?: string }) => [s.step, s.kind, s.name ?? null])).toEqual([
      [1, 'model', null], [2, 'tool', 'weather_report'], [3, 'tool', 'echo'], [4, 'model', null],
    ]);
    expect(main).toMatchObject({ model_calls: 2, tool_calls: 2, steps: 4 });

    // The workflow tool ran as a normal engine run whose parent is the agent's run.
    const childId = main.trace[1].child_run_id;
    const child = await stack.api('GET', `/engine/v1/v1/runs/${childId}`);
    expect(child.body).toMatchObject({ workflow_id: weatherWf, status: 'completed', parent_run_id: runId, parent_node_id: 'agent', input: { city: 'Lisbon' } });
    const listed = await stack.api('GET', `/engine/v1/v1/runs?workflow_id=${weatherWf}`);
    expect(listed.body.data.map((r: { id: string }) => r.id)).toContain(childId);

    // Each step streamed as a node_output event with its step number, once (the two tool calls run
    // in parallel, so their events arrive in the order they finish).
    const events = (await agentStepEvents(stack, runId)).sort((a, b) => a.step - b.step);
    expect(events.map((e) => [e.step, e.output.agent_step.kind])).toEqual([[1, 'model'], [2, 'tool'], [3, 'tool'], [4, 'model']]);
    expect(events[2]!.output.agent_step).toMatchObject({ tool: `mcp:${httpServer}:echo`, ok: true, result: 'Echo: hello from the agent' });

    // Charged per model call at the published price; on the node's output and its telemetry span.
    const node = run.node_outputs.agent;
    expect(node.usd_charged).toBeGreaterThan(0);
    expect(node.usd_charged).toBeCloseTo(main.usd_charged, 6);
    const telemetry = await stack.api('GET', `/engine/v1/v1/runs/${runId}/telemetry`);
    const span = telemetry.body.spans.find((s: { node_id: string }) => s.node_id === 'agent');
    expect(span.usd_cost).toBeCloseTo(node.usd_charged, 6);
    expect(span.tokens_consumed).toBeGreaterThan(0);

    // The Temporal UI names every step: the child workflow's activities.
    const history = await stack.atelier.deps.temporal.workflow.getHandle(`${runId}:agent:agent:0`).fetchHistory();
    const ids = (history.events ?? []).map((e) => e.activityTaskScheduledEventAttributes?.activityId).filter(Boolean);
    expect(ids).toEqual(['agent:tools', 'agent:model#1', 'agent:tool:weather_report#2', 'agent:tool:echo#3', 'agent:model#4']);
    toolRunId = runId;
  });

  it('replays the run and its agent child against the current workflow code (determinism guard)', async () => {
    const client = stack.atelier.deps.temporal;
    const histories = await Promise.all([toolRunId, `${toolRunId}:agent:agent:0`].map(async (workflowId) => ({ workflowId, history: await client.workflow.getHandle(workflowId).fetchHistory() })));
    const results = [];
    for await (const r of Worker.runReplayHistories({ workflowBundle: { codePath: inject('workflowBundlePath') } }, histories)) results.push(r);
    expect(results.map((r) => r.error)).toEqual([undefined, undefined]);
  });

  it('calls an MCP tool over stdio', async () => {
    const { run, main } = await runAgent({ model: 'atelier-local', prompt: 'Use get-sum to add a: 2 and b: 3', tools: [`mcp:${stdioServer}:get-sum`] });
    expect(run.status).toBe('completed');
    expect(main.trace[1]).toMatchObject({ kind: 'tool', name: 'get-sum', arguments: { a: 2, b: 3 }, ok: true });
    expect(main.trace[1].result).toContain('5');
    expect(main.text).toContain('5');
  });

  it('usd_cap stops the loop before a model call it cannot afford', async () => {
    // A cap of one and a half first calls: the second call (a longer conversation) does not fit.
    const prompt = 'echo the message: capped';
    const cap = (1.5 * modelCallPriceMicros('atelier-local', [{ role: 'user', content: prompt }])) / 1_000_000;
    const { run, main } = await runAgent({ model: 'atelier-local', prompt, tools: [`mcp:${httpServer}:echo`], usd_cap: cap });
    expect(run.status).toBe('completed');
    expect(main).toMatchObject({ stop_reason: 'usd_cap', model_calls: 1, tool_calls: 1 });
    expect(run.node_outputs.agent.usd_charged).toBeGreaterThan(0);
    expect(run.node_outputs.agent.usd_charged).toBeLessThanOrEqual(cap);
    expect(run.usd_charged).toBeLessThanOrEqual(cap);
  });

  it('max_steps stops the loop', async () => {
    const { main } = await runAgent({
      model: 'atelier-local',
      prompt: 'Get the weather report for city: Oslo and echo the message: hi',
      tools: ['workflow:weather_report', `mcp:${httpServer}:echo`],
      max_steps: 3,
    });
    expect(main).toMatchObject({ stop_reason: 'max_steps', steps: 3, model_calls: 1, tool_calls: 2 });
  });

  it('tool_strategy: required forces a tool call on step 1; auto leaves it to the model; none offers no tools', async () => {
    const prompt = 'Tell me something nice about mornings';
    const required = await runAgent({ model: 'atelier-local', prompt, tools: [`mcp:${httpServer}:echo`], tool_strategy: 'required' });
    expect(required.main.trace[1]).toMatchObject({ step: 2, kind: 'tool', name: 'echo', ok: true });
    const auto = await runAgent({ model: 'atelier-local', prompt, tools: [`mcp:${httpServer}:echo`] });
    expect(auto.main).toMatchObject({ stop_reason: 'completed', tool_calls: 0, model_calls: 1 });
    const none = await runAgent({ model: 'atelier-local', prompt: 'echo the message: hi', tools: [`mcp:${httpServer}:echo`], tool_strategy: 'none' });
    expect(none.main).toMatchObject({ stop_reason: 'completed', tool_calls: 0 });
  });

  it('fails the node, charging nothing, when a tool id names nothing of the account', async () => {
    const { run } = await runAgent({ model: 'atelier-local', prompt: 'hi', tools: ['workflow:nope', 'mcp:mcp_missing:echo', 'teleport'] });
    expect(run.status).toBe('failed');
    expect(run.node_outputs.agent.error).toMatch(/unknown tools: .*workflow:nope.*mcp_missing.*teleport/);
    expect(run.usd_charged).toBe(0);
  });
});
