import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Deps } from '../../deps';
import type { S3Bucket } from '../../infra/db/schema/index';
import { coded } from '../../infra/http/errors';
import { startDelivery } from '../../platform/webhooks/emit';
import type { StorageConfig } from '../config';
import { brokerAddress, publish, type QueueBroker } from './notify-queues';
import { enqueueReplication } from './replication';

/**
 * Bucket event notifications. The storage server (versitygw started with an event webhook URL,
 * see s3-dev.sh) posts every object event of every bucket to one Atelier URL; Atelier finds the
 * bucket, matches the event against the bucket's notification targets (event type, key prefix and
 * suffix) and hands each match to the target — webhook targets through the signed, retried
 * webhook delivery workflow. SNS, SQS and Lambda ARNs are kept and not delivered to (there is no
 * AWS behind this server).
 */

export interface NotificationTarget {
  id?: string;
  events: string[];
  filter_prefix?: string;
  filter_suffix?: string;
}
export interface WebhookTarget extends NotificationTarget {
  webhook_id: string;
}
export interface QueueTarget extends NotificationTarget {
  connection_id: string;
  broker: QueueBroker;
  topic: string;
}

/** One record of the server's event (the S3 event message format). */
interface EventRecord {
  eventName?: string;
  eventTime?: string;
  userIdentity?: { PrincipalId?: string };
  s3?: { bucket?: { name?: string }; object?: { key?: string; size?: number; eTag?: string | null; versionId?: string | null } };
}

/**
 * The secret part of the event URL, derived from the root credentials so every Atelier process
 * and the server's start script agree without storing anything (s3-dev.sh computes the same).
 */
export function eventToken(config: StorageConfig): string {
  return createHmac('sha256', config.secretAccessKey).update('atelier-s3-events').digest('base64url');
}

export function tokenMatches(config: StorageConfig, token: string): boolean {
  const want = Buffer.from(eventToken(config));
  const got = Buffer.from(token);
  return got.length === want.length && timingSafeEqual(got, want);
}

/** `s3:ObjectCreated:*` matches every ObjectCreated event; other names match exactly. */
export function eventMatches(configured: string, eventName: string): boolean {
  if (configured === eventName) return true;
  return configured.endsWith(':*') && eventName.startsWith(configured.slice(0, -1));
}

export function targetMatches(t: NotificationTarget, eventName: string, key: string): boolean {
  return t.events.some((e) => eventMatches(e, eventName)) && key.startsWith(t.filter_prefix ?? '') && key.endsWith(t.filter_suffix ?? '');
}

/** The server names a multi-object delete as its own event; S3 clients know it as Delete. */
function normalisedName(name: string): string {
  return name === 's3:ObjectRemoved:DeleteObjects' ? 's3:ObjectRemoved:Delete' : name;
}

function objectKey(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Every id must name a row of the bucket's account in `table`; 400 `error` listing the others. */
async function checkOwned(deps: Deps, bucket: S3Bucket, table: 'webhooks' | 'engine_connections', ids: string[], error: string, message: string): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const found = await deps.db.selectFrom(table).select('id').where('account_id', '=', bucket.account_id).where('id', 'in', wanted).execute();
  const missing = wanted.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw coded(400, error, message, { ids: missing });
}

/** Webhook targets must be the account's own webhooks. */
export function checkWebhookTargets(deps: Deps, bucket: S3Bucket, targets: WebhookTarget[]): Promise<void> {
  return checkOwned(deps, bucket, 'webhooks', targets.map((t) => t.webhook_id), 'invalid_webhook', 'Every webhook_id must be one of your webhooks (see /v1/console/webhooks).');
}

/** Queue targets must name the account's own connections. */
export function checkQueueTargets(deps: Deps, bucket: S3Bucket, targets: QueueTarget[]): Promise<void> {
  return checkOwned(deps, bucket, 'engine_connections', targets.map((t) => t.connection_id), 'invalid_connection', 'Every connection_id must be one of your connections (see /engine/v1/connections).');
}

/**
 * Routes one batch of server events to notification targets and replication rules; answers how
 * many deliveries (and replications) started. Never throws per record.
 */
export async function routeEvents(deps: Deps, body: unknown): Promise<number> {
  const records = (body as { Records?: EventRecord[] } | null)?.Records;
  if (!Array.isArray(records)) return 0;
  let started = 0;
  for (const record of records) {
    const bucketName = record?.s3?.bucket?.name;
    const rawName = record?.eventName;
    if (typeof bucketName !== 'string' || typeof rawName !== 'string' || typeof record.s3?.object?.key !== 'string') continue;
    const bucket = await deps.db.selectFrom('s3_buckets').selectAll().where('server_bucket', '=', bucketName).where('deleted_at', 'is', null).executeTakeFirst();
    if (!bucket) continue;
    const eventName = normalisedName(rawName);
    const key = objectKey(record.s3.object.key);
    const o = record.s3.object;
    if (bucket.settings.replication) {
      try {
        started += await enqueueReplication(deps, bucket, { name: eventName, key, versionId: o.versionId ?? null, time: record.eventTime ?? null, principal: record.userIdentity?.PrincipalId ?? null });
      } catch (err) {
        deps.logger.error({ err, bucket: bucket.id }, 'could not queue a replication');
      }
    }
    const config = bucket.settings.notifications as { webhooks?: WebhookTarget[]; queues?: QueueTarget[] } | undefined;
    if (!config?.webhooks?.length && !config?.queues?.length) continue;
    const data = (target: NotificationTarget) => ({
      bucket_id: bucket.id,
      aws_bucket_name: bucket.server_bucket,
      notification_id: target.id ?? null,
      event_name: eventName,
      event_time: record.eventTime ?? null,
      object: { key, size: o.size ?? null, etag: o.eTag ?? null, version_id: o.versionId ?? null },
    });
    for (const target of config.webhooks ?? []) {
      if (!targetMatches(target, eventName, key)) continue;
      try {
        await startDelivery(deps, { webhookId: target.webhook_id, accountId: bucket.account_id, event: eventName, timestamp: new Date().toISOString(), data: data(target) });
        started += 1;
      } catch (err) {
        deps.logger.error({ err, bucket: bucket.id, webhook: target.webhook_id }, 'could not start a bucket notification delivery');
      }
    }
    for (const target of config.queues ?? []) {
      if (!targetMatches(target, eventName, key)) continue;
      try {
        const address = await brokerAddress(deps, bucket.account_id, target.connection_id, target.broker);
        await publish(target.broker, address, target.topic, JSON.stringify({ event: eventName, timestamp: new Date().toISOString(), data: data(target) }));
        started += 1;
      } catch (err) {
        // The message names no secret (brokerAddress and the clients' errors carry none we add).
        deps.logger.warn({ err: (err as Error).message, bucket: bucket.id, connection: target.connection_id, broker: target.broker }, 'could not publish a bucket notification');
      }
    }
  }
  return started;
}
