import type { RequestOptions, RequestSender } from '../client.js';
import type { StoreInfo } from '../types.js';

export function storeResource(sender: RequestSender, storeId: string) {
  return {
    /** GET /v1IntegrationStore: the store's name, currency, time zone, country, locale, contact, hours, closed dates, page URLs and booking rules. */
    async get(options: RequestOptions = {}): Promise<StoreInfo> {
      return (await sender.send<{ store: StoreInfo }>({ method: 'GET', path: '/v1IntegrationStore', query: { storeId }, call: options })).store;
    },
  };
}
