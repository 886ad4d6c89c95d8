import type { RequestOptions, RequestSender } from '../client.js';
import type { CustomersPage, CustomersQuery, TopSelling, TopSellingQuery } from '../types.js';

export function customersResource(sender: RequestSender, storeId: string) {
  return {
    /**
     * GET /integrationCustomers (scope customers:read): one page, newest first. `q` matches name,
     * email or phone; pass the answer's nextCursor as `cursor` for the next page.
     */
    list(query: string | CustomersQuery = {}, options: RequestOptions = {}): Promise<CustomersPage> {
      const q = typeof query === 'string' ? { q: query } : query;
      return sender.send<CustomersPage>({ method: 'GET', path: '/integrationCustomers', query: { storeId, ...q }, call: options });
    },
  };
}

/** GET /integrationTopSelling: best sellers from paid orders (days 1–365, default 30; limit 1–100, default 10). */
export function topSellingCall(sender: RequestSender, storeId: string) {
  return (query: TopSellingQuery = {}, options: RequestOptions = {}): Promise<TopSelling> =>
    sender.send<TopSelling>({ method: 'GET', path: '/integrationTopSelling', query: { storeId, ...query }, call: options });
}
