import pg from 'pg';
import type { Logger } from '../../infra/logging/logger';

/** Channel the `api_keys` and `accounts` triggers notify on (migration …-access-cache-notify). */
export const ACCESS_CHANGES_CHANNEL = 'atelier_access';

/** The most credentials one process keeps; the oldest go first beyond it. */
const MAX_ENTRIES = 10_000;

/**
 * The credentials this process has recently authenticated, keyed by key hash, so an API key's
 * request costs no Postgres query in the common case — without letting a revocation wait.
 *
 * Every change that matters to the access chain is announced by Postgres itself: triggers on
 * `api_keys` (any column but `last_used_at`) and on `accounts` (balance, lifetime spend, tier
 * override, status) `pg_notify` the key id or the account id, in the changing transaction. This
 * process LISTENs on its own connection and drops what changed.
 *
 * "Immediate" is kept exactly, not approximately: before a request reads the cache it waits for a
 * barrier — one `select 1` on the LISTEN connection, sent after the request arrived. Postgres
 * delivers every notification of a transaction that committed before that query ran ahead of the
 * query's answer, and a writer's COMMIT returns only after its notifications are queued and the
 * listeners signalled. So a revocation (or scope, IP, balance change) committed before the request
 * arrived — by this process or by any other on the same database — has been applied to the cache
 * by the time the cache is read. Requests arriving while a barrier is in flight share the next
 * one, so under load one round trip serves many requests.
 *
 * While the LISTEN connection is down the cache is emptied and bypassed (every request reads the
 * database, as without a cache); it fills again once the connection is back.
 */
export class CredentialCache<T extends { key: { id: string }; accountId: string }> {
  private client: pg.Client | undefined;
  private readonly byHash = new Map<string, T>();
  private readonly hashById = new Map<string, string>();
  private readonly hashesByAccount = new Map<string, Set<string>>();
  /** Bumped by every notification and by every connect/disconnect: a read older than it is not kept. */
  private generation = 0;
  private inflight: Promise<boolean> | undefined;
  private queued: Promise<boolean> | undefined;
  private stopped = false;
  private backoffMs = 250;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private connecting: Promise<void> | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly logger: Logger,
  ) {}

  /** Connects (retrying in the background when Postgres is not there yet; the cache stays off meanwhile). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect().catch(() => this.scheduleReconnect());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.drop();
    await client?.end().catch(() => undefined);
  }

  get connected(): boolean {
    return this.client !== undefined;
  }

  get size(): number {
    return this.byHash.size;
  }

  /**
   * Resolves true once every change committed before this call has reached the cache; false when
   * the cache cannot vouch for that (not listening) and the caller must read the database.
   */
  sync(): Promise<boolean> {
    if (!this.client) return Promise.resolve(false);
    if (!this.inflight) return this.barrier();
    // The barrier in flight may have been sent before this call: wait for the next one.
    this.queued ??= this.inflight.then(() => {
      this.queued = undefined;
      return this.barrier();
    });
    return this.queued;
  }

  /** The cached credential; only meaningful right after `sync()` resolved true. */
  get(hash: string): T | undefined {
    return this.byHash.get(hash);
  }

  /** Call before reading a credential from the database; hand the value to `put`. */
  mark(): number {
    return this.generation;
  }

  /**
   * Keeps a credential read from the database, unless any change was announced (or the connection
   * changed) since `mark()`: that read may predate the change, and no later notification would
   * correct it.
   */
  put(hash: string, value: T, mark: number): void {
    if (!this.client || mark !== this.generation) return;
    this.forget(hash);
    if (this.byHash.size >= MAX_ENTRIES) {
      const oldest = this.byHash.keys().next().value;
      if (oldest !== undefined) this.forget(oldest);
    }
    this.byHash.set(hash, value);
    this.hashById.set(value.key.id, hash);
    let set = this.hashesByAccount.get(value.accountId);
    if (!set) {
      set = new Set();
      this.hashesByAccount.set(value.accountId, set);
    }
    set.add(hash);
  }

  private barrier(): Promise<boolean> {
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

  /** Applies one notification: `k:<key id>` or `a:<account id>`. */
  private changed(payload: string): void {
    this.generation += 1;
    const id = payload.slice(2);
    if (payload.startsWith('k:')) {
      const hash = this.hashById.get(id);
      if (hash) this.forget(hash);
    } else if (payload.startsWith('a:')) {
      const hashes = this.hashesByAccount.get(id);
      if (hashes) for (const hash of [...hashes]) this.forget(hash);
    } else {
      this.clear();
    }
  }

  private forget(hash: string): void {
    const value = this.byHash.get(hash);
    if (!value) return;
    this.byHash.delete(hash);
    if (this.hashById.get(value.key.id) === hash) this.hashById.delete(value.key.id);
    const set = this.hashesByAccount.get(value.accountId);
    if (set) {
      set.delete(hash);
      if (set.size === 0) this.hashesByAccount.delete(value.accountId);
    }
  }

  private clear(): void {
    this.byHash.clear();
    this.hashById.clear();
    this.hashesByAccount.clear();
  }

  /** Stops vouching: empties the cache and forgets the connection. */
  private drop(): void {
    this.client = undefined;
    this.generation += 1;
    this.clear();
  }

  private connect(): Promise<void> {
    if (this.connecting) return this.connecting;
    this.connecting = (async () => {
      const client = new pg.Client({ connectionString: this.connectionString });
      client.on('notification', (msg) => {
        if (msg.channel === ACCESS_CHANGES_CHANNEL && this.client === client) this.changed(msg.payload ?? '');
      });
      client.on('error', (err) => {
        this.logger.warn({ err }, 'credential cache: LISTEN connection failed; reading keys from the database meanwhile');
        this.lost(client);
      });
      client.on('end', () => this.lost(client));
      try {
        await client.connect();
        await client.query(`LISTEN ${ACCESS_CHANGES_CHANNEL}`);
      } catch (err) {
        await client.end().catch(() => undefined);
        throw err;
      }
      if (this.stopped) {
        await client.end().catch(() => undefined);
        return;
      }
      // Listening from here on: whatever was read before cannot be kept.
      this.generation += 1;
      this.clear();
      this.client = client;
      this.backoffMs = 250;
    })().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.drop();
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
        this.logger.warn({ err, retryInMs: this.backoffMs }, 'credential cache: reconnect failed');
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }
}
