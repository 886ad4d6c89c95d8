import { isPostgres, type Executor } from '../../db/sql.ts';
import type { Database } from '../../db/database.ts';
import { notifyExpression, signalPayload } from '../../db/notifier.ts';
import { THEN_COMMIT } from '../../db/pg-prepared.ts';
import { sql } from 'kysely';
import { statementTemplate, type Placeholders } from '../../db/template.ts';
import type { ItemRow } from './tables.ts';

type Db = Executor<Database>;

/** The notifier topic of a store's catalog (items, prices, stock, catalog-visible settings). */
export const CATALOG_TOPIC = 'catalog';

export const listItems = (db: Db, storeId: string, options: { publishedOnly?: boolean; updatedSince?: string; itemType?: string; limit?: number } = {}) => {
  let q = db.selectFrom('items').selectAll().where('store_id', '=', storeId);
  if (options.publishedOnly) q = q.where('published', '=', 1);
  if (options.updatedSince) q = q.where('updated_at', '>', options.updatedSince);
  if (options.itemType) q = q.where('item_type', '=', options.itemType as ItemRow['item_type']);
  q = q.orderBy('name').orderBy('id');
  return (options.limit ? q.limit(options.limit) : q).execute();
};

export const findItem = (db: Db, storeId: string, itemId: string) =>
  db.selectFrom('items').selectAll().where('store_id', '=', storeId).where('id', '=', itemId).executeTakeFirst();

/** Checkout prices its lines with this: built once per number of ids (src/db/template.ts). */
const itemsByIds = statementTemplate((db, p: Placeholders<{ storeId: string; ids: string[] }>) =>
  db.selectFrom('items').selectAll().where('store_id', '=', p.storeId).where('id', 'in', p.ids),
);

export const findItems = async (db: Db, storeId: string, itemIds: string[]) => (await itemsByIds(db, { storeId, ids: itemIds })).rows;

export const insertItem = (db: Db, row: ItemRow) => db.insertInto('items').values(row).execute();

export const updateItem = (db: Db, storeId: string, itemId: string, patch: Partial<ItemRow>) =>
  db.updateTable('items').set(patch).where('store_id', '=', storeId).where('id', '=', itemId).executeTakeFirst();

/** Deletes an item and returns its row as it was (undefined when the store has no such item). */
export const deleteItemReturningRow = (db: Db, storeId: string, itemId: string) =>
  db.deleteFrom('items').where('store_id', '=', storeId).where('id', '=', itemId).returningAll().executeTakeFirst();

/** The stock counts (null: not tracked) of some of a store's items; items it does not have are left out. */
export const stockCounts = (db: Db, storeId: string, itemIds: string[]) =>
  itemIds.length === 0 ? Promise.resolve([]) : db.selectFrom('items').select(['id', 'stock_count']).where('store_id', '=', storeId).where('id', 'in', itemIds).execute();

/**
 * Takes `qty` from tracked stock only if enough is left; untracked stock (null) always succeeds.
 * PostgreSQL: a change also signals CATALOG_TOPIC to every instance, delivered at commit, without a
 * round trip of its own (the caller drops this instance's copy after the commit).
 */
export async function takeStock(db: Db, storeId: string, itemId: string, qty: number, now: string): Promise<boolean> {
  const args = { storeId, itemId, qty, now };
  const taken = isPostgres(db)
    ? (await takeStockSignalling(db, { ...args, signal: signalPayload(CATALOG_TOPIC, storeId) })).rows.length
    : Number((await takeStockStatement(db, args)).numAffectedRows ?? 0);
  if (taken === 1) return true;
  const row = await db.selectFrom('items').select('stock_count').where('store_id', '=', storeId).where('id', '=', itemId).executeTakeFirst();
  return !!row && row.stock_count === null;
}

type TakeStockArgs = { storeId: string; itemId: string; qty: number; now: string };

const takeStockUpdate = (db: Db, p: Placeholders<TakeStockArgs>) =>
  db
    .updateTable('items')
    .set((eb) => ({ stock_count: eb('stock_count', '-', p.qty), updated_at: p.now }))
    .where('store_id', '=', p.storeId)
    .where('id', '=', p.itemId)
    .where('stock_count', 'is not', null)
    .where('stock_count', '>=', p.qty);

const takeStockStatement = statementTemplate(takeStockUpdate);

const takeStockSignalling = statementTemplate((db, p: Placeholders<TakeStockArgs & { signal: string }>) =>
  takeStockUpdate(db, p).returning(notifyExpression(p.signal).as('signalled')),
);

/** The error a stock take that carries its transaction's COMMIT raises when it took nothing. */
export const STOCK_SHORT_CODE = 'SIS01';

/**
 * PostgreSQL: takeStock as its transaction's last statement, carrying the COMMIT (THEN_COMMIT in
 * src/db/pg-prepared.ts): the item's row is unlocked as soon as the update is done, with no round
 * trip in between. So the statement decides alone: when it takes nothing it fails (sis_fail,
 * SQLSTATE STOCK_SHORT_CODE), PostgreSQL skips the COMMIT and the transaction rolls back. An item
 * that stopped tracking stock since the caller read it (its count is null now) counts as taken, as
 * with takeStock; the update then changes nothing but locks and signals like one that took. The
 * update itself checks the row as last committed, so there is no read to race with.
 */
export async function takeStockThenCommit(db: Db, storeId: string, itemId: string, qty: number, now: string): Promise<void> {
  await takeStockCommitting(db, { storeId, itemId, qty, now, signal: signalPayload(CATALOG_TOPIC, storeId) });
}

const takeStockCommitting = statementTemplate((db, p: Placeholders<TakeStockArgs & { signal: string }>) => {
  const update = db
    .updateTable('items')
    .set((eb) => ({
      stock_count: eb('stock_count', '-', p.qty),
      updated_at: eb.case().when('stock_count', 'is', null).then(eb.ref('updated_at')).else(p.now).end(),
    }))
    .where('store_id', '=', p.storeId)
    .where('id', '=', p.itemId)
    .where((eb) => eb.or([eb('stock_count', 'is', null), eb('stock_count', '>=', p.qty)]))
    .returning(notifyExpression(p.signal).as('signalled'));
  return sql<{ taken: number }>`with taken as (${update}) select 1 as taken from taken union all select sis_fail('not enough stock') where not exists (select 1 from taken) ${sql.raw(THEN_COMMIT)}`;
});

export const returnStock = (db: Db, storeId: string, itemId: string, qty: number, now: string) =>
  db
    .updateTable('items')
    .set((eb) => ({ stock_count: eb('stock_count', '+', qty), updated_at: now }))
    .where('store_id', '=', storeId)
    .where('id', '=', itemId)
    .where('stock_count', 'is not', null)
    .execute();

/** Rows per multi-row statement: 15 columns × 500 stays under both engines' bound-parameter limits. */
const BULK_CHUNK = 500;

/** Inserts or replaces whole rows (keyed by store_id + id) in batches; for sync feeds and snapshot restores. */
export async function upsertItems(db: Db, rows: ItemRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BULK_CHUNK) {
    await db
      .insertInto('items')
      .values(rows.slice(i, i + BULK_CHUNK))
      .onConflict((oc) =>
        oc.columns(['store_id', 'id']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          item_type: eb.ref('excluded.item_type'),
          category: eb.ref('excluded.category'),
          description: eb.ref('excluded.description'),
          price_minor: eb.ref('excluded.price_minor'),
          stock_count: eb.ref('excluded.stock_count'),
          image_url: eb.ref('excluded.image_url'),
          image_urls: eb.ref('excluded.image_urls'),
          image_alt: eb.ref('excluded.image_alt'),
          published: eb.ref('excluded.published'),
          schedule: eb.ref('excluded.schedule'),
          created_at: eb.ref('excluded.created_at'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

export async function deleteItemsByIds(db: Db, storeId: string, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += BULK_CHUNK) {
    await db.deleteFrom('items').where('store_id', '=', storeId).where('id', 'in', ids.slice(i, i + BULK_CHUNK)).execute();
  }
}

/**
 * Stock received (`add` > 0) or removed (< 0) at the counter, in SQL so concurrent sales and
 * adjustments never lose one: only where stock is tracked and would not go below zero. Returns the
 * rows changed (0 or 1).
 */
export async function addStock(db: Db, storeId: string, itemId: string, add: number, now: string): Promise<number> {
  const result = await db
    .updateTable('items')
    .set((eb) => ({ stock_count: eb('stock_count', '+', add), updated_at: now }))
    .where('store_id', '=', storeId)
    .where('id', '=', itemId)
    .where('stock_count', 'is not', null)
    .where((eb) => eb(eb('stock_count', '+', add), '>=', 0))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sets a product's stock count (tracking it from now on). Returns the rows changed (0 or 1). */
export async function setStock(db: Db, storeId: string, itemId: string, stockCount: number, now: string): Promise<number> {
  const result = await db.updateTable('items').set({ stock_count: stockCount, updated_at: now }).where('store_id', '=', storeId).where('id', '=', itemId).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
