// A realtime WebSocket client for the local engine's tests: mint, connect with the subprotocol
// array, record every event and wait for the ones a test expects.
import { expect } from 'vitest';
import WebSocket from 'ws';
import type { TestStack } from '../helpers/stack';
import { agentBody } from './helpers';

export type Event = { type: string; [k: string]: any };

export interface Credential {
  client_secret: string;
  websocket_url: string;
  subprotocols: string[];
  session: Record<string, any>;
}

export const weatherTool = {
  name: 'get_weather',
  description: 'Current weather conditions for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

/** An agent (English, a greeting, the weather tool unless `over` says otherwise) and a session minted for it. */
export async function mintAgentSession(stack: TestStack, over: Record<string, unknown> = {}, key?: string): Promise<{ agent: any; credential: Credential }> {
  const agent = (await stack.api('POST', '/v1/voice/agents', { body: agentBody({ greeting: 'Welcome to the Grand Hotel!', language: 'en', tools: [weatherTool], ...over }), key })).body;
  const r = await stack.api('POST', `/v1/voice/agents/${agent.id}/sessions`, { key });
  expect(r.status).toBe(201);
  return { agent, credential: r.body };
}

/** A connected client that records every event and can wait for one. */
const sockets = new Set<WebSocket>();

/** Closes every connection a test left open (an assertion failed before it closed them). */
export function closeAll(): void {
  for (const ws of sockets) ws.close();
  sockets.clear();
}

export async function connect(credential: Credential) {
  const ws = new WebSocket(credential.websocket_url, credential.subprotocols);
  sockets.add(ws);
  ws.on('close', () => sockets.delete(ws));
  const events: Event[] = [];
  const waiters: Array<{ pred: (e: Event) => boolean; resolve: (e: Event) => void }> = [];
  ws.on('message', (data) => {
    const e = JSON.parse(data.toString()) as Event;
    events.push(e);
    for (const w of [...waiters]) if (w.pred(e)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(e);
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = (type: string, pred: (e: Event) => boolean = () => true, timeoutMs = 15_000) =>
    new Promise<Event>((resolve, reject) => {
      const seen = events.find((e) => e.type === type && pred(e) && !(e as any).__taken);
      if (seen) {
        (seen as any).__taken = true;
        return resolve(seen);
      }
      const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms; got ${events.map((e) => e.type).join(', ')}`)), timeoutMs);
      waiters.push({ pred: (e) => e.type === type && pred(e), resolve: (e) => { clearTimeout(timer); (e as any).__taken = true; resolve(e); } });
    });
  const send = (e: Record<string, unknown>) => ws.send(JSON.stringify(e));
  /** Sends response.create and returns the events of that response, up to response.done. */
  const respond = async (response?: Record<string, unknown>) => {
    const from = events.length;
    send({ type: 'response.create', ...(response ? { response } : {}) });
    const done = await next('response.done');
    return { done, events: events.slice(from) };
  };
  return { ws, events, next, send, respond };
}

export const say = (text: string) => ({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] } });

/** The upgrade's answer when the server refuses it. */
export function refused(url: string, protocols: string[] | undefined, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const ws = new WebSocket(url, protocols, { headers });
    ws.on('open', () => reject(new Error('the connection was accepted')));
    ws.on('error', () => undefined);
    ws.on('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
    });
  });
}

