// The loopback servers a chaos batch talks to, and the log of the faults it suffers. Each server
// records when every call arrived, so a repeated side effect can be attributed to a fault that
// happened between its first and last arrival (a call in flight at a kill) or reported as a
// violation (a repeat no fault explains).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export type FaultKind = 'kill' | 'postgres' | 'temporal';

export interface Fault {
  index: number;
  kind: FaultKind;
  label: string;
  /** ms since the epoch: when the fault began, and when the stack answered again. */
  startMs: number;
  endMs: number;
}

/** The faults injected so far, in order. */
export class FaultLog {
  readonly faults: Fault[] = [];

  /** Marks a fault's start; call the returned function once the stack is whole again. */
  begin(kind: FaultKind, label: string): () => Fault {
    const fault: Fault = { index: this.faults.length + 1, kind, label, startMs: Date.now(), endMs: Number.NaN };
    this.faults.push(fault);
    return () => {
      fault.endMs = Date.now();
      return fault;
    };
  }

  /** The first fault that began within [fromMs, toMs] (a repeat between two arrivals), if any. */
  between(fromMs: number, toMs: number): Fault | undefined {
    return this.faults.find((f) => f.startMs >= fromMs - 50 && f.startMs <= toMs);
  }

  /** The fault whose window (plus `graceMs` after it) contains `atMs`, if any. */
  at(atMs: number, graceMs = 2_000): Fault | undefined {
    return this.faults.find((f) => atMs >= f.startMs && atMs <= (Number.isNaN(f.endMs) ? Infinity : f.endMs + graceMs));
  }
}

/** Arrivals per key (ms since the epoch). */
export class Arrivals {
  readonly byKey = new Map<string, number[]>();
  record(key: string): number {
    const list = this.byKey.get(key) ?? [];
    list.push(Date.now());
    this.byKey.set(key, list);
    return list.length;
  }
  count(key: string): number {
    return this.byKey.get(key)?.length ?? 0;
  }
  get total(): number {
    let n = 0;
    for (const l of this.byKey.values()) n += l.length;
    return n;
  }
}

export interface CounterServer {
  port: number;
  arrivals: Arrivals;
  close(): Promise<void>;
}

/**
 * The side-effect counter the engine's http.request nodes call: `/hit?run=<tag>&node=<id>` counts
 * on arrival and answers after `delayMs`, so faults land while calls are in flight.
 */
export function startCounterServer(delayMs: number): Promise<CounterServer> {
  const arrivals = new Arrivals();
  const server = http.createServer((req, reply) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/counts') {
      reply.end(JSON.stringify(Object.fromEntries([...arrivals.byKey].map(([k, v]) => [k, v.length]))));
      return;
    }
    const node = url.searchParams.get('node') ?? '?';
    const run = url.searchParams.get('run') ?? '?';
    const hit = arrivals.record(`${run}/${node}`);
    // For manual checks: /status/503 answers that status, ?delay_ms= another delay.
    const status = Number(/^\/status\/(\d{3})$/.exec(url.pathname)?.[1] ?? 200);
    const delay = Number(url.searchParams.get('delay_ms') ?? delayMs);
    setTimeout(() => {
      reply.writeHead(status, { 'content-type': 'application/json' });
      reply.end(JSON.stringify({ node, hit }));
    }, delay);
  });
  return new Promise((res) => {
    server.listen(0, '127.0.0.1', () =>
      res({
        port: (server.address() as AddressInfo).port,
        arrivals,
        close: () =>
          new Promise<void>((r) => {
            server.close(() => r());
            server.closeAllConnections();
          }),
      }),
    );
  });
}

export interface WebhookReceiver {
  url: string;
  /** PEM of the receiver's self-signed certificate: Atelier trusts it via ATELIER_WEBHOOK_CA_FILE. */
  caFile: string;
  /** Per emitted event (event name, emission timestamp and data): every arrival. */
  arrivals: Arrivals;
  close(): Promise<void>;
}

/** The envelope's identity without `attempt`: the same emission delivered twice has the same key. */
export function webhookEventKey(envelope: { event: string; timestamp: string; data: unknown }): string {
  return `${envelope.event}|${envelope.timestamp}|${JSON.stringify(envelope.data)}`;
}

/** An HTTPS receiver on loopback (webhook URLs must be HTTPS) with a certificate made now. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const dir = mkdtempSync(join(tmpdir(), 'chaos-whcert-'));
  const caFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  await promisify(execFile)('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', caFile, '-days', '1',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
  ]);
  const arrivals = new Arrivals();
  const server = https.createServer({ cert: readFileSync(caFile), key: readFileSync(keyFile) }, (req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      try {
        arrivals.record(webhookEventKey(JSON.parse(raw) as { event: string; timestamp: string; data: unknown }));
      } catch {
        arrivals.record(`unparseable|${raw.slice(0, 80)}`);
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/hook`,
    caFile,
    arrivals,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
        rmSync(dir, { recursive: true, force: true });
      }),
  };
}
