import type { RequestOptions } from './client.js';

/**
 * Every item of a cursor-paginated list, page after page, as an async iterator: `for await (const b of
 * store.bookings.listAll({ status: 'confirmed' }))`. A page is fetched only when the loop needs it;
 * breaking out of the loop stops. `limit` sets the page size, not a total.
 */
export async function* paginate<Q extends { cursor?: string }, P extends { nextCursor: string | null }, T>(
  fetchPage: (query: Q, options: RequestOptions) => Promise<P>,
  itemsOf: (page: P) => T[],
  query: Q,
  options: RequestOptions,
): AsyncGenerator<T, void, undefined> {
  let cursor: string | undefined = query.cursor;
  for (;;) {
    const page = await fetchPage({ ...query, ...(cursor === undefined ? {} : { cursor }) }, options);
    for (const item of itemsOf(page)) yield item;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}
