import type mqtt from 'mqtt';
import { z } from 'zod';
import { brokerError, connectMqtt, inlineCredential, mqttTarget, type NodeDefinition, payloadText, withTimeout } from '../../../src/engine/node-sdk';

const params = z.object({
  topic: z.string().min(1).max(1024).refine((t) => !/[#+]/.test(t), 'wildcards are not allowed when publishing').describe('Topic to publish to (`sensors/kitchen/temp`).'),
  message: z.unknown().describe('Payload; non-strings are sent as JSON.'),
  qos: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(1).describe('Quality of service: 0 at most once, 1 at least once, 2 exactly once.'),
  retain: z.boolean().default(false).describe('Ask the broker to keep it as the topic\'s last value for new subscribers.'),
  credential: inlineCredential('{url: "mqtt://host:1883", username, password}'),
});

export const integrationMqttPublish: NodeDefinition<typeof params> = {
  type: 'integration.mqtt_publish',
  version: 1,
  category: 'integration',
  subcategory: 'iot',
  name: 'MQTT publish',
  description: 'Publishes a message to an MQTT broker (mqtt.js, MQTT 3.1.1/5, the `mqtt` credentials slot) with QoS and retain; succeeds once the broker acknowledged it (QoS ≥ 1). `main` = {topic, bytes}.',
  tags: ['mqtt', 'iot', 'publish', 'messaging'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{topic, bytes}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    const t = await mqttTarget(ctx, p.credential);
    const body = payloadText(p.message);
    let client: mqtt.MqttClient | undefined;
    try {
      client = await connectMqtt(t, `atelier-${ctx.runId.slice(0, 8)}-${ctx.nodeId}`.slice(0, 23));
      await withTimeout(client.publishAsync(p.topic, body, { qos: p.qos, retain: p.retain }), 15_000, 'MQTT publish');
      return { output: { main: { topic: p.topic, bytes: Buffer.byteLength(body) } } };
    } catch (err) {
      throw brokerError('mqtt', err, [t.password]);
    } finally {
      await client?.endAsync().catch(() => undefined);
    }
  },
};
