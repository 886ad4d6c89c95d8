// Serialized catalog responses per store, invalidated on every catalog write on every instance
// (the notifier carries the signal across instances). A generation counter per store keeps a
// read that started before a write from caching what it read.
import { createHash } from 'node:crypto';
import { constants, gzipSync } from 'node:zlib';
import type { CatalogReplies } from './replies.ts';

export interface CachedResponse {
  /** UTF-8 JSON, encoded once: sending a Buffer skips re-encoding the string on every response. */
  body: Buffer;
  etag: string;
  /**
   * The body gzipped once per cache fill (bodies over 1 KiB), for clients that accept gzip. At the
   * best compression: it is made once per catalog version and sent with every read. Measured on
   * catalog JSON: 50 items (57 KB) 2,503 → 2,327 bytes in the same 0.4 ms as the default level;
   * 5,000 items (2.9 MB) 113 → 92 KB for 16 ms instead of 11 ms, once.
   */
  gzip: Buffer | null;
  /**
   * The replies a route sends for it (each representation's 200 and 304, whole header set and body),
   * prepared by the route on its first hit (routes.ts): once per catalog version, like the rest.
   */
  replies: CatalogReplies | null;
}

/** The catalog responses cached per store. */
export type CatalogKind = 'v1' | 'public' | 'legacy';

/** Entries held at most (over all stores); past it the cache starts empty again. */
const MAX_ENTRIES = 5000;

export class ResponseCache {
  /**
   * Current entries only, by store then kind: a write deletes its store's entries (and the generation
   * check in get() keeps a build that started before it out), so a hit is two lookups and no check.
   */
  private stores = new Map<string, Partial<Record<CatalogKind, CachedResponse>>>();
  private size = 0;
  private gens = new Map<string, number>();
  private globalGen = 0;

  private gen(storeId: string) {
    return (this.gens.get(storeId) ?? 0) + this.globalGen * 1_000_000;
  }

  /** The cached response if there is one, without building it (lets a hit be served synchronously). */
  peek(storeId: string, kind: CatalogKind): CachedResponse | undefined {
    return this.stores.get(storeId)?.[kind];
  }

  async get(storeId: string, kind: CatalogKind, build: () => Promise<unknown>): Promise<CachedResponse> {
    const hit = this.peek(storeId, kind);
    if (hit) return hit;
    const gen = this.gen(storeId);
    const body = Buffer.from(JSON.stringify(await build()), 'utf8');
    const entry: CachedResponse = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, gzip: body.length > 1024 ? gzipSync(body, { level: constants.Z_BEST_COMPRESSION }) : null, replies: null };
    if (this.gen(storeId) === gen) {
      if (this.size >= MAX_ENTRIES) {
        this.stores.clear();
        this.size = 0;
      }
      let kinds = this.stores.get(storeId);
      if (!kinds) this.stores.set(storeId, (kinds = {}));
      if (!kinds[kind]) this.size++;
      kinds[kind] = entry;
    }
    return entry;
  }

  invalidate(storeId: string) {
    if (storeId === '*') {
      this.globalGen++;
      this.stores.clear();
      this.size = 0;
      return;
    }
    this.gens.set(storeId, (this.gens.get(storeId) ?? 0) + 1);
    const kinds = this.stores.get(storeId);
    if (kinds) {
      this.size -= Object.keys(kinds).length;
      this.stores.delete(storeId);
    }
  }
}
