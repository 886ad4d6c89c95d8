import { Type } from 'typebox';
import { HttpUrl, IsoTimestamp, Nullable } from '../../http/schemas.ts';
import { EVENT_TYPES } from '../events/service.ts';

const EVENTS_DESCRIPTION = `"*" (every event) or a list of event types: ${EVENT_TYPES.join(', ')}`;

export const WebhookEndpointSchema = Type.Object({
  endpointId: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String(), { description: EVENTS_DESCRIPTION }),
  description: Nullable(Type.String()),
  enabled: Type.Boolean(),
  disabledReason: Nullable(Type.String({ description: 'why the endpoint is disabled (e.g. it answered 410 Gone)' })),
  previousSecretExpiresAt: Nullable(Type.String({ format: 'date-time', description: 'after a secret rotation: until when deliveries are also signed with the replaced secret; null when they are not' })),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});

const WebhookUrl = HttpUrl({ description: 'https URL that does not resolve to a private address (http and private addresses only with WEBHOOK_ALLOW_PRIVATE_TARGETS)' });
const Events = Type.Array(Type.Union([Type.Literal('*'), ...EVENT_TYPES.map((t) => Type.Literal(t))]), { minItems: 1, maxItems: 20, description: EVENTS_DESCRIPTION });
const Description = Type.String({ maxLength: 500 });

export const CreateWebhookBody = Type.Object({
  url: WebhookUrl,
  events: Type.Optional(Events),
  description: Type.Optional(Nullable(Description)),
}, { additionalProperties: false, description: 'Unknown fields are refused (a caller-chosen secret, for one, is never accepted).' });

export const UpdateWebhookBody = Type.Object({
  url: Type.Optional(WebhookUrl),
  events: Type.Optional(Events),
  description: Type.Optional(Nullable(Description)),
  enabled: Type.Optional(Type.Boolean()),
  rotateSecret: Type.Optional(Type.Boolean({ description: 'true: a new whsec_ secret replaces the old one and is returned once; the old one keeps signing beside it for 24 h (as rotate-secret)' })),
}, { additionalProperties: false });

export const EndpointParams = Type.Object({ endpointId: Type.String({ maxLength: 100 }) });

export const DeliveryParams = Type.Object({ endpointId: Type.String({ maxLength: 100 }), deliveryId: Type.String({ maxLength: 100 }) });

export const DeliveriesQuery = Type.Object({
  storeId: Type.Optional(Type.String({ description: 'store identifier (required)' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  cursor: Type.Optional(Type.String({ maxLength: 500, description: 'nextCursor of the previous page' })),
});

const AttemptSchema = Type.Object({
  attempt: Type.Integer(),
  attemptedAt: IsoTimestamp,
  responseStatus: Nullable(Type.Integer()),
  durationMs: Type.Integer(),
  error: Nullable(Type.String()),
  responseBodyExcerpt: Nullable(Type.String({ description: 'first 1 KB of the response body' })),
});

const PlannedAttemptSchema = Type.Object({
  attempt: Type.Integer(),
  delaySeconds: Type.Number({ description: 'wait before this attempt (WEBHOOK_RETRY_SCHEDULE)' }),
  at: Nullable(IsoTimestamp),
  state: Type.Union([Type.Literal('attempted'), Type.Literal('planned'), Type.Literal('cancelled')]),
});

export const DeliverySchema = Type.Object({
  deliveryId: Type.String(),
  endpointId: Type.String(),
  eventId: Type.String(),
  eventType: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('retrying'), Type.Literal('failed')]),
  attemptCount: Type.Integer({ description: 'attempts made so far, redeliveries included' }),
  maxAttempts: Type.Integer({ description: 'attemptCount at which the current retry schedule ends' }),
  nextAttemptAt: Nullable(IsoTimestamp),
  retrySchedule: Type.Array(PlannedAttemptSchema, { description: 'the current schedule (after a redelivery, the fresh one); attempts keeps every attempt' }),
  attempts: Type.Array(AttemptSchema),
  terminalFailure: Nullable(Type.Object({ reason: Type.String(), at: IsoTimestamp })),
  redeliveryCount: Type.Integer({ description: 'how many times the delivery was redelivered' }),
  redeliveredAt: Nullable(IsoTimestamp),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});

export const TestResultSchema = Type.Object({
  ok: Type.Boolean(),
  deliveryId: Type.String(),
  eventId: Type.String(),
  status: Type.String({ description: 'succeeded or failed' }),
  responseStatus: Nullable(Type.Integer()),
  durationMs: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
});

export const RotateSecretResponse = Type.Object({
  ok: Type.Boolean(),
  endpoint: WebhookEndpointSchema,
  secret: Type.String({ description: 'the new whsec_ secret (shown only now)' }),
});
