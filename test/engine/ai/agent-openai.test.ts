// agent.run against an OpenAI-compatible chat-completions server on loopback (tools / tool_calls
// in, `tool` messages back), with workers this test starts and stops: a worker stopped while the
// agent waits on its model leaves the finished tool call alone — the next worker resumes the loop
// from the child workflow's history and the loopback tool server is hit exactly once.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createActivities } from '../../../activities/index';
import { nodeRegistry } from '../../../nodes/index';
import { startAtelier, type Atelier } from '../../../src/runtime';
import { startStack, type TestStack } from '../../helpers/stack';
import { CounterServer, createWorkflow, startRun, waitFor, waitForRun } from '../runs/helpers';
import { agentSpec } from './helpers';

interface ChatBody {
  model: string;
  messages: Array<{ role: string; content: string | null; tool_calls?: Array<{ id: string; type: string; function: { name: string; arguments: string } }>; tool_call_id?: string }>;
  tools?: Array<{ type: string; function: { name: string; description: string; parameters: Record<string, unknown> } }>;
  tool_choice?: string;
}

/**
 * A chat-completions server that speaks function calling. It asks for `http_get` of the URL in the
 * prompt until the conversation holds a tool result, then answers with it; with "mode: loop" in
 * the system message it asks for the tool every turn. `hold` keeps the next answer-turn open.
 */
class ModelServer {
  server: Server;
  url = '';
  requests: ChatBody[] = [];
  hold = false;
  held: ServerResponse | undefined;

  constructor() {
    this.server = createServer((req: IncomingMessage, res) => {
      let raw = '';
      req.on('data', (d: Buffer) => (raw += d.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as ChatBody;
        this.requests.push(body);
        const system = body.messages.find((m) => m.role === 'system')?.content ?? '';
        const prompt = body.messages.find((m) => m.role === 'user')?.content ?? '';
        const results = body.messages.filter((m) => m.role === 'tool');
        const reply = (message: Record<string, unknown>) => {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ id: 'cmpl', model: body.model, choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }], usage: { prompt_tokens: 40, completion_tokens: 12 } }));
        };
        if (results.length === 0 || /mode: loop/.test(system)) {
          const url = /https?:\/\/\S+/.exec(prompt)?.[0] ?? '';
          reply({ content: null, tool_calls: [{ id: `call_${this.requests.length}`, type: 'function', function: { name: 'http_get', arguments: JSON.stringify({ url }) } }] });
          return;
        }
        if (this.hold) {
          this.hold = false;
          this.held = res;
          return;
        }
        reply({ content: `The page answered: ${results.at(-1)!.content?.split('\n')[1] ?? ''}` });
      });
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

let stack: TestStack;
let model: ModelServer;
let counter: CounterServer;
let worker: Atelier | undefined;

/** A worker-only Atelier in this process, on the stack's database and task queue. */
function startWorker(): Promise<Atelier> {
  return startAtelier({ ...stack.config, role: 'worker' }, { workflowBundle: { codePath: inject('workflowBundlePath') }, activities: createActivities, nodes: nodeRegistry });
}

beforeAll(async () => {
  [model, counter] = await Promise.all([new ModelServer().start(), new CounterServer().start()]);
  // The API only; workers come and go in the tests.
  stack = await startStack({ ATELIER_ROLE: 'api', ATELIER_PROVIDERS: 'chat=openai', ATELIER_OPENAI_BASE_URL: model.url, ATELIER_OPENAI_API_KEY: 'sk-test' });
  worker = await startWorker();
}, 240_000);

afterAll(async () => {
  await worker?.stop();
  await stack?.close();
  await Promise.all([model?.stop(), counter?.stop()]);
});

async function agentRun(params: Record<string, unknown>) {
  const wf = await createWorkflow(stack, agentSpec(params));
  return (await startRun(stack, wf)).run_id as string;
}

describe('agent.run over an OpenAI-compatible endpoint', () => {
  it('sends tools, runs the tool_calls it gets, returns tool messages, and answers', async () => {
    const before = model.requests.length;
    const runId = await agentRun({ model: 'gpt-4o-mini', system: 'You fetch pages.', prompt: `What does ${counter.url}/hit?id=proto say?`, tools: ['http_get'], tool_strategy: 'required', temperature: 0.2 });
    const run = await waitForRun(stack, runId, undefined, 120_000);
    expect(run.status).toBe('completed');
    const main = run.node_outputs.agent.output.main;
    expect(main).toMatchObject({ stop_reason: 'completed', model_calls: 2, tool_calls: 1, model: 'gpt-4o-mini', usage: { prompt_tokens: 80, completion_tokens: 24 } });
    expect(main.text).toContain('"id":"proto"');
    expect(counter.count('proto')).toBe(1);

    const [first, second] = model.requests.slice(before);
    expect(first!.tools).toEqual([{ type: 'function', function: { name: 'http_get', description: expect.any(String), parameters: expect.objectContaining({ type: 'object', required: ['url'] }) } }]);
    expect(first!.tool_choice).toBe('required');
    expect(first!.messages.map((m) => m.role)).toEqual(['system', 'user']);
    // The assistant's tool call goes back with JSON-string arguments, its result as a `tool` message.
    expect(second!.tool_choice).toBe('auto');
    expect(second!.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    const call = second!.messages[2]!.tool_calls![0]!;
    expect(call).toEqual({ id: 'call_1', type: 'function', function: { name: 'http_get', arguments: JSON.stringify({ url: `${counter.url}/hit?id=proto` }) } });
    expect(second!.messages[3]).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
    expect(second!.messages[3]!.content).toContain('HTTP 200');
  });

  it('max_steps stops a model that never stops calling tools', async () => {
    const runId = await agentRun({ model: 'gpt-4o-mini', system: 'mode: loop', prompt: `Poll ${counter.url}/hit?id=loop`, tools: ['http_get'], max_steps: 5 });
    const run = await waitForRun(stack, runId, undefined, 120_000);
    // model#1 tool#2 model#3 tool#4 model#5: its tool call would be step 6.
    expect(run.node_outputs.agent.output.main).toMatchObject({ stop_reason: 'max_steps', steps: 5, model_calls: 3, tool_calls: 2 });
    expect(counter.count('loop')).toBe(2);
  });

  it('a worker stopped mid-loop: the next worker resumes at the model step without repeating the finished tool call', async () => {
    model.hold = true;
    const before = model.requests.length;
    const runId = await agentRun({ model: 'gpt-4o-mini', prompt: `Read ${counter.url}/hit?id=restart`, tools: ['http_get'] });
    // Step 1 (model) and step 2 (the tool) are done; step 3 (model) is waiting on the server.
    await waitFor('the held model call', async () => model.held !== undefined, 120_000);
    expect(counter.count('restart')).toBe(1);

    // The worker goes away with step 3 in flight (its connection cut, as a crash would).
    const stopping = worker!.stop();
    model.held!.socket?.destroy();
    await stopping;
    worker = undefined;
    worker = await startWorker();

    const run = await waitForRun(stack, runId, undefined, 120_000);
    expect(run.status).toBe('completed');
    const main = run.node_outputs.agent.output.main;
    expect(main.stop_reason).toBe('completed');
    expect(main.text).toContain('"id":"restart"');
    expect(main.trace.map((s: { kind: string }) => s.kind)).toEqual(['model', 'tool', 'model']);
    // The finished tool call was not made again; only the interrupted model call was retried.
    expect(counter.count('restart')).toBe(1);
    expect(model.requests.length - before).toBeGreaterThanOrEqual(3);
    // Its result streamed once.
    const rows = await stack.atelier.deps.db.selectFrom('run_events').select('data').where('run_id', '=', runId).where('type', '=', 'node_output').execute();
    expect(rows.filter((r) => (r.data as { step?: number }).step === 2)).toHaveLength(1);
  });
});
