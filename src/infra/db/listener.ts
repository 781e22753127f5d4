import pg from 'pg';
import type { Logger } from '../logging/logger';

/** `application_name` of the listener's connection, so operators (and tests) can tell it apart in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'atelier-listener';

/** What a subscriber of one channel is told. */
export interface ChannelHandlers {
  /** One NOTIFY on the channel (payload '' when none was sent). */
  notify(payload: string): void;
  /**
   * The channel is listened on over a fresh connection — after subscribing and after every
   * reconnect. Anything notified before this point may have been missed: re-read or drop caches.
   */
  onReconnect?(): void;
  /** The connection is gone; nothing is heard until the next `onReconnect`. */
  onDisconnect?(): void;
}

export interface Subscription {
  /** True while this subscription's channel is LISTENed on the current connection. */
  readonly listening: boolean;
  /** Stops delivering to these handlers; the channel is UNLISTENed when it was the last subscriber. */
  unsubscribe(): Promise<void>;
}

interface Entry {
  channel: string;
  handlers: ChannelHandlers;
  /** The connection this subscription's LISTEN completed on; `listening` compares it with the current one. */
  on: pg.Client | undefined;
  active: boolean;
}

/**
 * The process's one Postgres connection for LISTEN/NOTIFY, shared by everything that listens (the
 * run event hub, the credential cache): one backend per process however many channels, instead of
 * one per feature.
 *
 * It reconnects with backoff (250 ms doubling to 10 s) when Postgres drops the connection or is not
 * there yet, re-LISTENs every subscribed channel, and then tells each subscriber through
 * `onReconnect` so it can catch up on what it may have missed.
 *
 * `barrier()` is the round trip the credential cache relies on for "immediate": see there.
 */
export class PgListener {
  private client: pg.Client | undefined;
  private readonly channels = new Map<string, Set<Entry>>();
  private stopped = false;
  private backoffMs = 250;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private connecting: Promise<void> | undefined;
  private inflight: Promise<boolean> | undefined;
  private queued: Promise<boolean> | undefined;

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
    this.reconnectTimer = undefined;
    const client = this.client;
    if (client) this.lose(client);
    await client?.end().catch(() => undefined);
  }

  get connected(): boolean {
    return this.client !== undefined;
  }

  /** The Postgres backend pid of the current connection (pg_stat_activity.pid); undefined while down. */
  get backendPid(): number | undefined {
    // Set by pg once connected; not in its type definitions.
    return (this.client as (pg.Client & { processID?: number }) | undefined)?.processID;
  }

  /**
   * Delivers the channel's notifications to `handlers`. Resolves once the channel is listened on
   * (at once, when the connection is down: it will be on reconnect, followed by `onReconnect`).
   */
  async subscribe(channel: string, handlers: ChannelHandlers): Promise<Subscription> {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`PgListener: channel names are plain identifiers, got ${JSON.stringify(channel)}`);
    const entry: Entry = { channel, handlers, on: undefined, active: true };
    let set = this.channels.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
    }
    set.add(entry);
    const client = this.client;
    if (client) {
      try {
        // Queued behind any LISTEN of the same channel already in flight, so one query is enough either way.
        if (first) await client.query(`LISTEN ${channel}`);
        else await client.query('select 1');
        if (this.client === client && entry.active) {
          entry.on = client;
          entry.handlers.onReconnect?.();
        }
      } catch {
        // The connection failed meanwhile: the reconnect will LISTEN and call onReconnect.
      }
    }
    const listening = () => entry.active && entry.on !== undefined && entry.on === this.client;
    return {
      get listening() {
        return listening();
      },
      unsubscribe: () => this.unsubscribe(entry),
    };
  }

  /**
   * Resolves true once every notification committed before this call has been delivered; false
   * when the connection is down or changed meanwhile (so something may have been missed).
   *
   * One `select 1` on the LISTEN connection: Postgres sends every notification of a transaction
   * that committed before the query ran ahead of the query's answer, and a writer's COMMIT returns
   * only after its notifications are queued. Calls arriving while a barrier is in flight share the
   * next one (the one in flight may have been sent before they arrived), so under load one round
   * trip serves many callers.
   */
  barrier(): Promise<boolean> {
    if (!this.client) return Promise.resolve(false);
    if (!this.inflight) return this.sendBarrier();
    this.queued ??= this.inflight.then(() => {
      this.queued = undefined;
      return this.sendBarrier();
    });
    return this.queued;
  }

  private sendBarrier(): Promise<boolean> {
    const client = this.client;
    if (!client) return Promise.resolve(false);
    const run = client.query('select 1').then(
      // Still the same connection, so nothing was missed between the barrier and now.
      () => this.client === client,
      () => false,
    );
    this.inflight = run;
    void run.then(() => {
      if (this.inflight === run) this.inflight = undefined;
    });
    return run;
  }

  private async unsubscribe(entry: Entry): Promise<void> {
    if (!entry.active) return;
    entry.active = false;
    entry.on = undefined;
    const set = this.channels.get(entry.channel);
    if (!set) return;
    set.delete(entry);
    if (set.size > 0) return;
    this.channels.delete(entry.channel);
    await this.client?.query(`UNLISTEN ${entry.channel}`).catch(() => undefined);
  }

  private deliver(channel: string, payload: string): void {
    const set = this.channels.get(channel);
    if (!set) return;
    for (const entry of [...set]) if (entry.active && entry.on === this.client) entry.handlers.notify(payload);
  }

  private connect(): Promise<void> {
    if (this.connecting) return this.connecting;
    this.connecting = (async () => {
      const client = new pg.Client({ connectionString: this.connectionString, application_name: LISTENER_APPLICATION_NAME });
      client.on('notification', (msg) => {
        if (this.client === client) this.deliver(msg.channel, msg.payload ?? '');
      });
      client.on('error', (err) => {
        this.logger.warn({ err }, 'LISTEN connection failed; reconnecting');
        this.lost(client);
      });
      client.on('end', () => this.lost(client));
      try {
        await client.connect();
        for (const channel of this.channels.keys()) await client.query(`LISTEN ${channel}`);
      } catch (err) {
        await client.end().catch(() => undefined);
        throw err;
      }
      if (this.stopped) {
        await client.end().catch(() => undefined);
        return;
      }
      // The loop above saw every channel subscribed meanwhile (a Map iterator is live), and nothing
      // awaits between its end and here: every subscribed channel is listened on.
      this.client = client;
      this.backoffMs = 250;
      for (const set of this.channels.values()) {
        for (const entry of [...set]) {
          if (!entry.active) continue;
          entry.on = client;
          entry.handlers.onReconnect?.();
        }
      }
    })().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  /** The connection ended or failed: tell the subscribers, then try again. */
  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.lose(client);
    void client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private lose(client: pg.Client): void {
    this.client = undefined;
    client.removeAllListeners('notification');
    for (const set of this.channels.values()) {
      for (const entry of [...set]) {
        if (entry.on !== client) continue;
        entry.on = undefined;
        entry.handlers.onDisconnect?.();
      }
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, 10_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect().catch((err: unknown) => {
        this.logger.warn({ err, retryInMs: this.backoffMs }, 'LISTEN reconnect failed');
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }
}
