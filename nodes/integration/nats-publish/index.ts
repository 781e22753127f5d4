import { z } from 'zod';
import { inlineCredential, natsHeaderSet, type NodeDefinition, payloadText, withNats } from '../../../src/engine/node-sdk';

const params = z.object({
  subject: z.string().min(1).max(1024).refine((s) => !/[*>\s]/.test(s), 'no wildcards or spaces in a publish subject').describe('Subject (`orders.created`).'),
  message: z.unknown().describe('Payload; non-strings are sent as JSON.'),
  headers: z.record(z.string(), z.string()).default({}).describe('NATS message headers.'),
  credential: inlineCredential('{url: "nats://host:4222", user, password} or {url, token}'),
});

export const integrationNatsPublish: NodeDefinition<typeof params> = {
  type: 'integration.nats_publish',
  version: 1,
  category: 'integration',
  subcategory: 'messaging',
  name: 'NATS publish',
  description: 'Publishes a message on a NATS subject (core NATS, fire-and-forget after a flush to the server; the `nats` credentials slot); `main` = {subject, bytes}.',
  tags: ['nats', 'publish', 'messaging'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{subject, bytes}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    const data = new TextEncoder().encode(payloadText(p.message));
    return withNats(ctx, p.credential, async (nc) => {
      nc.publish(p.subject, data, { headers: natsHeaderSet(p.headers) });
      await nc.flush();
      return { output: { main: { subject: p.subject, bytes: data.length } } };
    });
  },
};
