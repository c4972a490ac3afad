type Entry<V> = { value: V; size: number; expires: number; used: boolean };

/**
 * A map bounded by the total size of its values, for caches read on every request.
 *
 * Eviction is "second chance" (CLOCK): entries leave in insertion order, except those read
 * since they came in, which move to the back once and lose the mark. A read costs one lookup
 * and a flag, where a recency list would reorder on every read. Entries also expire after
 * `ttlMs`.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private total = 0;

  constructor(
    private readonly maxSize: number,
    private readonly sizeOf: (value: V) => number = () => 1,
    private readonly ttlMs = Infinity,
  ) {}

  /** The value, if present and not expired; `now` lets a caller read many at one time. */
  get(key: K, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.delete(key);
      return undefined;
    }
    entry.used = true;
    return entry.value;
  }

  /** The value without marking it read (nor checking its age). */
  peek(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Stores a value; one larger than the whole cache is not kept. */
  set(key: K, value: V, now = Date.now()): void {
    this.delete(key);
    const size = Math.max(1, this.sizeOf(value));
    if (size > this.maxSize) return;
    this.entries.set(key, { value, size, expires: now + this.ttlMs, used: false });
    this.total += size;
    while (this.total > this.maxSize) this.evict();
  }

  /** Replaces a present value, keeping its age (a pending answer that settled). */
  replace(key: K, value: V): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    const size = Math.max(1, this.sizeOf(value));
    this.total += size - entry.size;
    entry.value = value;
    entry.size = size;
    while (this.total > this.maxSize) this.evict();
  }

  delete(key: K): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    this.total -= entry.size;
    return true;
  }

  /** Deletes every entry whose value matches; how many. */
  deleteWhere(matches: (value: V) => boolean): number {
    let deleted = 0;
    for (const [key, entry] of this.entries) {
      if (matches(entry.value) && this.delete(key)) deleted++;
    }
    return deleted;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  get count(): number {
    return this.entries.size;
  }

  /** The total size of the values held. */
  get size(): number {
    return this.total;
  }

  private evict(): void {
    for (;;) {
      const next = this.entries.entries().next();
      if (next.done) return;
      const [key, entry] = next.value;
      this.entries.delete(key);
      if (!entry.used) {
        this.total -= entry.size;
        return;
      }
      entry.used = false;
      this.entries.set(key, entry);
    }
  }
}
