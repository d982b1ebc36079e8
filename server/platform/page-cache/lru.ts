/**
 * A least-recently-used map bounded by the total size of its values (in bytes, as the caller
 * measures them). A Map keeps insertion order, so re-inserting on read makes the first key the
 * least recently used one.
 */
export class ByteLru<V> {
  private entries = new Map<string, { value: V; bytes: number }>();
  private used = 0;
  /** Entries dropped to make room (not those deleted or replaced on purpose). */
  evictions = 0;

  constructor(private readonly maxBytes: number) {}

  get size() {
    return this.entries.size;
  }

  get bytes() {
    return this.used;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.used += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.used -= entry.bytes;
      this.evictions++;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.bytes;
  }

  /** Removes every entry the predicate selects. */
  deleteWhere(predicate: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (predicate(entry.value)) this.delete(key);
  }
}
