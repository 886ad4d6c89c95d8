// @store-integration/client: the server-side client of the Store Integration Service. The rules
// that need no key (cart, labels, phone check…) are also in '@store-integration/client/browser'.
export { createStoreClient, type StoreClient } from './store-client.js';
export { CONTRACT_VERSION, type RequestOptions, type StoreClientLogger, type StoreClientOptions } from './client.js';
export { VERSION } from './version.js';
export type { RawRequest } from './store-client.js';
export { StoreApiError, type ClientErrorCode, type StoreApiErrorCode, type StoreApiErrorInit } from './errors.js';
export { checkoutCart, withMerchantId, type CheckoutCartOptions, type CheckoutCartResult, type MerchantCheckout } from './checkout-cart.js';
export { signTestWebhook, verifyWebhook, WebhookVerificationError, type SignTestWebhookOptions, type VerifyWebhookOptions } from './webhooks.js';
export type { AvailabilityDay, AvailabilityDays, AvailabilityDaysQuery, AvailabilityQuery, CreateOptions } from './resources/bookings.js';
export type { Weekday } from './local-days.js';
export type { CheckoutPayload } from './resources/checkout.js';
export * from './browser/index.js';
export type * from './types.js';
