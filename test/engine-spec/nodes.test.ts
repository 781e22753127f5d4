// Unit tests of every core node: `execute` called with a hand-made context. External services
// (AI providers) are fakes here; HTTP goes to a real server on loopback; blobs to a real BlobStore.
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BlobStore } from '../../src/blobs/blob-store';
import { NodeError } from '../../src/engine/node-error';
import { NODE_PRICES_MICROS } from '../../src/engine/node-prices';
import { nodeServicesFrom } from '../../src/engine/services';
import type { LogLevel, NodeContext, NodeDefinition } from '../../src/engine/types';
import { getNode, nodeModules, nodeRegistry } from '../../nodes/index';

interface Harness {
  ctx: NodeContext;
  logs: { level: LogLevel; message: string }[];
  charges: { micros: number; operation: string }[];
  calls: string[];
  abort: AbortController;
}

function harness(opts: { services?: Record<string, unknown>; runInput?: Record<string, unknown>; variables?: Record<string, unknown>; refuseCharge?: boolean } = {}): Harness {
  const logs: Harness['logs'] = [];
  const charges: Harness['charges'] = [];
  const calls: string[] = [];
  const abort = new AbortController();
  const ctx: NodeContext = {
    runId: 'run_test', accountId: 'acct_test', workflowId: 'wf_test', nodeId: 'n1', attempt: 1, sandbox: false,
    variables: opts.variables ?? {},
    log: (level, message) => { logs.push({ level, message }); },
    heartbeat: () => undefined,
    checkpoint: undefined,
    signal: abort.signal,
    async charge(micros, operation) {
      calls.push('charge');
      if (opts.refuseCharge) throw new Error('insufficient funds');
      charges.push({ micros, operation });
    },
    services: opts.services ?? {},
    runInput: opts.runInput,
  };
  return { ctx, logs, charges, calls, abort };
}

/** Parses params with the node's schema (as the executor does) and runs it. */
async function run(type: string, params: Record<string, unknown>, h: Harness = harness(), inputs: Record<string, unknown> = {}) {
  const def = getNode(type)!;
  expect(def, type).toBeDefined();
  return def.execute!(h.ctx, { params: def.params.parse(params), inputs });
}

describe('node registry', () => {
  it('registers every folder under nodes/ and each type@version once', () => {
    const root = new URL('../../nodes/', import.meta.url).pathname;
    const folders = readdirSync(root).filter((f) => statSync(join(root, f)).isDirectory()).sort();
    expect(Object.keys(nodeModules).sort()).toEqual(folders);
    const keys = Object.values(nodeModules).flat().map((d) => `${d.type}@${d.version}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [folder, defs] of Object.entries(nodeModules)) {
      for (const d of defs) expect(d.type.replace(/[._]/g, '-'), folder).toBe(folder);
    }
  });

  it('every definition is well formed', () => {
    for (const def of nodeRegistry.list() as NodeDefinition[]) {
      expect(def.type.split('.')[0], def.type).toBe(def.category);
      expect(def.version).toBeGreaterThanOrEqual(1);
      expect(def.name.length).toBeGreaterThan(0);
      expect(def.description.length).toBeGreaterThan(0);
      expect(['activity', 'local', 'workflow']).toContain(def.execution);
      if (def.execution !== 'workflow') expect(typeof def.execute, def.type).toBe('function');
      expect(() => z.toJSONSchema(def.params, { io: 'input' })).not.toThrow();
    }
  });
});

describe('trigger.manual, io.set, logic.merge, system.log', () => {
  it('trigger.manual emits the run input', async () => {
    expect(await run('trigger.manual', {}, harness({ runInput: { n: 5 } }))).toEqual({ output: { main: { n: 5 } } });
    expect(await run('trigger.manual', {})).toEqual({ output: { main: {} } });
  });

  it('io.set emits its values', async () => {
    expect(await run('io.set', { values: { a: 1, b: [true] } })).toEqual({ output: { main: { a: 1, b: [true] } } });
    expect(await run('io.set', {})).toEqual({ output: { main: {} } });
  });

  it('logic.merge emits its inputs keyed by source node id', async () => {
    expect(await run('logic.merge', { mode: 'any' }, harness(), { a: 1, b: { x: 2 } })).toEqual({ output: { main: { a: 1, b: { x: 2 } } } });
    expect(getNode('logic.merge')!.params.parse({})).toEqual({ mode: 'all' });
    expect(() => getNode('logic.merge')!.params.parse({ mode: 'some' })).toThrow();
  });

  it('system.log writes to the node logs at its level', async () => {
    const h = harness();
    expect(await run('system.log', { message: 'hello', level: 'warn' }, h)).toEqual({ output: { main: { message: 'hello', level: 'warn' } } });
    await run('system.log', { message: { a: 1 } }, h);
    expect(h.logs).toEqual([{ level: 'warn', message: 'hello' }, { level: 'info', message: '{"a":1}' }]);
  });
});

describe('logic.if', () => {
  const cases: [unknown, string, unknown, boolean][] = [
    [1, 'eq', 1, true], [{ a: [1] }, 'eq', { a: [1] }, true], ['1', 'eq', 1, false],
    [1, 'neq', 2, true], [1, 'neq', 1, false],
    [5, 'gt', 3, true], ['10', 'gt', 9, true], [3, 'gt', 3, false], ['b', 'gt', 'a', true], [{}, 'gt', 1, false],
    [3, 'gte', 3, true], [2, 'gte', 3, false],
    [2, 'lt', 3, true], [3, 'lt', 2, false],
    [3, 'lte', 3, true], [4, 'lte', 3, false],
    ['hello world', 'contains', 'world', true], ['hello', 'contains', 'x', false],
    [[1, { a: 2 }], 'contains', { a: 2 }, true], [[1, 2], 'contains', 3, false],
    [{ k: 1 }, 'contains', 'k', true], [{ k: 1 }, 'contains', 'z', false], [5, 'contains', 5, false],
    [0, 'exists', undefined, true], ['', 'exists', undefined, true], [null, 'exists', undefined, false], [undefined, 'exists', undefined, false],
  ];
  it.each(cases)('%j %s %j → %s', async (left, operator, right, expected) => {
    const r = await run('logic.if', { left, operator, right }, harness(), { up: { v: 1 } });
    expect(r.output).toEqual({ [expected ? 'true' : 'false']: { v: 1 } });
  });

  it('passes all inputs keyed by source when more than one edge comes in', async () => {
    const r = await run('logic.if', { left: 1, operator: 'eq', right: 1 }, harness(), { a: 1, b: 2 });
    expect(r.output).toEqual({ true: { a: 1, b: 2 } });
  });
});

describe('logic.switch', () => {
  it('routes to the first matching case, else default', async () => {
    expect((await run('logic.switch', { value: 'b', cases: ['a', 'b', 'b'] }, harness(), { s: 1 })).output).toEqual({ case_1: 1 });
    expect((await run('logic.switch', { value: { x: 1 }, cases: [{ x: 1 }] }, harness(), { s: 1 })).output).toEqual({ case_0: 1 });
    expect((await run('logic.switch', { value: 'z', cases: ['a'] }, harness(), { s: 1 })).output).toEqual({ default: 1 });
    const def = getNode('logic.switch')!;
    expect(def.outputsFor!(def.params.parse({ value: 1, cases: [1, 2] })).map((p) => p.name)).toEqual(['case_0', 'case_1', 'default']);
  });
});

describe('logic.stop_and_error', () => {
  it('fails with its message, not retryable', async () => {
    const err = await run('logic.stop_and_error', { message: 'bad input' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NodeError);
    expect(err).toMatchObject({ message: 'bad input', retryable: false, type: 'stop_and_error' });
  });
});

describe('control nodes (run by the workflow)', () => {
  it('declare their params and ports; the executor implements them', () => {
    const delay = getNode('control.delay')!;
    expect(delay.execution).toBe('workflow');
    expect(delay.params.parse({ seconds: 2.5 })).toEqual({ seconds: 2.5 });
    expect(() => delay.params.parse({ seconds: -1 })).toThrow();
    const approval = getNode('control.approval')!;
    expect(approval.execution).toBe('workflow');
    expect(approval.params.parse({})).toEqual({ default: 'rejected' });
    expect(approval.params.parse({ timeout_s: 60, default: 'approved' })).toEqual({ timeout_s: 60, default: 'approved' });
    expect(approval.outputs.map((p) => p.name)).toEqual(['approved', 'rejected']);
    const hook = getNode('control.wait_webhook')!;
    expect(hook.execution).toBe('workflow');
    expect(hook.outputs.map((p) => p.name)).toEqual(['main']);
  });
});

describe('code.javascript (isolated-vm sandbox)', () => {
  it('returns the JSON value of the function body, given inputs and variables', async () => {
    const h = harness({ variables: { factor: 3 } });
    const r = await run('code.javascript', { code: 'const s = inputs.a.n + inputs.b.n; return { total: s * variables.factor, list: [s] };' }, h, { a: { n: 1 }, b: { n: 2 } });
    expect(r).toEqual({ output: { main: { total: 9, list: [3] } } });
    expect((await run('code.javascript', { code: 'await null; return "x"' })).output.main).toBe('x');
    expect((await run('code.javascript', { code: 'const x = 1;' })).output.main).toBeNull();
  });

  it('sends console output to the node logs', async () => {
    const h = harness();
    await run('code.javascript', { code: 'console.log("a", {b: 1}); console.warn("careful"); return 1' }, h);
    expect(h.logs).toEqual([{ level: 'info', message: 'a {"b":1}' }, { level: 'warn', message: 'careful' }]);
  });

  // [name, code, message, type, timeout_s]
  const failures: [string, string, RegExp, string, number?][] = [
    ['a thrown error', 'throw new Error("boom")', /boom/, 'code_error'],
    ['require', 'return require("fs")', /require is not defined/, 'code_error'],
    ['process', 'return process.env', /process is not defined/, 'code_error'],
    ['fetch', 'return await fetch("http://example.com")', /fetch is not defined/, 'code_error'],
    ['timers', 'setTimeout(() => 1, 1)', /setTimeout is not defined/, 'code_error'],
    ['a busy loop', 'while (true) {}', /timed out after 0.3 s/, 'code_timeout'],
    ['a promise that never settles', 'await new Promise(() => {})', /timed out after 0.3 s/, 'code_timeout'],
    ['memory exhaustion', 'const a = []; while (true) a.push(new Array(1e6).fill(1));', /memory limit/, 'code_memory', 20],
    ['a non-JSON return value', 'return 10n', /serialize a BigInt|not JSON/i, 'code_error'],
    ['a syntax error', 'return {', /SyntaxError|Unexpected/, 'code_error'],
  ];
  it.each(failures)('fails the node on %s', async (_name, code, message, type, timeoutS = 0.3) => {
    const err = await run('code.javascript', { code, timeout_s: timeoutS }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NodeError);
    expect((err as NodeError).message).toMatch(message);
    expect(err).toMatchObject({ type, retryable: false });
  });

  it('stops when the run is cancelled', async () => {
    const h = harness();
    const pending = run('code.javascript', { code: 'while (true) {}', timeout_s: 10 }, h).catch((e: unknown) => e);
    setTimeout(() => h.abort.abort(), 100);
    const started = Date.now();
    const err = await pending;
    expect(Date.now() - started).toBeLessThan(3000);
    expect(err).toMatchObject({ type: 'cancelled' });
  });

  it('limits timeout_s to 30 s', () => {
    const def = getNode('code.javascript')!;
    expect(def.params.parse({ code: '1' })).toMatchObject({ timeout_s: 5 });
    expect(() => def.params.parse({ code: '1', timeout_s: 31 })).toThrow();
  });
});

describe('http.request', () => {
  let server: Server;
  let base: string;
  const seen: { method?: string; url?: string; headers: Record<string, unknown>; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        if (req.url?.startsWith('/json')) {
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-reply': 'yes' });
          res.end(JSON.stringify({ ok: true, got: body ? JSON.parse(body) : null }));
        } else if (req.url?.startsWith('/text')) {
          res.writeHead(201, { 'content-type': 'text/plain' });
          res.end('plain words');
        } else if (req.url?.startsWith('/bin')) {
          res.writeHead(200, { 'content-type': 'application/octet-stream' });
          res.end(Buffer.from([0, 1, 2, 255]));
        } else if (req.url?.startsWith('/slow')) {
          setTimeout(() => res.end('late'), 3000);
        } else {
          res.writeHead(503, { 'content-type': 'application/json' });
          res.end('{"error":"down"}');
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  const allowed = () => harness({ services: { allowPrivateNetwork: true } });

  it('GETs with query and headers; JSON bodies come back parsed', async () => {
    const r = await run('http.request', { url: `${base}/json`, query: { q: 'a b', n: 2 }, headers: { 'X-Token': 't1' } }, allowed());
    expect(r.output.main).toMatchObject({ status: 200, body: { ok: true, got: null } });
    expect((r.output.main as { headers: Record<string, string> }).headers['x-reply']).toBe('yes');
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/json?q=a+b&n=2' });
    expect(seen.at(-1)!.headers['x-token']).toBe('t1');
  });

  it('POSTs objects as JSON, strings as they are', async () => {
    const r = await run('http.request', { method: 'POST', url: `${base}/json`, body: { hello: ['world'] } }, allowed());
    expect(r.output.main).toMatchObject({ status: 200, body: { got: { hello: ['world'] } } });
    expect(seen.at(-1)!.headers['content-type']).toBe('application/json');
    await run('http.request', { method: 'PUT', url: `${base}/text`, body: 'raw=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, allowed());
    expect(seen.at(-1)).toMatchObject({ method: 'PUT', body: 'raw=1' });
  });

  it('returns text as a string and binary as base64', async () => {
    expect((await run('http.request', { url: `${base}/text` }, allowed())).output.main).toMatchObject({ status: 201, body: 'plain words' });
    expect((await run('http.request', { url: `${base}/bin` }, allowed())).output.main).toMatchObject({ body: Buffer.from([0, 1, 2, 255]).toString('base64') });
  });

  it('emits error statuses, or fails on them with fail_on_status (5xx retryable)', async () => {
    expect((await run('http.request', { url: `${base}/down` }, allowed())).output.main).toMatchObject({ status: 503, body: { error: 'down' } });
    const err = await run('http.request', { url: `${base}/down`, fail_on_status: true }, allowed()).catch((e: unknown) => e);
    expect(err).toMatchObject({ type: 'http_status', retryable: true, message: expect.stringContaining('503') });
  });

  it('fails on timeout (retryable)', async () => {
    const err = await run('http.request', { url: `${base}/slow`, timeout_s: 0.3 }, allowed()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NodeError);
    expect(err).toMatchObject({ type: 'http_error', retryable: true });
  });

  it('refuses loopback and private targets unless the deployment allows them', async () => {
    for (const url of [`${base}/json`, 'http://10.0.0.1/', 'http://[::1]/', 'http://169.254.169.254/latest/meta-data', 'http://localhost/']) {
      const before = seen.length;
      const err = await run('http.request', { url }, harness()).catch((e: unknown) => e);
      expect(err, url).toBeInstanceOf(NodeError);
      expect(err, url).toMatchObject({ type: 'blocked_address', retryable: false });
      expect(seen.length).toBe(before);
    }
  });

  it('validates its params', () => {
    const def = getNode('http.request')!;
    expect(() => def.params.parse({ url: 'ftp://x' })).toThrow();
    expect(() => def.params.parse({ url: 'http://x', method: 'FETCH' })).toThrow();
    expect(def.params.parse({ url: 'http://x' })).toMatchObject({ method: 'GET', headers: {}, query: {}, timeout_s: 30 });
  });
});

describe('ai.chat and image.generate', () => {
  let dir: string;
  let blobs: BlobStore;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'nodes-test-'));
    blobs = new BlobStore(dir, 'secret', 'http://files.test');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function fakeProviders(calls: string[]) {
    const requests: unknown[] = [];
    return {
      requests,
      async chat(req: { model: string; messages: unknown[]; temperature?: number }) {
        calls.push('provider');
        requests.push(req);
        return { text: `echo ${JSON.stringify(req.messages)}`, usage: { prompt_tokens: 7, completion_tokens: 3 }, model: req.model };
      },
      async image(req: { width: number; height: number }) {
        calls.push('provider');
        requests.push(req);
        return { data: Buffer.from(`PNG ${req.width}x${req.height}`), mime: 'image/png' };
      },
    };
  }

  it('ai.chat charges the published price first, then asks the provider', async () => {
    const h = harness();
    const providers = fakeProviders(h.calls);
    h.ctx.services = { providers };
    const r = await run('ai.chat', { system: 'be brief', prompt: 'hi', temperature: 0.2 }, h);
    expect(h.calls).toEqual(['charge', 'provider']);
    expect(h.charges).toEqual([{ micros: NODE_PRICES_MICROS['ai.chat']!.default, operation: 'ai.chat:atelier-local' }]);
    expect(providers.requests[0]).toMatchObject({ model: 'atelier-local', temperature: 0.2, messages: [{ role: 'system', content: 'be brief' }, { role: 'user', content: 'hi' }] });
    expect(r.output.main).toEqual({ text: expect.stringContaining('hi'), model: 'atelier-local', usage: { prompt_tokens: 7, completion_tokens: 3 } });
  });

  it('ai.chat does not call the provider when the charge is refused', async () => {
    const h = harness({ refuseCharge: true });
    h.ctx.services = { providers: fakeProviders(h.calls) };
    await expect(run('ai.chat', { prompt: 'hi' }, h)).rejects.toThrow('insufficient funds');
    expect(h.calls).toEqual(['charge']);
  });

  it('ai.chat without a provider fails clearly', async () => {
    await expect(run('ai.chat', { prompt: 'hi' })).rejects.toMatchObject({ type: 'provider_unavailable' });
  });

  it('image.generate charges, renders, stores a blob and returns a signed URL', async () => {
    const h = harness();
    h.ctx.services = { providers: fakeProviders(h.calls), blobs };
    const r = await run('image.generate', { prompt: 'a red square', width: 256, height: 128 }, h);
    expect(h.calls).toEqual(['charge', 'provider']);
    expect(h.charges).toEqual([{ micros: 20_000, operation: 'image.generate:atelier-local' }]);
    const main = r.output.main as { url: string; width: number; height: number; model: string };
    expect(main).toMatchObject({ width: 256, height: 128, model: 'atelier-local' });
    const url = new URL(main.url);
    expect(url.origin).toBe('http://files.test');
    const key = decodeURIComponent(url.pathname.replace('/v1/files/', ''));
    expect(key).toMatch(/^acct_test\/runs\/run_test\/[0-9a-f]{16}-n1\.png$/);
    expect(blobs.verify(key, Number(url.searchParams.get('expires')), url.searchParams.get('sig')!)).toBe(true);
    expect(existsSync(blobs.pathOf(key))).toBe(true);
    expect(readFileSync(blobs.pathOf(key), 'utf8')).toBe('PNG 256x128');
  });

  it('image.generate refused by the wallet stores nothing', async () => {
    const h = harness({ refuseCharge: true });
    h.ctx.services = { providers: fakeProviders(h.calls), blobs };
    await expect(run('image.generate', { prompt: 'x' }, h)).rejects.toThrow('insufficient funds');
    expect(h.calls).toEqual(['charge']);
    expect(existsSync(join(dir, 'blobs', 'acct_test', 'runs', 'run_test'))).toBe(existsSync(join(dir, 'blobs', 'acct_test')));
  });

  it('work with the real local provider (offline): a chat answer and a real PNG', async () => {
    const { createLocalProviders } = await import('../../src/providers/index');
    const h = harness();
    h.ctx.services = nodeServicesFrom({ blobs, config: { allowPrivateNetwork: false }, providers: createLocalProviders() });
    const chat = await run('ai.chat', { prompt: 'What is 2 + 3?' }, h);
    expect(chat.output.main).toMatchObject({ text: expect.stringContaining('5'), model: 'atelier-local' });
    const image = await run('image.generate', { prompt: 'a lighthouse at dusk', width: 128, height: 96 }, h);
    const url = new URL((image.output.main as { url: string }).url);
    const key = decodeURIComponent(url.pathname.replace('/v1/files/', ''));
    const png = readFileSync(blobs.pathOf(key));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(128);
    expect(png.readUInt32BE(20)).toBe(96);
    expect(h.charges.map((c) => c.operation)).toEqual(['ai.chat:atelier-local', 'image.generate:atelier-local']);
  });

  it('image.generate validates its size', () => {
    const def = getNode('image.generate')!;
    expect(def.params.parse({ prompt: 'x' })).toMatchObject({ width: 512, height: 512 });
    expect(() => def.params.parse({ prompt: 'x', width: 4096 })).toThrow();
    expect(() => def.params.parse({ prompt: '' })).toThrow();
  });
});
