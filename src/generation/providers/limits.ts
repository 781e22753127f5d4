// Per-provider limits: calls in flight (a semaphore; a caller waits up to `waitMs` for a slot)
// and calls started per minute (a token bucket refilled continuously). Either limit reached is a
// `rate_limited` ProviderError, so the gateway moves to the next route or answers 503 with
// Retry-After instead of queueing without bound.
import { ProviderError } from './errors';
import type { Limits } from './config';

export class ProviderLimiter {
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];
  private tokens: number;
  private refilledAt: number;

  constructor(private readonly provider: string, private readonly limits: Limits, private readonly waitMs = 5000, private readonly now: () => number = Date.now) {
    this.tokens = limits.rpm;
    this.refilledAt = now();
  }

  /** Takes a slot (and a rate token); returns its release. Throws rate_limited when neither comes. */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    this.takeToken();
    if (this.limits.maxConcurrency > 0 && this.inFlight >= this.limits.maxConcurrency) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          const i = this.waiting.indexOf(grant);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(new ProviderError('rate_limited', `${this.provider}: ${this.limits.maxConcurrency} calls already in flight`, { provider: this.provider, retryAfterMs: 1000 }));
        }, this.waitMs);
        const grant = () => {
          clearTimeout(timer);
          resolve();
        };
        this.waiting.push(grant);
        signal?.addEventListener('abort', () => {
          const i = this.waiting.indexOf(grant);
          if (i >= 0) this.waiting.splice(i, 1);
          clearTimeout(timer);
          reject(signal.reason);
        }, { once: true });
      });
    } else {
      this.inFlight += 1;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter (inFlight unchanged), or frees.
      if (next) next();
      else this.inFlight -= 1;
    };
  }

  private takeToken(): void {
    const rpm = this.limits.rpm;
    if (rpm <= 0) return;
    const now = this.now();
    this.tokens = Math.min(rpm, this.tokens + ((now - this.refilledAt) / 60_000) * rpm);
    this.refilledAt = now;
    if (this.tokens < 1) {
      const waitMs = Math.ceil(((1 - this.tokens) / rpm) * 60_000);
      throw new ProviderError('rate_limited', `${this.provider}: more than ${rpm} calls a minute`, { provider: this.provider, retryAfterMs: waitMs });
    }
    this.tokens -= 1;
  }
}
