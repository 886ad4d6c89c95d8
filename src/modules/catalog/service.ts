import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/sql.ts';
import type { Database } from '../../db/database.ts';
import { isPostgres, isUniqueViolation } from '../../db/sql.ts';
import { conflict, notFound, unprocessable, validationFailed, type ErrorDetail } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import { toMajor } from '../../shared/money.ts';
import { nowIso } from '../../shared/time.ts';
import { ResponseCache, type CachedResponse, type CatalogKind } from './cache.ts';
import { StoreCache } from '../../shared/store-cache.ts';
import { parseItemInput, type ItemInput, type ItemType, type ServiceSchedule } from './item-input.ts';
import * as repo from './repository.ts';
import type { ItemRow } from './tables.ts';

/** The staff view of an item: everything, including unpublished items and schedules. */
export interface Item {
  id: string;
  storeId: string;
  name: string;
  itemType: ItemType;
  type: string;
  category: string | null;
  description: string | null;
  price: number;
  priceMinor: number;
  currency: string;
  stockCount: number | null;
  imageUrl: string | null;
  imageUrls: string[];
  imageAlt: string | null;
  published: boolean;
  schedule: ServiceSchedule | null;
  createdAt: string;
  updatedAt: string;
}

export function toItem(row: ItemRow, currency: string): Item {
  return {
    id: row.id,
    storeId: row.store_id,
    name: row.name,
    itemType: row.item_type,
    type: row.item_type.toUpperCase(),
    category: row.category,
    description: row.description,
    price: toMajor(row.price_minor, currency),
    priceMinor: row.price_minor,
    currency,
    stockCount: row.stock_count,
    imageUrl: row.image_url,
    imageUrls: JSON.parse(row.image_urls as unknown as string),
    imageAlt: row.image_alt,
    published: Number(row.published) === 1,
    schedule: row.schedule ? JSON.parse(row.schedule) : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The integration catalog item of SPEC.md (plus currency and, for services, durationMinutes). */
export function toCatalogItem(item: Item) {
  return {
    id: item.id,
    storeId: item.storeId,
    name: item.name,
    category: item.category,
    description: item.description,
    price: item.price,
    priceMinor: item.priceMinor,
    currency: item.currency,
    stockCount: item.stockCount,
    itemType: item.itemType,
    type: item.type,
    imageUrl: item.imageUrl,
    imageUrls: item.imageUrls,
    imageAlt: item.imageAlt,
    durationMinutes: item.schedule?.durationMinutes ?? null,
    updatedAt: item.updatedAt,
  };
}

export function itemInputToRow(storeId: string, input: ItemInput, id: string, now: string, createdAt = now): ItemRow {
  return {
    store_id: storeId,
    id,
    name: input.name,
    item_type: input.itemType,
    category: input.category,
    description: input.description,
    price_minor: input.priceMinor,
    stock_count: input.stockCount,
    image_url: input.imageUrl,
    image_urls: JSON.stringify(input.imageUrls),
    image_alt: input.imageAlt,
    published: input.published ? 1 : 0,
    schedule: input.schedule ? JSON.stringify(input.schedule) : null,
    created_at: createdAt,
    updated_at: now,
  };
}

/** Staff input for an existing item: stored values, then the given fields over them. */
function mergeForUpdate(current: Item, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = {
    name: current.name,
    itemType: current.itemType,
    category: current.category,
    description: current.description,
    priceMinor: current.priceMinor,
    stockCount: current.stockCount,
    imageUrl: current.imageUrl,
    imageUrls: current.imageUrls,
    imageAlt: current.imageAlt,
    published: current.published,
    schedule: current.schedule,
    ...patch,
  };
  if (patch.price !== undefined && patch.priceMinor === undefined) delete merged.priceMinor;
  delete merged.id;
  return merged;
}

/** A validated sync-feed item: catalog item input with the caller-chosen id. */
export type FeedItem = ItemInput & { id: string };

/** The whole stored catalog of a store (published or not), as a sync run keeps it for rollback. */
export type CatalogSnapshot = ItemRow[];

export interface FeedCounts {
  created: number;
  updated: number;
  deleted: number;
  unchanged: number;
}

const CONTENT_COLUMNS = ['name', 'item_type', 'category', 'description', 'price_minor', 'stock_count', 'image_url', 'image_urls', 'image_alt', 'published', 'schedule'] as const;
type ContentColumn = (typeof CONTENT_COLUMNS)[number];

/** The item input field of each content column (`price` stands for price and priceMinor). */
const FIELD_OF_COLUMN: Record<ContentColumn, string> = {
  name: 'name',
  item_type: 'itemType',
  category: 'category',
  description: 'description',
  price_minor: 'price',
  stock_count: 'stockCount',
  image_url: 'imageUrl',
  image_urls: 'imageUrls',
  image_alt: 'imageAlt',
  published: 'published',
  schedule: 'schedule',
};

/** Numbers compared as numbers (a snapshot read back from JSON or another driver may differ in type). */
const normalised = (v: unknown) => (typeof v === 'number' || typeof v === 'bigint' ? Number(v) : v);

/** Content columns whose values differ, timestamps aside. */
function changedColumns(a: ItemRow, b: ItemRow): ContentColumn[] {
  return CONTENT_COLUMNS.filter((c) => normalised(a[c]) !== normalised(b[c]));
}

function sameContent(a: ItemRow, b: ItemRow): boolean {
  return changedColumns(a, b).length === 0;
}

/** What a feed would do to one item; `fields` names item input fields (for a delete, none). */
export interface FeedChange {
  itemId: string;
  action: 'create' | 'update' | 'delete';
  /** update: the fields whose values change; create: the fields the new item has a value for. */
  fields: string[];
}

export interface FeedPlan {
  counts: FeedCounts;
  /** Rows to create or replace, and ids to delete. */
  writes: ItemRow[];
  deletes: string[];
  /** Every create, update and delete, in feed order then catalog order (unchanged items are left out). */
  changes: FeedChange[];
  /** A full feed that would delete more than half the catalog without allowMassDelete. */
  refused: boolean;
}

export interface FeedOptions {
  mode: 'full' | 'upsert';
  allowMassDelete?: boolean;
}

/** The reason a refused full feed gives (the same for a real run and a dry run). */
export function massDeleteReason(counts: FeedCounts, catalogSize: number): string {
  return `a full feed would delete ${counts.deleted} of ${catalogSize} items (more than half the catalog); send allowMassDelete to allow it`;
}

/**
 * Decides what a validated feed does to the catalog `before` (pure): the one rule shared by
 * applying a feed and by its dry run, so both report the same counts, changes and refusal.
 */
export function planFeed(storeId: string, before: ItemRow[], items: FeedItem[], options: FeedOptions, now: string): FeedPlan {
  const byId = new Map(before.map((r) => [r.id, r]));
  const writes: ItemRow[] = [];
  const changes: FeedChange[] = [];
  const counts: FeedCounts = { created: 0, updated: 0, deleted: 0, unchanged: 0 };
  for (const item of items) {
    const existing = byId.get(item.id);
    const row = itemInputToRow(storeId, item, item.id, now, existing?.created_at ?? now);
    if (!existing) {
      counts.created++;
      const present = CONTENT_COLUMNS.filter((c) => row[c] !== null && !(c === 'image_urls' && row.image_urls === '[]'));
      changes.push({ itemId: item.id, action: 'create', fields: present.map((c) => FIELD_OF_COLUMN[c]) });
    } else {
      const changed = changedColumns(existing, row);
      if (changed.length === 0) {
        counts.unchanged++;
        continue;
      }
      counts.updated++;
      changes.push({ itemId: item.id, action: 'update', fields: changed.map((c) => FIELD_OF_COLUMN[c]) });
    }
    writes.push(row);
  }
  const feedIds = new Set(items.map((i) => i.id));
  const deletes = options.mode === 'full' ? before.filter((r) => !feedIds.has(r.id)).map((r) => r.id) : [];
  counts.deleted = deletes.length;
  for (const itemId of deletes) changes.push({ itemId, action: 'delete', fields: [] });
  return { counts, writes, deletes, changes, refused: deletes.length * 2 > before.length && !options.allowMassDelete };
}

function sameRow(a: ItemRow, b: ItemRow): boolean {
  return sameContent(a, b) && a.created_at === b.created_at && a.updated_at === b.updated_at;
}

export interface StockLine {
  itemId: string;
  qty: number;
}

/** Items kept in memory per instance (cachedItem), and for how long one is used at most. */
const ITEM_CACHE_SIZE = 10_000;
const ITEM_CACHE_TTL_MS = 60_000;

export function createCatalogService(ctx: AppContext) {
  const { db } = ctx;
  const cache = new ResponseCache();
  // Single items kept per instance for the booking path (every availability answer and booking reads
  // its service), dropped with the response cache on every change of the store's catalog.
  const items = new StoreCache<{ item: Item | null }>({ maxSize: ITEM_CACHE_SIZE, ttlMs: ITEM_CACHE_TTL_MS });
  const dropCached = (storeId: string) => {
    cache.invalidate(storeId);
    items.drop(storeId);
  };
  ctx.notifier.subscribe(repo.CATALOG_TOPIC, dropCached);

  async function currencyOf(storeId: string, executor: Executor<Database> = db) {
    return (await ctx.services.stores.getStore(storeId, executor)).currency;
  }

  /**
   * The catalog.item.* event of a staff change from `before` to `after` (null: absent), in the
   * change's transaction. Events follow the integration catalog, which lists published items only:
   * an item entering it (created published, or published) is created, one leaving it (deleted, or
   * unpublished) is deleted with its last published state, and a change of a published item is
   * updated. Changes of unpublished items emit nothing.
   */
  async function emitItemChange(trx: Executor<Database>, storeId: string, before: Item | null, after: Item | null) {
    const was = before?.published ? before : null;
    const is = after?.published ? after : null;
    if (is) await ctx.services.events.emit(trx, storeId, was ? 'catalog.item.updated' : 'catalog.item.created', toCatalogItem(is));
    else if (was) await ctx.services.events.emit(trx, storeId, 'catalog.item.deleted', toCatalogItem(was));
  }

  async function legacyBody(storeId: string, updatedSince?: string) {
    const store = await ctx.services.stores.getStore(storeId);
    const rows = await repo.listItems(db, storeId, { publishedOnly: true, updatedSince });
    return { storeId, products: rows.map((r) => ({ id: r.id, name: r.name, price: r.price_minor, currency: store.currency, updatedAt: r.updated_at })) };
  }

  const service = {
    toItem,

    /** Call after any committed change to a store's items or catalog-visible settings. */
    async invalidate(storeId: string) {
      await ctx.notifier.publish(repo.CATALOG_TOPIC, storeId);
    },

    /**
     * After a commit whose reserveStock took stock: drops this instance's copy of the store's catalog.
     * The other instances hear the commit's own signal (PostgreSQL); SQLite is one process.
     */
    stockTaken(storeId: string) {
      dropCached(storeId);
    },

    async listItems(storeId: string, filter: { itemType?: string; publishedOnly?: boolean; limit?: number } = {}): Promise<Item[]> {
      const currency = await currencyOf(storeId);
      return (await repo.listItems(db, storeId, filter)).map((r) => toItem(r, currency));
    },

    async getItem(storeId: string, itemId: string): Promise<Item> {
      const item = await service.findItem(db, storeId, itemId);
      if (!item) throw notFound('item-not-found', `No item ${itemId} in this store.`);
      return item;
    },

    /** Several items by raw id in one query (checkout pricing); ids not in the store are absent from the map. */
    async findItems(storeId: string, itemIds: string[]): Promise<Map<string, Item>> {
      if (itemIds.length === 0) return new Map();
      return service.itemsOf(storeId, await repo.findItems(db, storeId, itemIds));
    },

    /** Rows of the store's items, read by a caller of its own (checkout's one-statement read), as items by id. */
    async itemsOf(storeId: string, rows: ItemRow[]): Promise<Map<string, Item>> {
      const currency = await currencyOf(storeId);
      return new Map(rows.map((r) => [r.id, toItem(r, currency)]));
    },

    /**
     * findItem outside a transaction, from memory when it can: as fresh as the catalog's responses
     * (every committed change drops it on every instance). For reads and for the booking path, whose
     * writes check what matters (capacity) in the database; not for prices or stock in a checkout.
     */
    async cachedItem(storeId: string, itemId: string): Promise<Item | null> {
      return (await items.get(storeId, itemId, async () => ({ item: await service.findItem(db, storeId, itemId) }))).item;
    },

    /** The item with this raw id, published or not (callers decide what unpublished means for them). */
    async findItem(executor: Executor<Database>, storeId: string, itemId: string): Promise<Item | null> {
      const row = await repo.findItem(executor, storeId, itemId);
      return row ? toItem(row, await currencyOf(storeId, executor)) : null;
    },

    async createItem(storeId: string, raw: unknown): Promise<Item> {
      const currency = await currencyOf(storeId);
      const { value, errors } = parseItemInput(raw, currency);
      if (!value) throw validationFailed(errors);
      const now = nowIso();
      const id = value.id ?? newId('itm');
      const row = itemInputToRow(storeId, value, id, now);
      try {
        await db.transaction().execute(async (trx) => {
          await repo.insertItem(trx, row);
          await emitItemChange(trx, storeId, null, toItem(row, currency));
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('conflict', `An item with id ${id} already exists.`, [{ field: 'id', message: 'already used in this store' }]);
        throw error;
      }
      await service.invalidate(storeId);
      return service.getItem(storeId, id);
    },

    async updateItem(storeId: string, itemId: string, patch: Record<string, unknown>): Promise<Item> {
      const current = await service.getItem(storeId, itemId);
      const { value, errors } = parseItemInput(mergeForUpdate(current, patch), current.currency);
      if (!value) throw validationFailed(errors as ErrorDetail[]);
      const row = itemInputToRow(storeId, value, itemId, nowIso(), current.createdAt);
      await db.transaction().execute(async (trx) => {
        const result = await repo.updateItem(trx, storeId, itemId, row);
        if (Number(result.numUpdatedRows) === 0) throw notFound('item-not-found', `No item ${itemId} in this store.`);
        await emitItemChange(trx, storeId, current, toItem(row, current.currency));
      });
      await service.invalidate(storeId);
      return service.getItem(storeId, itemId);
    },

    /**
     * Stock counted at the shop: `add` received (or, negative, removed) or a new `stockCount`. Every
     * member may do it (goods arrive while the owner is out); prices stay with owners and admins.
     * 422 not-stocked for services and courses; 409 conflict for an `add` on a product whose stock is
     * not tracked, or one that would go below zero.
     */
    async adjustStock(storeId: string, itemId: string, change: { add?: number; stockCount?: number }): Promise<Item> {
      const current = await service.getItem(storeId, itemId);
      if (current.itemType !== 'product') throw unprocessable('not-stocked', 'Only products have stock.', [{ field: 'itemId', message: `is a ${current.itemType}` }]);
      const now = nowIso();
      const adjusted = await db.transaction().execute(async (trx) => {
        const changed = change.stockCount !== undefined ? await repo.setStock(trx, storeId, current.id, change.stockCount, now) : await repo.addStock(trx, storeId, current.id, change.add ?? 0, now);
        if (changed === 0) return false;
        const row = await repo.findItem(trx, storeId, current.id);
        if (row) await emitItemChange(trx, storeId, current, toItem(row, current.currency));
        return true;
      });
      if (!adjusted) {
        const latest = await service.getItem(storeId, itemId);
        if (latest.stockCount === null) throw conflict('conflict', 'This product does not track stock; set a count first.', [{ field: 'add', message: 'stock is not tracked: send stockCount' }]);
        throw conflict('conflict', `Only ${latest.stockCount} in stock; cannot remove ${-(change.add ?? 0)}.`, [{ field: 'add', message: `at least ${-latest.stockCount}` }]);
      }
      await service.invalidate(storeId);
      return service.getItem(storeId, current.id);
    },

    async deleteItem(storeId: string, itemId: string): Promise<void> {
      const currency = await currencyOf(storeId);
      await db.transaction().execute(async (trx) => {
        const row = await repo.deleteItemReturningRow(trx, storeId, itemId);
        if (!row) throw notFound('item-not-found', `No item ${itemId} in this store.`);
        await emitItemChange(trx, storeId, toItem(row, currency), null);
      });
      await service.invalidate(storeId);
    },

    /**
     * Takes stock for every line inside `trx`, or throws 409 out-of-stock naming the short items
     * (the caller's transaction then rolls everything back). True when some tracked stock was taken:
     * call stockTaken (or invalidate) after commit. `known`: each item's stock count as the caller
     * just read it (checkout prices its lines from the items), which spares the read below.
     * `last`: the caller's transaction runs nothing after this and cannot fail after it; on
     * PostgreSQL the last take then carries the transaction's COMMIT (repo.takeStockThenCommit), so
     * once this returns the stock, and everything before it in `trx`, is committed.
     */
    async reserveStock(trx: Executor<Database>, storeId: string, lines: StockLine[], known?: ReadonlyMap<string, number | null>, options: { last?: boolean } = {}): Promise<boolean> {
      const now = nowIso();
      const short: ErrorDetail[] = [];
      // One read first, taking no lock: an item that does not track stock needs no write, so the
      // rows that do are locked (in the caller's order) for as short a time as possible. An item that
      // starts tracking stock after this read is as if the order came just before it did; one that
      // stops is found by takeStock (no row to take from, and no count).
      const counts = known ?? new Map((await repo.stockCounts(trx, storeId, [...new Set(lines.map((l) => l.itemId))])).map((r) => [r.id, r.stock_count]));
      const tracked = lines.filter((line) => !(counts.has(line.itemId) && counts.get(line.itemId) === null));
      // `last` on PostgreSQL: the final take carries the transaction's COMMIT, unless a take before it
      // already came up short (the 409 then names every short item, and the transaction rolls back).
      const commitWithLast = options.last === true && isPostgres(trx);
      let taken = false;
      for (const [i, line] of tracked.entries()) {
        if (commitWithLast && i === tracked.length - 1 && short.length === 0) {
          try {
            await repo.takeStockThenCommit(trx, storeId, line.itemId, line.qty, now);
            taken = true;
          } catch (error) {
            if ((error as { code?: string }).code !== repo.STOCK_SHORT_CODE) throw error;
            short.push({ field: line.itemId, message: `not enough stock for ${line.qty}` });
          }
        } else if (!(await repo.takeStock(trx, storeId, line.itemId, line.qty, now))) short.push({ field: line.itemId, message: `not enough stock for ${line.qty}` });
        else taken = true;
      }
      if (short.length) throw conflict('out-of-stock', 'Some items do not have enough stock.', short);
      return taken;
    },

    /** Puts reserved stock back (payment failed, cancelled or expired). Call invalidate() after commit. */
    async releaseStock(trx: Executor<Database>, storeId: string, lines: StockLine[]): Promise<void> {
      const now = nowIso();
      for (const line of lines) await repo.returnStock(trx, storeId, line.itemId, line.qty, now);
    },

    /** Every stored item of the store, published or not, read in `trx`: the snapshot a sync run keeps. */
    async snapshotItems(trx: Executor<Database>, storeId: string): Promise<CatalogSnapshot> {
      return repo.listItems(trx, storeId);
    },

    /**
     * Applies a validated feed inside `trx` (the caller's transaction makes it atomic). Items are
     * created, replaced or left alone when unchanged; `full` also deletes every item the feed leaves
     * out, unless that is more than half the catalog and `allowMassDelete` is not set, in which case
     * nothing is written and `refused` is true. Returns the catalog as it was before. Call
     * invalidate() after commit.
     */
    async applyFeed(
      trx: Executor<Database>,
      storeId: string,
      items: FeedItem[],
      options: FeedOptions,
    ): Promise<{ counts: FeedCounts; before: CatalogSnapshot; refused: boolean }> {
      const before = await repo.listItems(trx, storeId);
      const { counts, writes, deletes, refused } = planFeed(storeId, before, items, options, nowIso());
      if (refused) return { counts, before, refused: true };
      await repo.deleteItemsByIds(trx, storeId, deletes);
      await repo.upsertItems(trx, writes);
      return { counts, before, refused: false };
    },

    /** What applyFeed would do to the catalog as it is now, without writing (a sync dry run). */
    async previewFeed(storeId: string, items: FeedItem[], options: FeedOptions): Promise<Pick<FeedPlan, 'counts' | 'changes' | 'refused'> & { catalogSize: number }> {
      const before = await repo.listItems(db, storeId);
      const { counts, changes, refused } = planFeed(storeId, before, items, options, nowIso());
      return { counts, changes, refused, catalogSize: before.length };
    },

    /** Makes the store's catalog exactly `snapshot` again (rows, stock and timestamps), inside `trx`. Call invalidate() after commit. */
    async restoreSnapshot(trx: Executor<Database>, storeId: string, snapshot: CatalogSnapshot): Promise<FeedCounts> {
      const current = new Map((await repo.listItems(trx, storeId)).map((r) => [r.id, r]));
      const wanted = snapshot.map((r) => ({ ...r, store_id: storeId }));
      const wantedIds = new Set(wanted.map((r) => r.id));
      const counts: FeedCounts = { created: 0, updated: 0, deleted: 0, unchanged: 0 };
      const writes: ItemRow[] = [];
      for (const row of wanted) {
        const existing = current.get(row.id);
        if (!existing) counts.created++;
        else if (sameRow(existing, row)) {
          counts.unchanged++;
          continue;
        } else counts.updated++;
        writes.push(row);
      }
      const deletes = [...current.keys()].filter((id) => !wantedIds.has(id));
      counts.deleted = deletes.length;
      await repo.deleteItemsByIds(trx, storeId, deletes);
      await repo.upsertItems(trx, writes);
      return counts;
    },

    /** A catalog response already in the cache (v1, public, or legacy without updatedSince), or undefined. */
    cachedCatalog(storeId: string, kind: CatalogKind): CachedResponse | undefined {
      return cache.peek(storeId, kind);
    },

    /** GET /v1IntegrationProducts body, served from the cache. */
    async integrationCatalog(storeId: string) {
      return cache.get(storeId, 'v1', async () => {
        const store = await ctx.services.stores.getStore(storeId);
        const items = (await repo.listItems(db, storeId, { publishedOnly: true })).map((r) => toCatalogItem(toItem(r, store.currency)));
        return {
          ok: true,
          storeId,
          count: items.length,
          products: items,
          publicProducts: items.filter((i) => i.itemType === 'product'),
          publicServices: items.filter((i) => i.itemType === 'service'),
        };
      });
    },

    /** GET /publicQuickPayCatalog body: no stock counts, only whether an item is in stock. */
    async publicCatalog(storeId: string) {
      return cache.get(storeId, 'public', async () => {
        const store = await ctx.services.stores.getStore(storeId);
        const products = (await repo.listItems(db, storeId, { publishedOnly: true })).map((r) => {
          const i = toItem(r, store.currency);
          return {
            id: i.id,
            name: i.name,
            category: i.category,
            description: i.description,
            price: i.price,
            priceMinor: i.priceMinor,
            currency: i.currency,
            itemType: i.itemType,
            type: i.type,
            imageUrl: i.imageUrl,
            imageUrls: i.imageUrls,
            imageAlt: i.imageAlt,
            inStock: i.stockCount === null || i.stockCount > 0,
          };
        });
        return { ok: true, storeId, storeName: store.name, currency: store.currency, count: products.length, products };
      });
    },

    /** GET /integrationProducts (legacy shape): price as integer minor units; cached without updatedSince, not with it. */
    async legacyCatalog(storeId: string): Promise<CachedResponse> {
      return cache.get(storeId, 'legacy', () => legacyBody(storeId));
    },

    /** GET /integrationProducts?updatedSince=…: only the items updated after it (not cached, no validator). */
    async legacyCatalogSince(storeId: string, updatedSince: string): Promise<{ body: string; etag: null }> {
      return { body: JSON.stringify(await legacyBody(storeId, updatedSince)), etag: null };
    },
  };
  return service;
}

export type CatalogService = ReturnType<typeof createCatalogService>;
