/**
 * How long an answer about a token or a membership may be reused. Writes made through this
 * process clear the cache at once (embedded mode has one process, so a revocation takes effect
 * with the next request); another gateway replica's writes are seen within this time.
 */
export const ACCESS_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  /** The entry is not used at or after this time (epoch ms). */
  until: number;
}

/**
 * Answers of the authentication and membership lookups, kept briefly so that a busy client costs
 * no statement per request. Any write to users, tokens or memberships clears all of it: such
 * writes are rare, and clearing everything cannot leave a stale answer behind. (Provided by a
 * factory: the clock is a constructor argument for tests.)
 */
export class AccessCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  /** Bumped by every clear, so that a lookup that began before a write does not store its answer. */
  private generation = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** The cached answer for `key`, or `load()`'s, kept until the TTL or `expiresAt` (if sooner). */
  async get<T>(key: string, load: () => Promise<T>, expiresAt: (value: T) => number | null = () => null): Promise<T> {
    const cached = this.entries.get(key) as Entry<T> | undefined;
    if (cached && cached.until > this.now()) return cached.value;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      const limit = expiresAt(value);
      this.entries.delete(key);
      this.entries.set(key, { value, until: Math.min(this.now() + ACCESS_CACHE_TTL_MS, limit ?? Number.POSITIVE_INFINITY) });
    }
    return value;
  }

  /** Something that decides access changed: forget every answer. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
