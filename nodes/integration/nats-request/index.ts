import { z } from 'zod';
import { decodePayload, inlineCredential, natsHeaderSet, type NodeDefinition, NodeError, payloadText, withNats } from '../../../src/engine/node-sdk';

const params = z.object({
  subject: z.string().min(1).max(1024).describe('Subject a service answers on (`pricing.quote`).'),
  message: z.unknown().describe('Request payload; non-strings are sent as JSON.'),
  headers: z.record(z.string(), z.string()).default({}).describe('NATS message headers.'),
  timeout_s: z.number().positive().max(120).default(5).describe('How long to wait for the reply.'),
  credential: inlineCredential('{url: "nats://host:4222", user, password} or {url, token}'),
});

export const integrationNatsRequest: NodeDefinition<typeof params> = {
  type: 'integration.nats_request',
  version: 1,
  category: 'integration',
  subcategory: 'messaging',
  name: 'NATS request',
  description: 'Sends a NATS request and waits for the first reply (request/reply over an inbox): `main` = {subject, reply, json, headers}. No responder or no reply in time fails the node (retryable).',
  tags: ['nats', 'request', 'rpc', 'messaging'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{subject, reply, json, headers}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 180 },
  async execute(ctx, { params: p }) {
    return withNats(ctx, p.credential, async (nc) => {
      try {
        const msg = await nc.request(p.subject, new TextEncoder().encode(payloadText(p.message)), { timeout: Math.round(p.timeout_s * 1000), headers: natsHeaderSet(p.headers) });
        const { text, json } = decodePayload(msg.data);
        const headers: Record<string, string> = {};
        if (msg.headers) for (const [k, v] of msg.headers) headers[k] = v.join(', ');
        return { output: { main: { subject: p.subject, reply: text, json, headers } } };
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === '503') throw new NodeError(`nats: no responders on ${p.subject}`, { type: 'nats_no_responders', retryable: true });
        if (code === 'TIMEOUT') throw new NodeError(`nats: no reply on ${p.subject} within ${p.timeout_s} s`, { type: 'timeout', retryable: true });
        throw err;
      }
    });
  },
};
