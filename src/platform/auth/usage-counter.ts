import { sql } from 'kysely';
import type { Database } from '../../infra/db/index';

const FLUSH_EVERY_MS = 5_000;

/**
 * Requests per key per UTC day, for `requests_30d`. Counting is a map increment
 * on the request path; the counts reach Postgres in one upsert every few seconds, so the database
 * never sits between a client and its response.
 */
export class KeyUsageCounter {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  record(keyId: string): void {
    const key = `${keyId}|${utcDay(this.now())}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.flush();
      }, FLUSH_EVERY_MS);
      this.timer.unref();
    }
  }

  /** Writes what has been counted so far; safe to call at any time (flushes run one at a time). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write()).catch(() => undefined);
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const rows = [...batch].map(([k, requests]) => {
      const [key_id, day] = k.split('|') as [string, string];
      return { key_id, day, requests };
    });
    try {
      await this.db
        .insertInto('api_key_daily_requests')
        .values(rows)
        .onConflict((oc) => oc.columns(['key_id', 'day']).doUpdateSet({ requests: sql`api_key_daily_requests.requests + excluded.requests` }))
        .execute();
    } catch {
      // Bookkeeping only. A key deleted meanwhile (foreign key) or a database hiccup loses a few counts.
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}

const DAY_MS = 86_400_000;
let dayCache = { start: 0, label: '1970-01-01' };

/** `YYYY-MM-DD` (UTC) of a timestamp; the label is formatted once per day, not once per request. */
export function utcDay(ms: number): string {
  if (ms >= dayCache.start && ms < dayCache.start + DAY_MS) return dayCache.label;
  const start = ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
  const label = new Date(start).toISOString().slice(0, 10);
  dayCache = { start, label };
  return label;
}
