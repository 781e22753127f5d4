// The one test harness of the automation/integration node tests: a hand-made NodeContext (as the
// executor builds it) and `run(type, params, inputs)` that parses params with the node's schema
// and calls `execute` — no Temporal, no stack.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { LocalBlobStore } from '../../src/storage/blob-store';
import type { LogLevel, NodeCapabilities, NodeContext, NodeResult } from '../../src/engine/node-sdk';
import { getNode } from '../index';

export interface Harness {
  ctx: NodeContext;
  logs: { level: LogLevel; message: string }[];
  heartbeats: unknown[];
  abort: AbortController;
}

export function harness(opts: {
  capabilities?: Partial<NodeCapabilities>;
  runInput?: Record<string, unknown>;
  variables?: Record<string, unknown>;
  checkpoint?: unknown;
} = {}): Harness {
  const logs: Harness['logs'] = [];
  const heartbeats: unknown[] = [];
  const abort = new AbortController();
  const ctx: NodeContext = {
    runId: 'run_test', accountId: 'acct_test', workflowId: 'wf_test', nodeId: 'n1', attempt: 1, sandbox: false,
    variables: opts.variables ?? {},
    log: (level, message) => { logs.push({ level, message }); },
    heartbeat: (details) => { heartbeats.push(details); },
    checkpoint: opts.checkpoint,
    signal: abort.signal,
    async charge() { /* automation nodes are free */ },
    allowPrivateNetwork: true,
    ...opts.capabilities,
    runInput: opts.runInput,
  };
  return { ctx, logs, heartbeats, abort };
}

/**
 * What the executor puts on `ctx.credentials` for a node whose spec binds `slots`
 * (src/engine/connections/resolver.ts reads them from engine_connections; here they are given).
 */
export function credentialsFor(slots: Record<string, { secret: string; metadata?: Record<string, unknown>; provider?: string }>) {
  return {
    slots: () => Object.keys(slots),
    async get(slot: string) {
      const c = slots[slot];
      if (!c) throw new Error(`slot ${slot} not bound`);
      return { connection_id: `conn_${slot}`, provider: c.provider ?? slot, name: slot, metadata: c.metadata ?? {}, secret: c.secret };
    },
  };
}

/** Parses `params` with the node's schema (as the executor does) and runs it. */
export async function run(type: string, params: Record<string, unknown> = {}, inputs: Record<string, unknown> = {}, h: Harness = harness()): Promise<NodeResult> {
  const def = getNode(type);
  if (!def?.execute) throw new Error(`no executable node ${type}`);
  return def.execute(h.ctx, { params: def.params.parse(params), inputs });
}

/** `main` of a run. */
export async function main(type: string, params: Record<string, unknown> = {}, inputs: Record<string, unknown> = {}, h?: Harness): Promise<unknown> {
  return (await run(type, params, inputs, h)).output.main;
}

/** A blob store in a fresh temp folder. */
export function tempBlobs(): { blobs: LocalBlobStore; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'nodes-blobs-'));
  return { blobs: new LocalBlobStore(dir, 'test-secret', 'http://files.test'), dir };
}

/** The blob key behind a signed URL the store produced. */
export function keyOfUrl(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace('/v1/files/', ''));
}

/** Every object schema field of a node's params carries a description (the catalogue shows them). */
export function undescribedParams(type: string): string[] {
  const def = getNode(type)!;
  const schema = z.toJSONSchema(def.params, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, { description?: string }> };
  return Object.entries(schema.properties ?? {}).filter(([, s]) => !s.description).map(([k]) => k);
}
