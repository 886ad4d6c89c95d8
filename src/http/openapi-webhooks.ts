// The top-level `webhooks` section of /openapi.json (OpenAPI 3.1): one entry per event type the
// service sends, its body the envelope {id, type, createdAt, storeId, data} with that event's `data`.
// Each envelope is also a named component schema (`BookingCreatedEvent`…) and `WebhookEvent` is
// their union by `type`, so generated clients (the SDK) get a typed event union from here.
import { EVENT_TYPES, type EventType } from '../modules/events/service.ts';

type Json = Record<string, unknown>;

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const object = (properties: Record<string, Json>, description?: string): Json => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
  ...(description ? { description } : {}),
});
const string = (description?: string): Json => ({ type: 'string', ...(description ? { description } : {}) });
const timestamp = (description?: string): Json => ({ type: 'string', format: 'date-time', ...(description ? { description } : {}) });
const nullable = (schema: Json): Json => ({ anyOf: [schema, { type: 'null' }] });

const BlogPostSummary = object({
  postId: string(),
  storeSlug: string(),
  slug: string(),
  title: string(),
  excerpt: nullable(string()),
  coverImageUrl: nullable(string()),
  status: { type: 'string', enum: ['draft', 'published', 'archived', 'deleted'] },
  publishedAt: nullable(timestamp()),
  updatedAt: timestamp(),
  url: string('the post\'s public page'),
});

/** Each event type: when it fires, and the schema of its `data`. */
const EVENTS: Record<EventType, { summary: string; data: Json }> = {
  'booking.created': { summary: 'A booking was created (integration API, hosted booking page or staff)', data: ref('Booking') },
  'booking.updated': {
    summary: 'Staff changed a booking\'s status or rescheduled it',
    data: { allOf: [ref('Booking'), object({ previousStatus: string('the booking\'s status before this change'), changedBy: string('who made the change') })] },
  },
  'order.created': { summary: 'A checkout or a counter sale created an order', data: ref('Order') },
  'order.updated': { summary: 'An order changed (cancelled, expired, refunded, fulfilment)', data: ref('Order') },
  'order.paid': { summary: 'Payment of an order was confirmed', data: ref('Order') },
  'order.payment_failed': { summary: 'Payment of an order was declined or failed', data: ref('Order') },
  'order.refunded': { summary: 'Staff refunded an order (sent with order.updated)', data: ref('Order') },
  'blog.post.published': { summary: 'A blog post was published', data: BlogPostSummary },
  'blog.post.updated': { summary: 'A published blog post changed', data: BlogPostSummary },
  'blog.post.unpublished': { summary: 'A blog post went back to draft, was archived or deleted', data: BlogPostSummary },
  'catalog.sync.succeeded': { summary: 'A catalog sync run applied a feed', data: object({ run: ref('SyncRun') }) },
  'catalog.sync.failed': { summary: 'A catalog sync run was refused; nothing changed', data: object({ run: ref('SyncRun') }) },
  'catalog.rolled_back': {
    summary: 'A catalog sync run was rolled back',
    data: object({ run: ref('SyncRun'), rolledBackRunId: string(), rolledBackRunIds: { type: 'array', items: string() } }),
  },
  'catalog.item.created': {
    summary: 'An item entered the integration catalog: staff created it published, or published it',
    data: ref('CatalogItem'),
  },
  'catalog.item.updated': { summary: 'Staff changed a published item (stock adjustments included)', data: ref('CatalogItem') },
  'catalog.item.deleted': {
    summary: 'An item left the integration catalog: staff deleted or unpublished it; data is the item as it was',
    data: ref('CatalogItem'),
  },
  'customer.created': { summary: 'A customer record was created (by staff, or by a booking or order from a new contact)', data: ref('Customer') },
  'webhook.test': { summary: 'The test event of POST /developer/webhooks/{endpointId}/test', data: object({ endpointId: string(), message: string() }) },
};

/** `catalog.item.created` → `CatalogItemCreatedEvent`. */
export function eventSchemaName(type: string): string {
  return `${type
    .split(/[._]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('')}Event`;
}

const HEADERS = [
  { name: 'webhook-id', description: 'the event id (evt_…), the same on every retry: use it to ignore duplicates' },
  { name: 'webhook-timestamp', description: 'Unix seconds when this attempt was signed' },
  {
    name: 'webhook-signature',
    description:
      'space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` signatures (Standard Webhooks); two for 24 hours after a secret rotation (new and previous secret). Valid when any one matches.',
  },
];

/** Adds the `webhooks` section and the event schemas to a finished OpenAPI document. */
export function addWebhooks(doc: Json & { components?: { schemas?: Record<string, unknown> } }): Json {
  doc.components ??= {};
  const schemas = (doc.components.schemas ??= {});
  const webhooks: Record<string, Json> = {};
  for (const type of EVENT_TYPES) {
    const { summary, data } = EVENTS[type];
    const name = eventSchemaName(type);
    schemas[name] = object(
      { id: string('evt_…, also the webhook-id header'), type: { type: 'string', const: type }, createdAt: timestamp(), storeId: string(), data },
      `The body of a ${type} delivery: ${summary}.`,
    );
    webhooks[type] = {
      post: {
        operationId: `on${name}`,
        summary,
        tags: ['webhooks'],
        parameters: HEADERS.map((h) => ({ in: 'header', name: h.name, required: true, description: h.description, schema: { type: 'string' } })),
        requestBody: { required: true, content: { 'application/json': { schema: ref(name) } } },
        responses: { '2XX': { description: 'Received. Anything else (or no answer within 10 s) is retried; 410 Gone disables the endpoint.' } },
        security: [],
      },
    };
  }
  schemas.WebhookEvent = {
    description: 'Any webhook body, by its `type`.',
    oneOf: EVENT_TYPES.map((t) => ref(eventSchemaName(t))),
    discriminator: { propertyName: 'type', mapping: Object.fromEntries(EVENT_TYPES.map((t) => [t, `#/components/schemas/${eventSchemaName(t)}`])) },
  };
  doc.webhooks = webhooks;
  return doc;
}
