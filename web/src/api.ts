// Talks to the Atelier API with the credential the viewer was given: a console session token
// (POST /v1/console/login) or an API key pasted once. The credential lives in sessionStorage (or
// localStorage when "remember" is ticked) and only ever travels in the Authorization header —
// never in a URL.

const STORE_KEY = 'atelier.viewer.credential';
export const ENGINE = '/engine/v1/v1';

export interface Credential {
  kind: 'session' | 'api_key';
  token: string;
  /** Session tokens expire (one hour); the login form comes back after that. */
  expiresAt?: string;
  email?: string;
}

export function loadCredential(): Credential | null {
  for (const store of [sessionStorage, localStorage]) {
    const raw = store.getItem(STORE_KEY);
    if (!raw) continue;
    try {
      const c = JSON.parse(raw) as Credential;
      if (c.expiresAt && Date.parse(c.expiresAt) <= Date.now()) {
        store.removeItem(STORE_KEY);
        continue;
      }
      if (typeof c.token === 'string' && c.token) return c;
    } catch {
      store.removeItem(STORE_KEY);
    }
  }
  return null;
}

export function saveCredential(c: Credential, remember: boolean): void {
  clearCredential();
  (remember ? localStorage : sessionStorage).setItem(STORE_KEY, JSON.stringify(c));
}

export function clearCredential(): void {
  sessionStorage.removeItem(STORE_KEY);
  localStorage.removeItem(STORE_KEY);
}

/** An API answer that was not 2xx, with the message of the house error envelope when there is one. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** The 422 list (`[{loc, msg, type}]`) when the server sent one. */
    readonly detail?: unknown,
  ) {
    super(message);
  }
}

function failureOf(status: number, body: unknown): ApiFailure {
  const b = body as { error?: { code?: string; message?: string }; detail?: unknown; message?: string } | undefined;
  if (b?.error?.message) return new ApiFailure(status, b.error.message, b.error.code);
  if (Array.isArray(b?.detail)) {
    const first = b.detail[0] as { msg?: string } | undefined;
    return new ApiFailure(status, first?.msg ?? `HTTP ${status}`, undefined, b.detail);
  }
  if (typeof b?.detail === 'string') return new ApiFailure(status, b.detail);
  return new ApiFailure(status, b?.message ?? `HTTP ${status}`);
}

/** Called when the server refuses the credential (401): the app shows the login form again. */
let onUnauthorized: () => void = () => undefined;
export function setUnauthorizedHandler(fn: () => void): void {
  onUnauthorized = fn;
}

export async function api<T>(method: string, path: string, body?: unknown, credential = loadCredential()): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (credential) headers.authorization = `Bearer ${credential.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!res.ok) {
    if (res.status === 401 && credential) onUnauthorized();
    throw failureOf(res.status, parsed);
  }
  return parsed as T;
}

/**
 * Saves a node output port stored apart as a JSON file. The download route needs the Authorization
 * header, so the page fetches it and hands the browser the bytes (a plain link would carry no key).
 */
export async function downloadOutput(path: string, filename: string, credential = loadCredential()): Promise<void> {
  const headers: Record<string, string> = {};
  if (credential) headers.authorization = `Bearer ${credential.token}`;
  const res = await fetch(path, { headers });
  if (!res.ok) {
    if (res.status === 401 && credential) onUnauthorized();
    throw failureOf(res.status, undefined);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function loginWithPassword(email: string, password: string): Promise<Credential> {
  const r = await api<{ token: string; expires_at: string }>('POST', '/v1/console/login', { email, password }, null);
  return { kind: 'session', token: r.token, expiresAt: r.expires_at, email };
}

/** Checks a pasted key (or token) by listing one run with it. */
export async function checkCredential(c: Credential): Promise<void> {
  await api('GET', `${ENGINE}/runs?limit=1`, undefined, c);
}

// ---- API shapes (the parts the viewer reads) ----

export type RunStatus = 'queued' | 'running' | 'completed' | 'failed' | 'timed_out' | 'cancelled';

export interface NodeOutput {
  ok: boolean;
  output: Record<string, unknown>;
  usd_charged: number;
  error: string | null;
  logs: Array<{ level: string; message: string; ts: string }>;
  duration_ms: number;
  skipped?: boolean;
  /** Ports stored apart (their `output` value is a reference with a preview): where to download each. */
  downloads?: Record<string, string>;
}

export interface Run {
  id: string;
  workflow_id: string;
  version: number;
  status: RunStatus;
  trigger_type: string;
  started_at: string | null;
  finished_at: string | null;
  created_at: string;
  current_node: string | null;
  nodes_completed: number;
  nodes_total: number;
  usd_charged: number;
  usd_cap: number | null;
  error: string | null;
  temporal_workflow_id: string;
  node_outputs?: Record<string, NodeOutput>;
}

export interface SpecNode {
  id: string;
  type: string;
  position: [number, number];
  params?: Record<string, unknown>;
  disabled?: boolean;
  notes?: string | null;
}

export interface SpecEdge {
  id: string;
  source: string;
  source_port?: string;
  target: string;
  target_port?: string;
}

export interface WorkflowVersion {
  workflow_id: string;
  version: number;
  spec: { nodes: SpecNode[]; edges: SpecEdge[] };
}

export interface NodeType {
  type: string;
  name: string;
  inputs: Array<{ name: string }>;
  outputs: Array<{ name: string }>;
  execution: 'activity' | 'local' | 'workflow';
}

export interface List<T> {
  data: T[];
  total: number;
  has_more: boolean;
}

// ---- the run's SSE stream ----

export interface RunEvent {
  seq: number;
  type: string;
  data: Record<string, unknown>;
}

/**
 * Follows GET /runs/{id}/events. EventSource cannot send an Authorization header, so the stream is
 * read with fetch; a dropped connection reconnects with `Last-Event-ID` (the last seq seen), so no
 * event is delivered twice. Resolves once the server ends the stream after `run_finished`.
 */
export function followRunEvents(runId: string, onEvent: (e: RunEvent) => void, signal: AbortSignal): Promise<void> {
  let lastSeq = 0;
  let finished = false;
  const once = async () => {
    const credential = loadCredential();
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (credential) headers.authorization = `Bearer ${credential.token}`;
    if (lastSeq > 0) headers['last-event-id'] = String(lastSeq);
    const res = await fetch(`${ENGINE}/runs/${encodeURIComponent(runId)}/events`, { headers, signal });
    if (!res.ok || !res.body) {
      const body: unknown = await res.json().catch(() => undefined);
      if (res.status === 401) onUnauthorized();
      throw failureOf(res.status, body);
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value.replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let id: string | undefined;
        let type = 'message';
        const data: string[] = [];
        for (const line of frame.split('\n')) {
          if (line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const val = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'id') id = val;
          else if (field === 'event') type = val;
          else if (field === 'data') data.push(val);
        }
        if (!data.length) continue;
        const seq = Number(id);
        if (Number.isSafeInteger(seq)) {
          if (seq <= lastSeq) continue;
          lastSeq = seq;
        }
        let parsed: Record<string, unknown> = {};
        try {
          parsed = JSON.parse(data.join('\n')) as Record<string, unknown>;
        } catch {
          /* a frame that is not JSON carries nothing the viewer reads */
        }
        if (type === 'run_finished') finished = true;
        onEvent({ seq, type, data: parsed });
      }
    }
  };
  return (async () => {
    let delay = 500;
    while (!signal.aborted) {
      try {
        await once();
        if (finished) return;
        delay = 500;
      } catch (err) {
        if (signal.aborted) return;
        // Refusals other than a lost connection (401, 403, 404) are final.
        if (err instanceof ApiFailure && err.status >= 400 && err.status < 500 && err.status !== 429) throw err;
      }
      // The server also ends the stream when the run has finished and every event was sent.
      if (finished) return;
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 5000);
    }
  })();
}
