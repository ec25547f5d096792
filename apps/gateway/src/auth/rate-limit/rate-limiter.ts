export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Window {
  startedAt: number;
  count: number;
}

/**
 * Fixed windows per key: `limit` requests in each window of `windowMs`, counted from a key's first
 * request. Kept in memory, so in distributed mode each gateway replica counts on its own.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private lastSweep: number;

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {
    this.lastSweep = now();
  }

  hit(key: string): RateDecision {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= this.limit) {
      const remainingMs = window.startedAt + this.windowMs - now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) };
    }
    window.count += 1;
    return { allowed: true };
  }

  /** Whether `key` has used its requests of the current window, without counting one. */
  isExhausted(key: string): RateDecision {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs || window.count < this.limit) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + this.windowMs - now) / 1000)) };
  }

  /** Forgets windows that are over, at most once per window, so idle keys do not pile up. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
  }
}
