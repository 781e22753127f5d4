import { storyError } from './errors';

/**
 * Per-account sliding one-minute windows for the story endpoints (generate 3/min,
 * step* 10/min; poll-videos is a poll route, 60/min per), scaled by
 * ATELIER_RATE_LIMIT_SCALE like every other limit (the caller scales). In-process: with several
 * API processes the platform's shared limiter (src/limits, Redis) is the one to rely on.
 */
export class SlidingWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly windowMs = 60_000) {}

  /** Records a hit, or throws 429 rate_limited with Retry-After when the window is full. */
  hit(key: string, limit: number, now = Date.now()): void {
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length >= limit) {
      const retryAfter = Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000));
      this.hits.set(key, recent);
      throw storyError('rate_limited', `Too many requests: at most ${limit} per minute on this endpoint`, { limit, window_seconds: this.windowMs / 1000, retry_after: retryAfter }, { 'Retry-After': String(retryAfter) });
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) for (const [k, v] of this.hits) if (!v.some((t) => t > now - this.windowMs)) this.hits.delete(k);
  }
}
