import { createRequestSender, newIdempotencyKey, type RequestOptions, type StoreClientOptions } from './client.js';
import { catalogResource, type CatalogResource } from './resources/catalog.js';
import { galleryResource, promoResource, videosResource } from './resources/content.js';
import { customersResource, topSellingCall } from './resources/customers.js';
import { blogResource } from './resources/blog.js';
import { availabilityCall, bookingsResource } from './resources/bookings.js';
import { checkoutResource, ordersResource } from './resources/checkout.js';
import { storeResource } from './resources/store.js';

/** A call the resources do not cover yet: a path of the service, sent with the client's headers, retries and errors. */
export interface RawRequest {
  method: 'GET' | 'POST';
  /** E.g. `/v1IntegrationStore`; `storeId` is added to the query. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

export interface StoreClient {
  readonly storeId: string;
  readonly baseUrl: string;
  /**
   * Any endpoint of the service, through the same sender as the resources (headers, retries,
   * timeouts, StoreApiError). A POST gets an Idempotency-Key (a new one unless `options` names it),
   * so it is retried safely. Resolves to the parsed JSON answer.
   */
  request<T = unknown>(req: RawRequest, options?: RequestOptions): Promise<T>;
  /** The store itself: name, currency, time zone, contact, hours, booking rules. */
  store: ReturnType<typeof storeResource>['resource'];
  catalog: CatalogResource;
  promo: ReturnType<typeof promoResource>;
  gallery: ReturnType<typeof galleryResource>;
  videos: ReturnType<typeof videosResource>;
  customers: ReturnType<typeof customersResource>;
  topSelling: ReturnType<typeof topSellingCall>;
  availability: ReturnType<typeof availabilityCall>;
  bookings: ReturnType<typeof bookingsResource>;
  checkout: ReturnType<typeof checkoutResource>;
  orders: ReturnType<typeof ordersResource>;
  /** The store's public blog: list, listAll, get by slug, feedUrl. */
  blog: ReturnType<typeof blogResource>;
}

/**
 * A client for one store, holding its integration key: server code only. Every call goes through
 * one request sender (headers, retries, idempotency, timeouts, errors: src/client.ts).
 */
export function createStoreClient(options: StoreClientOptions): StoreClient {
  const sender = createRequestSender(options);
  const { storeId } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  // The store's time zone and slug (availability.days, blog) come from one store.get() per client.
  const store = storeResource(sender, storeId);
  const client: StoreClient = {
    storeId,
    baseUrl,
    request<T>(req: RawRequest, options: RequestOptions = {}) {
      if (!req.path.startsWith('/')) throw new TypeError('client.request: path must start with /');
      return sender.send<T>({
        method: req.method,
        path: req.path,
        query: { storeId, ...req.query },
        ...(req.body !== undefined ? { body: req.body } : {}),
        ...(req.method === 'POST' ? { idempotencyKey: options.idempotencyKey ?? newIdempotencyKey() } : {}),
        call: options,
      });
    },
    store: store.resource,
    catalog: catalogResource(sender, storeId),
    promo: promoResource(sender, storeId),
    gallery: galleryResource(sender, storeId),
    videos: videosResource(sender, storeId),
    customers: customersResource(sender, storeId),
    topSelling: topSellingCall(sender, storeId),
    availability: availabilityCall(sender, storeId, store.cached),
    bookings: bookingsResource(sender, storeId),
    checkout: checkoutResource(sender, storeId),
    orders: ordersResource(sender, storeId),
    blog: blogResource(sender, baseUrl, store.cached),
  };
  // The key lives only in the sender's closure; printing, logging or serialising the client shows the store.
  const describe = () => `StoreClient(${storeId} at ${baseUrl})`;
  Object.defineProperties(client, {
    toString: { value: describe },
    toJSON: { value: () => ({ storeId, baseUrl }) },
    [Symbol.for('nodejs.util.inspect.custom')]: { value: describe },
  });
  return client;
}
