// An in-memory cache of values that belong to one store each, dropped per store when the notifier
// says the store's data changed (on every instance). Each store has a generation: dropping a store
// moves it to the next one, so its old entries are never read again (they age out of the LRU), and
// a value read from the database while a change came in is not kept (it may predate the change).
import { LRUCache } from 'lru-cache';

export interface StoreCacheOptions<V> {
  /** At most this much in all (entries, or the sum of `sizeOf`). */
  maxSize: number;
  /** The size of one value; 1 each when not given. */
  sizeOf?: (value: V) => number;
  /** How long an entry is used at most, so a lost signal (or a direct SQL edit) is seen within it. */
  ttlMs: number;
}

export class StoreCache<V extends {}> {
  readonly #entries: LRUCache<string, V>;
  readonly #generations = new Map<string, number>();
  #generation = 0;

  constructor(options: StoreCacheOptions<V>) {
    const sizeOf = options.sizeOf;
    this.#entries = new LRUCache<string, V>({
      maxSize: options.maxSize,
      sizeCalculation: sizeOf ? (value) => Math.max(1, sizeOf(value)) : () => 1,
      ttl: options.ttlMs,
    });
  }

  #generationOf(storeId: string): string {
    return `${this.#generation}.${this.#generations.get(storeId) ?? 0}`;
  }

  /** The value for `key` of the store, or `load()`'s, kept unless the store changed meanwhile. */
  async get(storeId: string, key: string, load: () => Promise<V>): Promise<V> {
    const generation = this.#generationOf(storeId);
    const fullKey = `${storeId}|${generation}|${key}`;
    const cached = this.#entries.get(fullKey);
    if (cached !== undefined) return cached;
    const value = await load();
    if (this.#generationOf(storeId) === generation) this.#entries.set(fullKey, value);
    return value;
  }

  /** Forgets the store's entries; '*' (the notifier after a reconnect) forgets every store's. */
  drop(storeId: string): void {
    if (storeId === '*') {
      this.#generation++;
      this.#entries.clear();
    } else {
      this.#generations.set(storeId, (this.#generations.get(storeId) ?? 0) + 1);
    }
  }
}
