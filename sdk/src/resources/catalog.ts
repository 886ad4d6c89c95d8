import type { RequestSender } from '../client.js';
import { listServices } from '../browser/rules.js';
import type { Catalog, CatalogItem, LegacyCatalog, LegacyCatalogQuery } from '../types.js';

export interface CatalogResource {
  /** GET /v1IntegrationProducts: every published item, plus publicProducts and publicServices. Revalidated with its ETag (a 304 returns the kept answer). */
  get(): Promise<Catalog>;
  /** The catalog's services by the rule websites follow (publicServices when non-empty, else products; itemType or type `service`). */
  services(): Promise<CatalogItem[]>;
  /** GET /integrationProducts: the legacy catalog (integer minor-unit prices). Revalidated with its ETag. */
  legacy(query?: LegacyCatalogQuery): Promise<LegacyCatalog>;
}

export function catalogResource(sender: RequestSender, storeId: string): CatalogResource {
  const get = () => sender.send<Catalog>({ method: 'GET', path: '/v1IntegrationProducts', query: { storeId }, revalidate: true });
  return {
    get,
    async services(): Promise<CatalogItem[]> {
      return listServices(await get());
    },
    legacy(query: LegacyCatalogQuery = {}) {
      return sender.send<LegacyCatalog>({ method: 'GET', path: '/integrationProducts', query: { storeId, ...query }, revalidate: true });
    },
  };
}
