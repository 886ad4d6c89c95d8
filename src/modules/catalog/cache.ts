// Serialized catalog responses per store, invalidated on every catalog write on every instance
// (the notifier carries the signal across instances). A generation counter per store keeps a
// read that started before a write from caching what it read.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

export interface CachedResponse {
  /** UTF-8 JSON, encoded once: sending a Buffer skips re-encoding the string on every response. */
  body: Buffer;
  etag: string;
  /** The body gzipped once per cache fill (bodies over 1 KiB), for clients that accept gzip. */
  gzip: Buffer | null;
}

export class ResponseCache {
  private entries = new Map<string, CachedResponse & { gen: number }>();
  private gens = new Map<string, number>();
  private globalGen = 0;

  private gen(storeId: string) {
    return (this.gens.get(storeId) ?? 0) + this.globalGen * 1_000_000;
  }

  /** The cached response if it is current, without building it (lets a hit be served synchronously). */
  peek(storeId: string, kind: string): CachedResponse | undefined {
    const hit = this.entries.get(`${storeId}\u0000${kind}`);
    return hit && hit.gen === this.gen(storeId) ? hit : undefined;
  }

  async get(storeId: string, kind: string, build: () => Promise<unknown>): Promise<CachedResponse> {
    const key = `${storeId}\u0000${kind}`;
    const gen = this.gen(storeId);
    const hit = this.entries.get(key);
    if (hit && hit.gen === gen) return hit;
    const body = Buffer.from(JSON.stringify(await build()), 'utf8');
    const entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, gzip: body.length > 1024 ? gzipSync(body) : null, gen };
    if (this.gen(storeId) === gen) {
      if (this.entries.size > 5000) this.entries.clear();
      this.entries.set(key, entry);
    }
    return entry;
  }

  invalidate(storeId: string) {
    if (storeId === '*') {
      this.globalGen++;
      this.entries.clear();
      return;
    }
    this.gens.set(storeId, (this.gens.get(storeId) ?? 0) + 1);
    for (const key of this.entries.keys()) if (key.startsWith(`${storeId}\u0000`)) this.entries.delete(key);
  }
}
