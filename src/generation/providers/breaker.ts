// A circuit breaker per route: after `failures` consecutive fallback-worthy failures the route is
// skipped for `cooldownMs`; then one call is let through (half-open) — its success closes the
// breaker, its failure opens it for another cool-down. Client faults do not count: a bad prompt
// says nothing about the provider's health.

export type BreakerState = 'closed' | 'open' | 'half-open';

export class Breaker {
  private consecutive = 0;
  private openedAt: number | undefined;
  private probing = false;

  constructor(private readonly opts: { failures: number; cooldownMs: number }, private readonly now: () => number = Date.now) {}

  get state(): BreakerState {
    if (this.openedAt === undefined) return 'closed';
    return this.now() - this.openedAt >= this.opts.cooldownMs ? 'half-open' : 'open';
  }

  /** Whether a call may go out now; a half-open breaker lets exactly one probe through at a time. */
  allow(): boolean {
    const state = this.state;
    if (state === 'closed') return true;
    if (state === 'open' || this.probing) return false;
    this.probing = true;
    return true;
  }

  /** Milliseconds until an open breaker lets a probe through (0 when it would now). */
  retryInMs(): number {
    return this.openedAt === undefined ? 0 : Math.max(0, this.opts.cooldownMs - (this.now() - this.openedAt));
  }

  success(): void {
    this.consecutive = 0;
    this.openedAt = undefined;
    this.probing = false;
  }

  failure(): void {
    this.consecutive += 1;
    if (this.probing || this.consecutive >= this.opts.failures) this.openedAt = this.now();
    this.probing = false;
  }

  /** A call that ended in neither (a client fault, a caller abort) releases a probe without judging. */
  release(): void {
    this.probing = false;
  }
}
