import type { RequestOptions, RequestSender } from '../client.js';
import type { StoreInfo } from '../types.js';

export function storeResource(sender: RequestSender, storeId: string) {
  let kept: Promise<StoreInfo> | null = null;
  const resource = {
    /** GET /v1IntegrationStore: the store's name, currency, time zone, country, locale, contact, hours, closed dates, page URLs and booking rules. */
    async get(options: RequestOptions = {}): Promise<StoreInfo> {
      const store = (await sender.send<{ store: StoreInfo }>({ method: 'GET', path: '/v1IntegrationStore', query: { storeId }, call: options })).store;
      kept = Promise.resolve(store);
      return store;
    },
  };
  /** The store as this client read it last (time zone, slug): one request for the client's life, another only after a failure. */
  const cached = (options: RequestOptions = {}): Promise<StoreInfo> => {
    if (!kept) {
      const reading = resource.get(options);
      kept = reading;
      reading.catch(() => {
        if (kept === reading) kept = null;
      });
    }
    return kept;
  };
  return { resource, cached };
}
