import type { RequestOptions, RequestSender } from '../client.js';
import { paginate } from '../paginate.js';
import type { Customer, CustomersPage, CustomersQuery, TopSelling, TopSellingQuery } from '../types.js';

export function customersResource(sender: RequestSender, storeId: string) {
  const resource = {
    /**
     * GET /integrationCustomers (scope customers:read): one page, newest first. `q` matches name,
     * email or phone; pass the answer's nextCursor as `cursor` for the next page.
     */
    list(query: string | CustomersQuery = {}, options: RequestOptions = {}): Promise<CustomersPage> {
      const q = typeof query === 'string' ? { q: query } : query;
      return sender.send<CustomersPage>({ method: 'GET', path: '/integrationCustomers', query: { storeId, ...q }, call: options });
    },
    /** Every customer (matching `q`), page after page: `for await (const customer of store.customers.listAll())`. */
    listAll(query: string | CustomersQuery = {}, options: RequestOptions = {}): AsyncGenerator<Customer, void, undefined> {
      const q: CustomersQuery = typeof query === 'string' ? { q: query } : query;
      return paginate((page: CustomersQuery, call) => resource.list(page, call), (page) => page.customers, q, options);
    },
  };
  return resource;
}

/** GET /integrationTopSelling: best sellers from paid orders (days 1–365, default 30; limit 1–100, default 10). */
export function topSellingCall(sender: RequestSender, storeId: string) {
  return (query: TopSellingQuery = {}, options: RequestOptions = {}): Promise<TopSelling> =>
    sender.send<TopSelling>({ method: 'GET', path: '/integrationTopSelling', query: { storeId, ...query }, call: options });
}
