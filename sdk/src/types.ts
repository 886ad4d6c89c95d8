// The API's types under their business names, all taken from the generated OpenAPI types
// (src/generated/schema.d.ts, written by scripts/generate-api-types.ts): never written by hand.
import type { components, operations } from './generated/schema.js';

type Schemas = components['schemas'];
type Op = keyof operations;
/** The JSON body of an operation's answer with status `S`. */
type Body<O extends Op, S extends number> = operations[O]['responses'] extends Record<S, { content: { 'application/json': infer T } }> ? T : never;
/** An operation's query parameters without storeId (the client sends its own). */
type Query<O extends Op> = Omit<NonNullable<operations[O]['parameters']['query']>, 'storeId'>;

export type Catalog = Schemas['Catalog'];
export type CatalogItem = Schemas['CatalogItem'];
export type LegacyCatalog = Body<'getLegacyCatalog', 200>;
export type LegacyCatalogQuery = Query<'getLegacyCatalog'>;
export type Promo = Schemas['Promo'];
export type GalleryEntry = Schemas['GalleryEntry'];
export type Video = Schemas['Video'];
export type Customer = Schemas['Customer'];
export type CustomersPage = Body<'listCustomers', 200>;
export type CustomersQuery = Query<'listCustomers'>;
export type TopSelling = Body<'getTopSelling', 200>;
export type TopSellingQuery = Query<'getTopSelling'>;
export type Availability = Schemas['Availability'];
export type AvailabilitySlot = Availability['slots'][number];
export type Booking = Schemas['Booking'];
export type BookingRequest = Schemas['BookingRequest'];
export type BookingCreated = Body<'createBooking', 201>;
export type BookingsPage = Body<'listBookings', 200>;
export type BookingFilters = Query<'listBookings'>;
export type BookingStatus = Booking['status'];
export type PaymentStatus = Booking['paymentStatus'];
export type CheckoutRequest = Schemas['CheckoutRequest'];
export type CheckoutLine = NonNullable<CheckoutRequest['items']>[number];
export type Checkout = Schemas['Checkout'];
export type CheckoutPreview = Schemas['CheckoutPreview'];
export type Order = Schemas['Order'];
export type SyncRun = Schemas['SyncRun'];
export type StoreInfo = Body<'getStoreInfo', 200>['store'];
export type ErrorBody = Schemas['ErrorBody'];
export type ErrorDetail = NonNullable<ErrorBody['details']>[number];
/** Every error code the service documents: the enum of ErrorBody.error in /openapi.json. */
export type ServiceErrorCode = ErrorBody['error'];
export type BlogPage = Body<'listPublicPosts', 200>;
export type BlogPostListed = BlogPage['items'][number];
export type BlogPost = Body<'getPublicPost', 200>;
export type BlogListQuery = Omit<NonNullable<operations['listPublicPosts']['parameters']['query']>, 'storeSlug'>;

/**
 * A verified webhook: the envelope `{id, type, createdAt, storeId, data}`, narrowed by `type`.
 * Generated from the `webhooks` section of /openapi.json (one schema per event type).
 */
export type WebhookEvent = Schemas['WebhookEvent'];
/** The same union under its earlier name. */
export type StoreWebhookEvent = WebhookEvent;
/** Every webhook event type the service sends. */
export type WebhookEventType = WebhookEvent['type'];
/** `data` of each event type. */
export type WebhookEventData = { [T in WebhookEventType]: Extract<WebhookEvent, { type: T }>['data'] };
/** What blog events carry in `data`. */
export type BlogPostSummary = WebhookEventData['blog.post.published'];
