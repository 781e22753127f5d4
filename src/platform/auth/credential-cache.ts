import type { PgListener, Subscription } from '../../infra/db/listener';

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
 * process LISTENs on the process's listener connection (src/infra/db/listener.ts) and drops what
 * changed.
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
 * database, as without a cache); when it is back the cache starts empty, since changes made while
 * it was down were not heard.
 */
export class CredentialCache<T extends { key: { id: string }; accountId: string }> {
  private subscription: Subscription | undefined;
  private readonly byHash = new Map<string, T>();
  private readonly hashById = new Map<string, string>();
  private readonly hashesByAccount = new Map<string, Set<string>>();
  /** Bumped by every notification and by every connect/disconnect: a read older than it is not kept. */
  private generation = 0;

  constructor(private readonly listener: PgListener) {}

  /** Subscribes to the access channel (the cache stays off until the listener is connected). */
  async start(): Promise<void> {
    if (this.subscription) return;
    this.subscription = await this.listener.subscribe(ACCESS_CHANGES_CHANNEL, {
      notify: (payload) => this.changed(payload),
      // Listening from here on: whatever was read before cannot be kept.
      onReconnect: () => this.drop(),
      onDisconnect: () => this.drop(),
    });
  }

  /** Stops listening (the listener connection stays, for its other subscribers); the cache empties and is bypassed. */
  async stop(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = undefined;
    this.drop();
    await subscription?.unsubscribe();
  }

  get connected(): boolean {
    return this.subscription?.listening ?? false;
  }

  get size(): number {
    return this.byHash.size;
  }

  /**
   * Resolves true once every change committed before this call has reached the cache; false when
   * the cache cannot vouch for that (not listening) and the caller must read the database.
   */
  async sync(): Promise<boolean> {
    // Listening means our LISTEN completed on the current connection, so a barrier sent on it now
    // comes back after every notification committed before this call (false if the connection changed).
    if (!this.connected) return false;
    return (await this.listener.barrier()) && this.connected;
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
    if (!this.connected || mark !== this.generation) return;
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

  /** Empties the cache and invalidates reads in flight (connection lost, back, or stopped). */
  private drop(): void {
    this.generation += 1;
    this.clear();
  }
}
