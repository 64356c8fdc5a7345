/**
 * The in-process cache of warm Lambda functions: entries live `ttlMs`, and at most `maxEntries` are kept (the
 * oldest write goes first), so a function that sees many accounts or keys cannot grow without bound.
 */
export class TtlCache<K, V> {
  readonly #entries = new Map<K, { value: V; expires: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? Date.now;
  }

  /** The value while it is fresh. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    return entry && entry.expires > this.#now() ? entry.value : undefined;
  }

  /** The value even after it expired (until evicted): for revalidating a stale copy cheaply. */
  peek(key: K): V | undefined {
    return this.#entries.get(key)?.value;
  }

  set(key: K, value: V): void {
    // Re-inserting moves the key to the newest end of the eviction order.
    this.#entries.delete(key);
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, expires: this.#now() + this.#ttlMs });
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
