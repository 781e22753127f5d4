import type amqp from 'amqplib';
import { z } from 'zod';
import { amqpTarget, brokerError, connectAmqp, inlineCredential, type NodeDefinition, payloadText, withTimeout } from '../../../src/engine/node-sdk';

const params = z.object({
  exchange: z.string().max(255).default('').describe('Exchange to publish to; empty = the default exchange, where the routing key is the queue name.'),
  routing_key: z.string().max(255).describe('Routing key (the queue name with the default exchange).'),
  message: z.unknown().describe('The message body; non-strings are sent as JSON (content-type application/json).'),
  assert_queue: z.boolean().default(false).describe('Declare the queue named by routing_key first (durable), so a message to a new queue is not dropped.'),
  persistent: z.boolean().default(true).describe('Ask the broker to store the message on disk.'),
  headers: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}).describe('AMQP message headers.'),
  message_id: z.string().max(255).optional().describe('message_id property (consumers can deduplicate on it).'),
  credential: inlineCredential('{url: "amqp://user:pass@host:5672/vhost"}'),
});

export const integrationRabbitmqPublish: NodeDefinition<typeof params> = {
  type: 'integration.rabbitmq_publish',
  version: 1,
  category: 'integration',
  subcategory: 'messaging',
  name: 'RabbitMQ publish',
  description: 'Publishes a message to a RabbitMQ exchange or queue over AMQP 0-9-1 (amqplib, the `rabbitmq` credentials slot) on a confirm channel, so the node succeeds only once the broker has accepted it; `main` = {exchange, routing_key, bytes}.',
  tags: ['rabbitmq', 'amqp', 'queue', 'publish', 'messaging'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{exchange, routing_key, bytes}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    const t = await amqpTarget(ctx, p.credential);
    const body = Buffer.from(payloadText(p.message));
    let conn: amqp.ChannelModel | undefined;
    try {
      conn = await connectAmqp(t);
      const ch = await conn.createConfirmChannel();
      if (p.assert_queue) await ch.assertQueue(p.routing_key, { durable: true });
      ch.publish(p.exchange, p.routing_key, body, {
        persistent: p.persistent, headers: p.headers, messageId: p.message_id,
        contentType: typeof p.message === 'string' ? 'text/plain' : 'application/json', timestamp: Math.floor(Date.now() / 1000),
      });
      await withTimeout(ch.waitForConfirms(), 15_000, 'AMQP publish confirm');
      await ch.close();
      return { output: { main: { exchange: p.exchange, routing_key: p.routing_key, bytes: body.length } } };
    } catch (err) {
      throw brokerError('rabbitmq', err, [t.password]);
    } finally {
      await conn?.close().catch(() => undefined);
    }
  },
};
