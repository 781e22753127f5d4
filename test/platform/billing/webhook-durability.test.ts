import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStack, type TestStack } from '../../helpers/stack';
import { connectWorker } from '../../../src/infra/temporal/connection';
import { createWorker } from '../../../src/infra/temporal/worker';
import { sealSecret } from '../../../src/platform/webhooks/secret-box';
import type { WebhookDeliveryResult } from '../../../src/platform/webhooks/emit';
import { createActivities } from '../../../activities/index';

let stack: TestStack;
let server: Server;
let port = 0;
const hits: number[] = [];
const statuses = [500, 200];

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push(performance.now());
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('webhook delivery survives a worker crash between attempts', () => {
  it('continues with attempt 2 on a new worker after the first worker went away', async () => {
    const deps = stack.atelier.deps;
    const id = `wh_durable${Date.now()}`;
    await deps.db
      .insertInto('webhooks')
      .values({
        id, account_id: stack.accountId, name: 'durable', url: `http://127.0.0.1:${port}/hook`, events: JSON.stringify(['billing.charged']),
        secret_enc: sealSecret(stack.config.encryptionKey, 'whsec_durable'), headers: JSON.stringify({}),
      })
      .execute();
    // A task queue of its own, so only the workers made here run this delivery.
    const queue = `${deps.taskQueue}-durability`;
    const isolated = { ...deps, taskQueue: queue };
    const bundle = { codePath: inject('workflowBundlePath') };
    const connection = await connectWorker(stack.config);
    try {
      const first = await createWorker(isolated, { connection, bundle, activities: createActivities });
      const firstRun = first.run();
      const handle = await deps.temporal.workflow.start('webhookDelivery', {
        taskQueue: queue,
        workflowId: `webhook-delivery-durable-${Date.now()}`,
        args: [{ webhookId: id, accountId: stack.accountId, event: 'billing.charged', timestamp: new Date().toISOString(), data: { n: 1 } }],
      });
      const deadline = Date.now() + 15_000;
      while (hits.length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(hits).toHaveLength(1);
      // The "crash": the only worker stops while the workflow sleeps before attempt 2.
      first.shutdown();
      await firstRun;
      await new Promise((r) => setTimeout(r, 1500));
      expect(hits).toHaveLength(1);

      const second = await createWorker(isolated, { connection, bundle, activities: createActivities });
      const result = (await second.runUntil(handle.result())) as WebhookDeliveryResult;
      expect(result).toEqual({ success: true, attempts: 2, responseStatus: 200 });
      expect(hits).toHaveLength(2);
      expect((hits[1]! - hits[0]!) / 1000).toBeGreaterThanOrEqual(0.95);
      const logs = await stack.api('GET', `/v1/console/webhooks/${id}/logs`);
      expect(logs.body.map((l: any) => [l.payload.attempt, l.response_status, l.success])).toEqual([[2, 200, true], [1, 500, false]]);
    } finally {
      await connection.close();
    }
  });
});
