import type { PgListener, Subscription } from '../../infra/db/listener';
import { RUN_EVENTS_CHANNEL } from './store';

type Wake = () => void;

/**
 * Wakes every SSE subscriber of a run when its events change, from the process's one LISTEN
 * connection (src/infra/db/listener.ts). NOTIFY is only a wake-up — subscribers re-read the table —
 * so a lost notification (reconnect, Postgres restart) costs latency, never events: whenever the
 * channel is listened on again, everyone is woken and catches up from Postgres.
 */
export class RunEventHub {
  private subscription: Subscription | undefined;
  private readonly subscribers = new Map<string, Set<Wake>>();

  constructor(private readonly listener: PgListener) {}

  async start(): Promise<void> {
    if (this.subscription) return;
    this.subscription = await this.listener.subscribe(RUN_EVENTS_CHANNEL, {
      notify: (runId) => {
        if (runId) this.wake(runId);
      },
      // Anything committed while we were not listening: let every subscriber re-read.
      onReconnect: () => this.wakeAll(),
    });
  }

  async stop(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.unsubscribe();
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
    return this.subscription?.listening ?? false;
  }

  get subscriberCount(): number {
    let n = 0;
    for (const s of this.subscribers.values()) n += s.size;
    return n;
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
