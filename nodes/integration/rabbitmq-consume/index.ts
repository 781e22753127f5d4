import type amqp from 'amqplib';
import { z } from 'zod';
import { amqpTarget, brokerError, connectAmqp, decodePayload, inlineCredential, type NodeDefinition } from '../../../src/engine/node-sdk';

const params = z.object({
  queue: z.string().min(1).max(255).describe('Queue to take a message from.'),
  wait_s: z.number().min(0).max(300).default(5).describe('How long to wait for a message when the queue is empty.'),
  ack: z.boolean().default(true).describe('Acknowledge the message (remove it from the queue); false puts it back after reading.'),
  credential: inlineCredential('{url: "amqp://user:pass@host:5672/vhost"}'),
});

export const integrationRabbitmqConsume: NodeDefinition<typeof params> = {
  type: 'integration.rabbitmq_consume',
  version: 1,
  category: 'integration',
  subcategory: 'messaging',
  name: 'RabbitMQ consume one',
  description: 'Takes one message from a RabbitMQ queue (basic.get, polling up to `wait_s`): `main` = {content, json, routing_key, exchange, headers, message_id, redelivered}; `empty` = {queue} when none arrived in time.',
  tags: ['rabbitmq', 'amqp', 'queue', 'consume', 'messaging'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The message.' }, { name: 'empty', description: '{queue} when no message arrived.' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 330 },
  async execute(ctx, { params: p }) {
    const t = await amqpTarget(ctx, p.credential);
    let conn: amqp.ChannelModel | undefined;
    try {
      conn = await connectAmqp(t);
      const ch = await conn.createChannel();
      await ch.checkQueue(p.queue);
      const deadline = Date.now() + p.wait_s * 1000;
      for (;;) {
        const msg = await ch.get(p.queue, { noAck: false });
        if (msg) {
          if (p.ack) ch.ack(msg);
          else ch.nack(msg, false, true);
          const { text, json } = decodePayload(msg.content);
          await ch.close();
          return {
            output: {
              main: {
                content: text, json, routing_key: msg.fields.routingKey, exchange: msg.fields.exchange, redelivered: msg.fields.redelivered,
                headers: msg.properties.headers ?? {}, message_id: msg.properties.messageId ?? null, content_type: msg.properties.contentType ?? null,
              },
            },
          };
        }
        if (Date.now() >= deadline || ctx.signal.aborted) break;
        ctx.heartbeat({ waiting_on: p.queue });
        await new Promise((r) => setTimeout(r, 200));
      }
      await ch.close();
      return { output: { empty: { queue: p.queue } } };
    } catch (err) {
      throw brokerError('rabbitmq', err, [t.password]);
    } finally {
      await conn?.close().catch(() => undefined);
    }
  },
};
