// Test support for the core node tests (nodes/<category>/<name>/index.test.ts): `execute` called
// with a hand-made context that records logs, charges and the order of calls, and fake AI providers
// (external services) for ai.chat and image.generate.
import { expect } from 'vitest';
import type { LogLevel, NodeCapabilities, NodeContext } from '../../src/engine/node-sdk';
import { getNode } from '../index';

export interface Harness {
  ctx: NodeContext;
  logs: { level: LogLevel; message: string }[];
  charges: { micros: number; operation: string }[];
  calls: string[];
  abort: AbortController;
}

export function harness(opts: { capabilities?: Partial<NodeCapabilities>; runInput?: Record<string, unknown>; variables?: Record<string, unknown>; refuseCharge?: boolean } = {}): Harness {
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
    allowPrivateNetwork: false,
    ...opts.capabilities,
    runInput: opts.runInput,
  };
  return { ctx, logs, charges, calls, abort };
}

/** Parses params with the node's schema (as the executor does) and runs it. */
export async function run(type: string, params: Record<string, unknown>, h: Harness = harness(), inputs: Record<string, unknown> = {}) {
  const def = getNode(type)!;
  expect(def, type).toBeDefined();
  return def.execute!(h.ctx, { params: def.params.parse(params), inputs });
}

/** Stand-ins for the AI providers: they record every request and the moment they were called. */
export function fakeProviders(calls: string[]) {
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
      return { data: Buffer.from(`PNG ${req.width}x${req.height}`), mime: 'image/png' as const };
    },
  };
}

