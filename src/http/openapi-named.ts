// The resources of the API by name: in /openapi.json each becomes a component schema, and every
// route schema that is exactly one of them refers to it (src/http/openapi-finish.ts). Generated
// clients get `Booking`, `Order`, `CatalogItem`… types from this list.
import type { TSchema } from 'typebox';
import { PostSchema } from '../modules/blog/schemas.ts';
import { AvailabilityResponse, BookingRecord, CreateBookingBody, StaffBookingRecord } from '../modules/bookings/schemas.ts';
import { CatalogItemSchema, CatalogResponse, ItemSchema, ScheduleSchema } from '../modules/catalog/schemas.ts';
import { CheckoutBody, CheckoutResponse, OrderSchema, PreviewResponse } from '../modules/checkout/schemas.ts';
import { GalleryItemSchema, PromoSchema, StaffPromoSchema, StaffVideoSchema, VideoSchema } from '../modules/content/schemas.ts';
import { CustomerSchema } from '../modules/customers/schemas.ts';
import { KeySchema } from '../modules/developer/schemas.ts';
import { SyncFeedItemSchema, SyncRunSchema } from '../modules/developer/sync-schemas.ts';
import { DeliverySchema, WebhookEndpointSchema } from '../modules/developer/webhooks-schemas.ts';
import { MemberSchema, StoreSchema, UserSchema } from '../modules/stores/schemas.ts';

export const NAMED_SCHEMAS: Record<string, TSchema> = {
  Catalog: CatalogResponse,
  CatalogItem: CatalogItemSchema,
  Item: ItemSchema,
  Schedule: ScheduleSchema,
  Promo: PromoSchema,
  StaffPromo: StaffPromoSchema,
  GalleryEntry: GalleryItemSchema,
  Video: VideoSchema,
  StaffVideo: StaffVideoSchema,
  Customer: CustomerSchema,
  Availability: AvailabilityResponse,
  BookingRequest: CreateBookingBody,
  Booking: BookingRecord,
  StaffBooking: StaffBookingRecord,
  CheckoutRequest: CheckoutBody,
  Checkout: CheckoutResponse,
  CheckoutPreview: PreviewResponse,
  Order: OrderSchema,
  Store: StoreSchema,
  User: UserSchema,
  Member: MemberSchema,
  IntegrationKey: KeySchema,
  WebhookEndpoint: WebhookEndpointSchema,
  WebhookDelivery: DeliverySchema,
  SyncRun: SyncRunSchema,
  SyncFeedItem: SyncFeedItemSchema,
  BlogPost: PostSchema,
};
