import { z } from 'zod';
import { type NodeDefinition, NodeError, passThrough } from '../../../src/engine/node-sdk';

const MAX_WAIT_S = 3600;
const params = z.object({
  until: z.union([z.string().max(100), z.number()]).describe('When to continue: an ISO 8601 time or epoch milliseconds. A time already past continues at once.'),
  max_wait_s: z.number().int().min(1).max(MAX_WAIT_S).default(900).describe(`Fail instead of waiting longer than this (max ${MAX_WAIT_S} s; for longer waits use control.delay, a durable timer).`),
});

export const systemWaitUntil: NodeDefinition<typeof params> = {
  type: 'system.wait_until',
  version: 1,
  category: 'system',
  subcategory: 'time',
  name: 'Wait until',
  description: 'Holds the branch until a point in time (e.g. a publish time computed upstream), heartbeating its progress so a cancelled run stops it at once and a retried attempt resumes on the same deadline; then passes its input on with {waited_ms}. Waits of more than an hour belong to control.delay.',
  tags: ['time', 'wait', 'schedule'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The input (and `waited_ms` in the node logs).' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: MAX_WAIT_S + 60, heartbeatS: 30 },
  async execute(ctx, { params: p, inputs }) {
    const target = typeof p.until === 'number' ? p.until : Date.parse(p.until);
    if (!Number.isFinite(target)) throw new NodeError(`until is not a time: ${JSON.stringify(p.until)}`, { type: 'invalid_input' });
    const started = Date.now();
    const remaining = target - started;
    if (remaining > p.max_wait_s * 1000) throw new NodeError(`until is ${Math.round(remaining / 1000)} s away, more than max_wait_s (${p.max_wait_s})`, { type: 'invalid_input' });
    while (Date.now() < target) {
      if (ctx.signal.aborted) throw new NodeError('wait cancelled', { type: 'cancelled', retryable: true });
      ctx.heartbeat({ until: new Date(target).toISOString(), remaining_ms: target - Date.now() });
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(5000, Math.max(0, target - Date.now())));
        ctx.signal.addEventListener('abort', () => { clearTimeout(t); resolve(); }, { once: true });
      });
    }
    if (ctx.signal.aborted) throw new NodeError('wait cancelled', { type: 'cancelled', retryable: true });
    ctx.log('info', `waited ${Date.now() - started} ms until ${new Date(target).toISOString()}`);
    return { output: { main: passThrough(inputs) } };
  },
};
