import { z } from 'zod';
import { inlineCredential, natsHeaderSet, type NodeDefinition, payloadText, withNats } from '../../../src/engine/node-sdk';

const params = z.object({
  subject: z.string().min(1).max(1024).describe('Subject captured by a JetStream stream.'),
  message: z.unknown().describe('Payload; non-strings are sent as JSON.'),
  message_id: z.string().max(255).optional().describe('Nats-Msg-Id: the stream drops a second message with the same id inside its duplicate window (exactly-once publishing across retries). Defaults to <run_id>:<node_id>.'),
  expected_stream: z.string().max(255).optional().describe('Fail unless the subject belongs to this stream.'),
  headers: z.record(z.string(), z.string()).default({}).describe('NATS message headers.'),
  credential: inlineCredential('{url: "nats://host:4222", user, password} or {url, token}'),
});

export const integrationNatsJetstreamPublish: NodeDefinition<typeof params> = {
  type: 'integration.nats_jetstream_publish',
  version: 1,
  category: 'integration',
  subcategory: 'messaging',
  name: 'NATS JetStream publish',
  description: 'Publishes a message to a JetStream stream and waits for the stream\'s acknowledgement: `main` = {stream, seq, duplicate}. The message id defaults to the run and node ids, so a retried node does not store the message twice.',
  tags: ['nats', 'jetstream', 'stream', 'publish', 'messaging'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{stream, seq, duplicate}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    return withNats(ctx, p.credential, async (nc) => {
      const ack = await nc.jetstream().publish(p.subject, new TextEncoder().encode(payloadText(p.message)), {
        msgID: p.message_id ?? `${ctx.runId}:${ctx.nodeId}`, expect: p.expected_stream ? { streamName: p.expected_stream } : undefined, headers: natsHeaderSet(p.headers),
      });
      return { output: { main: { stream: ack.stream, seq: ack.seq, duplicate: ack.duplicate } } };
    });
  },
};
