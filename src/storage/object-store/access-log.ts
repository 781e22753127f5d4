import { randomBytes } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { Deps } from '../../deps';
import { s3For } from '../context';

/**
 * Server access logging. The storage server posts one audit record per request (versitygw's log
 * webhook; s3-dev.sh sets it up with S3_EVENTS_TO); for buckets with logging enabled Atelier keeps
 * the records as S3 access-log lines and writes them, batched, as log objects into the target
 * bucket under `<target_prefix>YYYY-MM-DD-HH-MM-SS-<unique>` — every minute, or sooner once a
 * batch is large. As on S3 this is best effort: records buffered in a process that stops are lost.
 */

/** One record of the server's audit log (its field names). */
interface AuditRecord {
  BucketOwner?: string;
  Bucket?: string;
  Time?: string;
  RemoteIP?: string;
  Requester?: string;
  RequestID?: string;
  Operation?: string;
  Key?: string;
  RequestURI?: string;
  HttpStatus?: number;
  ErrorCode?: string;
  BytesSent?: number;
  ObjectSize?: number;
  TotalTime?: number;
  TurnAroundTime?: number;
  Referer?: string;
  UserAgent?: string;
  VersionID?: string;
  HostID?: string;
  SignatureVersion?: string;
  AuthenticationType?: string;
  HostHeader?: string;
  TLSVersion?: string;
}

const FLUSH_LINES = 500;
const FLUSH_EVERY_MS = 60_000;

interface Pending {
  target: string;
  prefix: string;
  lines: string[];
}
/** Per Atelier instance (a process may run several in tests): target bucket + prefix → lines. */
const buffers = new WeakMap<Deps, Map<string, Pending>>();
const timers = new WeakMap<Deps, NodeJS.Timeout>();

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');
const dash = (v: unknown) => (v === undefined || v === null || v === '' ? '-' : String(v));
const quoted = (v: unknown) => (v === undefined || v === null || v === '' ? '-' : `"${String(v).replace(/"/g, '\\"')}"`);

/** An S3 server access log line (the fields S3 documents, in its order). */
export function logLine(r: AuditRecord): string {
  const t = r.Time ? new Date(r.Time) : new Date();
  const time = `[${pad(t.getUTCDate())}/${MONTHS[t.getUTCMonth()]}/${t.getUTCFullYear()}:${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())} +0000]`;
  return [
    dash(r.BucketOwner), dash(r.Bucket), time, dash(r.RemoteIP), dash(r.Requester), dash(r.RequestID), dash(r.Operation), dash(r.Key), quoted(r.RequestURI),
    dash(r.HttpStatus), dash(r.ErrorCode), dash(r.BytesSent), dash(r.ObjectSize), dash(r.TotalTime), dash(r.TurnAroundTime), quoted(r.Referer), quoted(r.UserAgent),
    dash(r.VersionID), dash(r.HostID), dash(r.SignatureVersion), '-', dash(r.AuthenticationType), dash(r.HostHeader), dash(r.TLSVersion), '-', '-',
  ].join(' ');
}

/** Takes one audit record from the server; buffers it when its bucket has logging on. */
export async function recordAccess(deps: Deps, body: unknown): Promise<boolean> {
  const r = body as AuditRecord | null;
  if (!r || typeof r.Bucket !== 'string' || !r.Bucket) return false;
  const bucket = await deps.db.selectFrom('s3_buckets').select(['settings', 'account_id']).where('server_bucket', '=', r.Bucket).where('deleted_at', 'is', null).executeTakeFirst();
  const logging = bucket?.settings.logging as { enabled?: boolean; target_bucket?: string; target_prefix?: string } | undefined;
  if (!bucket || !logging?.enabled || !logging.target_bucket) return false;
  const target = await deps.db
    .selectFrom('s3_buckets')
    .select('server_bucket')
    .where('account_id', '=', bucket.account_id)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('server_bucket', '=', logging.target_bucket!), ...(/^[0-9a-f-]{36}$/i.test(logging.target_bucket!) ? [eb('id', '=', logging.target_bucket!.toLowerCase())] : [])]))
    .executeTakeFirst();
  if (!target) return false;
  const prefix = logging.target_prefix ?? '';
  // Atelier's own log writes are not logged again (a bucket may log into itself).
  if (r.Requester === deps.config.storage.accessKeyId && target.server_bucket === r.Bucket && (r.Key ?? '').startsWith(prefix) && /PutObject/i.test(r.Operation ?? '')) return false;
  let map = buffers.get(deps);
  if (!map) buffers.set(deps, (map = new Map()));
  const id = `${target.server_bucket}\n${prefix}`;
  const pending = map.get(id) ?? { target: target.server_bucket, prefix, lines: [] };
  pending.lines.push(logLine(r));
  map.set(id, pending);
  if (!timers.has(deps)) {
    const timer = setInterval(() => void flushAccessLogs(deps).catch((err: unknown) => deps.logger.warn({ err }, 'could not write access logs')), FLUSH_EVERY_MS);
    timer.unref();
    timers.set(deps, timer);
  }
  if (pending.lines.length >= FLUSH_LINES) await flushAccessLogs(deps);
  return true;
}

/** Writes every buffered batch as one log object in its target bucket; answers the objects written. */
export async function flushAccessLogs(deps: Deps): Promise<string[]> {
  const map = buffers.get(deps);
  if (!map) return [];
  const written: string[] = [];
  for (const [id, pending] of map) {
    if (pending.lines.length === 0) continue;
    const lines = pending.lines.splice(0);
    const t = new Date();
    const key = `${pending.prefix}${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}-${pad(t.getUTCHours())}-${pad(t.getUTCMinutes())}-${pad(t.getUTCSeconds())}-${randomBytes(8).toString('hex').toUpperCase()}`;
    try {
      await s3For(deps).root.send(new PutObjectCommand({ Bucket: pending.target, Key: key, Body: `${lines.join('\n')}\n`, ContentType: 'text/plain' }));
      written.push(`${pending.target}/${key}`);
    } catch (err) {
      // Kept for the next flush (the target may be briefly unreachable).
      pending.lines.unshift(...lines);
      deps.logger.warn({ err, target: pending.target }, 'could not write an access log object');
    }
    if (pending.lines.length === 0) map.delete(id);
  }
  return written;
}

/** Stops the flush timer (at shutdown), writing what is buffered. */
export async function stopAccessLogs(deps: Deps): Promise<void> {
  const timer = timers.get(deps);
  if (timer) clearInterval(timer);
  timers.delete(deps);
  await flushAccessLogs(deps).catch(() => undefined);
}
