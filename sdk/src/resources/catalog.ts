import type { RequestOptions, RequestSender } from '../client.js';
import { listBookables, listServices } from '../browser/rules.js';
import type { Catalog, CatalogItem, LegacyCatalog, LegacyCatalogQuery } from '../types.js';

export interface CatalogResource {
  /** GET /v1IntegrationProducts: every published item, plus publicProducts and publicServices. Revalidated with its ETag (a 304 returns the kept answer). */
  get(options?: RequestOptions): Promise<Catalog>;
  /** The catalog's services by the rule websites follow (publicServices when non-empty, else products; itemType or type `service`). */
  services(options?: RequestOptions): Promise<CatalogItem[]>;
  /** What can be booked: services and courses (itemType or type `service` or `course`), in catalog order. */
  bookables(options?: RequestOptions): Promise<CatalogItem[]>;
  /** GET /integrationProducts: the legacy catalog (integer minor-unit prices). Revalidated with its ETag. */
  legacy(query?: LegacyCatalogQuery, options?: RequestOptions): Promise<LegacyCatalog>;
}

export function catalogResource(sender: RequestSender, storeId: string): CatalogResource {
  const get = (options: RequestOptions = {}) => sender.send<Catalog>({ method: 'GET', path: '/v1IntegrationProducts', query: { storeId }, revalidate: true, call: options });
  return {
    get,
    async services(options: RequestOptions = {}): Promise<CatalogItem[]> {
      return listServices(await get(options));
    },
    async bookables(options: RequestOptions = {}): Promise<CatalogItem[]> {
      return listBookables(await get(options));
    },
    legacy(query: LegacyCatalogQuery = {}, options: RequestOptions = {}) {
      return sender.send<LegacyCatalog>({ method: 'GET', path: '/integrationProducts', query: { storeId, ...query }, revalidate: true, call: options });
    },
  };
}
