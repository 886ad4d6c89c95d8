import { createRequestSender, type StoreClientOptions } from './client.js';
import { catalogResource, type CatalogResource } from './resources/catalog.js';
import { galleryResource, promoResource, videosResource } from './resources/content.js';
import { customersResource, topSellingCall } from './resources/customers.js';
import { availabilityCall, bookingsResource } from './resources/bookings.js';
import { checkoutResource, ordersResource } from './resources/checkout.js';

export interface StoreClient {
  readonly storeId: string;
  readonly baseUrl: string;
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
}

/**
 * A client for one store, holding its integration key: server code only. Every call goes through
 * one request sender (headers, retries, idempotency, timeouts, errors: src/client.ts).
 */
export function createStoreClient(options: StoreClientOptions): StoreClient {
  const sender = createRequestSender(options);
  const { storeId } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const client: StoreClient = {
    storeId,
    baseUrl,
    catalog: catalogResource(sender, storeId),
    promo: promoResource(sender, storeId),
    gallery: galleryResource(sender, storeId),
    videos: videosResource(sender, storeId),
    customers: customersResource(sender, storeId),
    topSelling: topSellingCall(sender, storeId),
    availability: availabilityCall(sender, storeId),
    bookings: bookingsResource(sender, storeId),
    checkout: checkoutResource(sender, storeId),
    orders: ordersResource(sender, storeId),
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
