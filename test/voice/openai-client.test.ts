// The official `openai` package's realtime clients against the local engine: its WebSocket client
// (the subprotocol array) holds a text conversation, also through a TLS proxy with its own wss://
// URL; bad secrets are refused; its Node `ws` client is refused for its Authorization header; the
// beta client connects; and the snippet in docs/voice.md runs as printed.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { connect as tcpConnect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer } from 'node:tls';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import { OpenAIRealtimeWebSocket } from 'openai/realtime/websocket';
import { OpenAIRealtimeWS } from 'openai/realtime/ws';
import { OpenAIRealtimeWebSocket as BetaRealtimeWebSocket } from 'openai/beta/realtime/websocket';
import type { RealtimeServerEvent } from 'openai/resources/realtime/realtime';
import WebSocket from 'ws';
import { startStack, type TestStack } from '../helpers/stack';
import type { Credential } from './realtime-client';

let stack: TestStack;
const globalWebSocket = (globalThis as { WebSocket?: unknown }).WebSocket;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  (globalThis as { WebSocket?: unknown }).WebSocket = globalWebSocket;
  await stack?.close();
});

async function mint(): Promise<Credential & { model: string }> {
  const r = await stack.api('POST', '/v1/voice/sessions', { body: { instructions: 'Answer briefly.', language: 'en' } });
  expect(r.status).toBe(201);
  return r.body;
}

/**
 * The client as docs/voice.md sets it up: a global WebSocket (Node 20 has none) that opens the
 * `websocket_url` Atelier gave, since the client itself always builds a wss:// URL.
 */
function openaiClient(cred: Credential & { model: string }, secret = cred.client_secret) {
  const dialled: Array<{ url: string; protocols: string[]; socket: WebSocket }> = [];
  (globalThis as { WebSocket?: unknown }).WebSocket = class extends WebSocket {
    constructor(url: string, protocols: string[]) {
      super(cred.websocket_url, protocols);
      dialled.push({ url, protocols, socket: this });
    }
  };
  const rt = new OpenAIRealtimeWebSocket({ model: cred.model }, new OpenAI({ apiKey: secret, baseURL: `${stack.url}/v1` }));
  const events: RealtimeServerEvent[] = [];
  const errors: string[] = [];
  rt.on('event', (e) => events.push(e));
  rt.on('error', (err) => errors.push(err.message));
  const closed = new Promise<number>((resolve) => dialled[0]!.socket.on('close', (code) => resolve(code)));
  return { rt, events, errors, closed, dialled };
}

const until = <T>(what: string, get: () => T | undefined, timeoutMs = 20_000) =>
  new Promise<T>((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      const v = get();
      if (v !== undefined) return resolve(v);
      if (Date.now() - started > timeoutMs) return reject(new Error(`no ${what} within ${timeoutMs} ms`));
      setTimeout(tick, 20);
    };
    tick();
  });

describe('the openai package against the local realtime engine', () => {
  it('OpenAIRealtimeWebSocket: session.created, a text message, the response events and its text', async () => {
    const cred = await mint();
    const c = openaiClient(cred);
    // What the client asks for: wss on the API's host and port, the model, the secret as subprotocol.
    const asked = new URL(c.dialled[0]!.url);
    expect(asked.protocol).toBe('wss:');
    expect(asked.host).toBe(new URL(stack.url).host);
    expect(asked.pathname).toBe('/v1/realtime');
    expect(asked.searchParams.get('model')).toBe('atelier-realtime-local');
    expect(c.dialled[0]!.protocols).toEqual(cred.subprotocols);

    const created = await until('session.created', () => c.events.find((e) => e.type === 'session.created'));
    expect(c.events[0]).toBe(created);
    expect(created.type === 'session.created' && created.session).toMatchObject({ model: 'atelier-realtime-local', instructions: 'Answer briefly.' });

    c.rt.send({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'What time is breakfast?' }] } });
    c.rt.send({ type: 'response.create', response: { output_modalities: ['text'] } });
    const done = await until('response.done', () => c.events.find((e) => e.type === 'response.done'));
    expect(done.type === 'response.done' && done.response.status).toBe('completed');

    const types = c.events.map((e) => e.type);
    const order = ['conversation.item.added', 'response.created', 'response.output_item.added', 'response.content_part.added', 'response.output_text.delta', 'response.output_text.done', 'response.content_part.done', 'response.output_item.done', 'response.done'];
    expect(order.map((t) => types.indexOf(t as RealtimeServerEvent['type']))).toEqual([...order.map((t) => types.indexOf(t as RealtimeServerEvent['type']))].sort((a, b) => a - b));
    expect(order.every((t) => types.includes(t as RealtimeServerEvent['type']))).toBe(true);
    expect(types).not.toContain('response.output_audio.delta');
    const text = c.events.flatMap((e) => (e.type === 'response.output_text.delta' ? [e.delta] : [])).join('');
    expect(text.length).toBeGreaterThan(5);
    const textDone = c.events.find((e) => e.type === 'response.output_text.done');
    expect(textDone?.type === 'response.output_text.done' && textDone.text).toBe(text);
    expect(c.errors).toEqual([]);
    c.rt.close();
    expect(await c.closed).toBe(1000);
  });

  it('an unknown, expired or already used secret fails the connection with 401 and no session', async () => {
    const cred = await mint();
    const unknown = openaiClient(cred, 'ek_not-a-real-secret');
    await unknown.closed;
    expect(unknown.errors).toEqual([expect.stringContaining('Unexpected server response: 401')]);
    expect(unknown.events).toEqual([]);

    // The secret is single-use: a second client with it is refused while the first talks.
    const first = openaiClient(cred);
    await until('session.created', () => first.events.find((e) => e.type === 'session.created'));
    const second = openaiClient(cred);
    await second.closed;
    expect(second.errors).toEqual([expect.stringContaining('401')]);
    expect(second.events).toEqual([]);
    first.rt.close();
    await first.closed;

    const late = await mint();
    await stack.atelier.deps.db.updateTable('voice_realtime_secrets').set({ expires_at: new Date(Date.now() - 1000) }).where('connected_at', 'is', null).execute();
    const expired = openaiClient(late);
    await expired.closed;
    expect(expired.errors).toEqual([expect.stringContaining('401')]);
    expect(expired.events).toEqual([]);
  });

  it('OpenAIRealtimeWS (the ws-based client) is refused: it sends the secret in an Authorization header', async () => {
    const cred = await mint();
    const engine = new URL(cred.websocket_url);
    let detail = '';
    const rt = new OpenAIRealtimeWS(
      {
        model: cred.model,
        // It always dials TLS; a plain TCP connection reaches the engine anyway, to see its answer.
        options: { createConnection: () => tcpConnect(Number(engine.port), engine.hostname) },
      },
      new OpenAI({ apiKey: cred.client_secret, baseURL: `${stack.url}/v1` }),
    );
    const status = await new Promise<number>((resolve) => {
      rt.socket.on('unexpected-response', (_req, res) => {
        res.on('data', (d: Buffer) => (detail += d.toString()));
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
    });
    expect(status).toBe(401);
    expect(JSON.parse(detail).detail).toMatch(/no Authorization header.*OpenAIRealtimeWebSocket from openai\/realtime\/websocket/);
    // The refusal did not spend the secret.
    const c = openaiClient(cred);
    await until('session.created', () => c.events.find((e) => e.type === 'session.created'));
    c.rt.close();
    await c.closed;
  });

  it('behind TLS the client connects with its own wss:// URL, nothing rewritten', async () => {
    // A TLS-terminating proxy in front of the API, as a deployment with an https PUBLIC_BASE_URL has.
    const dir = mkdtempSync(join(tmpdir(), 'atelier-rt-tls-'));
    await promisify(execFile)('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1']);
    const cert = readFileSync(join(dir, 'cert.pem'));
    const api = new URL(stack.url);
    const proxy = createTlsServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (client) => {
      const upstream = tcpConnect(Number(api.port), api.hostname);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const cred = await mint();
      const dialled: string[] = [];
      // Only trust for the test's own certificate; the URL and subprotocols are the client's.
      (globalThis as { WebSocket?: unknown }).WebSocket = class extends WebSocket {
        constructor(url: string, protocols: string[]) {
          super(url, protocols, { ca: cert });
          dialled.push(url);
        }
      };
      const port = (proxy.address() as AddressInfo).port;
      const rt = new OpenAIRealtimeWebSocket({ model: cred.model }, new OpenAI({ apiKey: cred.client_secret, baseURL: `https://127.0.0.1:${port}/v1` }));
      const events: RealtimeServerEvent[] = [];
      rt.on('event', (e) => events.push(e));
      rt.on('error', (err) => events.push({ type: 'error', error: { type: 'client', message: err.message } } as RealtimeServerEvent));
      await until('session.created', () => events.find((e) => e.type === 'session.created'));
      expect(dialled).toEqual([`wss://127.0.0.1:${port}/v1/realtime?model=atelier-realtime-local`]);
      rt.send({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hello there' }] } });
      rt.send({ type: 'response.create', response: { output_modalities: ['text'] } });
      const done = await until('response.done', () => events.find((e) => e.type === 'response.done'));
      expect(done.type === 'response.done' && done.response.status).toBe('completed');
      expect(events.filter((e) => e.type === 'error')).toEqual([]);
      rt.close();
    } finally {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });

  it('the beta WebSocket client connects (its third subprotocol is ignored) and gets the GA event names', async () => {
    const cred = await mint();
    (globalThis as { WebSocket?: unknown }).WebSocket = class extends WebSocket {
      constructor(_url: string, protocols: string[]) {
        expect(protocols).toEqual([...cred.subprotocols, 'openai-beta.realtime-v1']);
        super(cred.websocket_url, protocols);
      }
    };
    const rt = new BetaRealtimeWebSocket({ model: cred.model }, new OpenAI({ apiKey: cred.client_secret, baseURL: `${stack.url}/v1` }));
    const types: string[] = [];
    rt.on('event', (e) => types.push(e.type));
    await until('session.created', () => types.find((t) => t === 'session.created'));
    rt.send({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hello there' }] } });
    rt.send({ type: 'response.create', response: { modalities: ['text'] } });
    await until('response.done', () => types.find((t) => t === 'response.done'));
    expect(types).toContain('response.output_text.delta');
    expect(types).not.toContain('response.text.delta');
    rt.close();
  });

  it('the snippet in docs/voice.md runs as printed', async () => {
    const doc = readFileSync(new URL('../../docs/voice.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('### Connecting with the openai package'));
    const snippet = /```js\n([\s\S]*?)```/.exec(section)![1]!;
    expect(snippet).toContain("from 'openai/realtime/websocket'");
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', snippet], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: { ...process.env, NODE_OPTIONS: '', ATELIER_URL: stack.url, ATELIER_KEY: stack.adminKey },
      timeout: 30_000,
    });
    const [answer, status] = stdout.trimEnd().split('\n');
    expect(answer!.length).toBeGreaterThan(5);
    expect(status).toBe('[completed]');
  });
});
