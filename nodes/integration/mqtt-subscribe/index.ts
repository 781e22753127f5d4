import type mqtt from 'mqtt';
import { z } from 'zod';
import { brokerError, connectMqtt, decodePayload, inlineCredential, mqttTarget, type NodeDefinition } from '../../../src/engine/node-sdk';

const params = z.object({
  topic: z.string().min(1).max(1024).describe('Topic filter; `+` and `#` wildcards allowed (`sensors/+/temp`).'),
  wait_s: z.number().min(0.1).max(300).default(10).describe('How long to wait for a message.'),
  qos: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(1).describe('Subscription QoS.'),
  credential: inlineCredential('{url: "mqtt://host:1883", username, password}'),
});

export const integrationMqttSubscribe: NodeDefinition<typeof params> = {
  type: 'integration.mqtt_subscribe',
  version: 1,
  category: 'integration',
  subcategory: 'iot',
  name: 'MQTT subscribe (one message)',
  description: 'Subscribes to an MQTT topic filter and emits the first message that arrives (a retained one counts) within `wait_s`: `main` = {topic, payload, json, retained}; `timeout` = {topic} when none came.',
  tags: ['mqtt', 'iot', 'subscribe', 'messaging'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{topic, payload, json, retained}' }, { name: 'timeout', description: '{topic} when nothing arrived.' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 330 },
  async execute(ctx, { params: p }) {
    const t = await mqttTarget(ctx, p.credential);
    let client: mqtt.MqttClient | undefined;
    try {
      client = await connectMqtt(t);
      const c = client;
      const first = new Promise<{ topic: string; payload: Buffer; retain: boolean }>((resolve) => c.once('message', (topic, payload, packet) => resolve({ topic, payload, retain: packet.retain })));
      await c.subscribeAsync(p.topic, { qos: p.qos });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => { timer = setTimeout(() => resolve(null), p.wait_s * 1000); ctx.signal.addEventListener('abort', () => resolve(null), { once: true }); });
      const msg = await Promise.race([first, timeout]);
      clearTimeout(timer);
      if (!msg) return { output: { timeout: { topic: p.topic } } };
      const { text, json } = decodePayload(msg.payload);
      return { output: { main: { topic: msg.topic, payload: text, json, retained: msg.retain } } };
    } catch (err) {
      throw brokerError('mqtt', err, [t.password]);
    } finally {
      await client?.endAsync().catch(() => undefined);
    }
  },
};
