import pg from 'pg';
import type { Logger } from '../../infra/logging/logger';
import { RUN_EVENTS_CHANNEL } from './store';

type Wake = () => void;

/**
 * One LISTEN connection per process that wakes every SSE subscriber of a run when its events
 * change. NOTIFY is only a wake-up — subscribers re-read the table — so a lost notification
 * (reconnect, Postgres restart) costs latency, never events: after reconnecting, everyone is woken.
 */
export class RunEventHub {
  private client: pg.Client | undefined;
  private readonly subscribers = new Map<string, Set<Wake>>();
  private stopped = false;
  private backoffMs = 250;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private connecting: Promise<void> | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly logger: Logger,
  ) {}

  /** Connects (retrying in the background when Postgres is not there yet). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect().catch(() => this.scheduleReconnect());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
    this.wakeAll();
  }

  /** Calls `wake` whenever the run's events may have changed; returns the unsubscribe function. */
  subscribe(runId: string, wake: Wake): () => void {
    let set = this.subscribers.get(runId);
    if (!set) {
      set = new Set();
      this.subscribers.set(runId, set);
    }
    set.add(wake);
    return () => {
      const s = this.subscribers.get(runId);
      if (!s) return;
      s.delete(wake);
      if (s.size === 0) this.subscribers.delete(runId);
    };
  }

  get connected(): boolean {
    return this.client !== undefined;
  }

  get subscriberCount(): number {
    let n = 0;
    for (const s of this.subscribers.values()) n += s.size;
    return n;
  }

  private connect(): Promise<void> {
    if (this.connecting) return this.connecting;
    this.connecting = (async () => {
      const client = new pg.Client({ connectionString: this.connectionString });
      client.on('notification', (msg) => {
        if (msg.channel === RUN_EVENTS_CHANNEL && msg.payload) this.wake(msg.payload);
      });
      client.on('error', (err) => {
        this.logger.warn({ err }, 'run event hub: LISTEN connection failed');
        this.lost(client);
      });
      client.on('end', () => this.lost(client));
      try {
        await client.connect();
        await client.query(`LISTEN ${RUN_EVENTS_CHANNEL}`);
      } catch (err) {
        await client.end().catch(() => undefined);
        throw err;
      }
      if (this.stopped) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.backoffMs = 250;
      // Anything committed while we were not listening: let every subscriber re-read.
      this.wakeAll();
    })().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, 10_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect().catch((err: unknown) => {
        this.logger.warn({ err, retryInMs: this.backoffMs }, 'run event hub: reconnect failed');
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }

  private wake(runId: string): void {
    const set = this.subscribers.get(runId);
    if (!set) return;
    for (const fn of [...set]) fn();
  }

  private wakeAll(): void {
    for (const set of this.subscribers.values()) for (const fn of [...set]) fn();
  }
}
