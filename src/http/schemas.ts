// Schemas shared by every module's routes.
import { Type, type TSchema } from 'typebox';

export const CONTRACT_VERSION = '2026-04-13';

export const ErrorBody = Type.Object(
  {
    ok: Type.Literal(false),
    error: Type.String({ description: 'stable error code, e.g. invalid-api-key' }),
    message: Type.String(),
    requestId: Type.String(),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
    expectedVersion: Type.Optional(Type.String()),
    receivedVersion: Type.Optional(Type.String()),
  },
  { $id: 'ErrorBody', description: 'Every error response (CONTRACT §3).' },
);

const errorRef = Type.Ref('ErrorBody');

/** Error responses documented on every route. */
export const errorResponses = {
  400: errorRef,
  401: errorRef,
  403: errorRef,
  404: errorRef,
  409: errorRef,
  413: errorRef,
  415: errorRef,
  422: errorRef,
  429: errorRef,
  500: errorRef,
};

/** `{200: schema, ...errors}` in one call. */
export function responses<T extends Record<number, TSchema>>(ok: T) {
  return { ...errorResponses, ...ok };
}

export const StoreIdQuery = Type.Object({
  storeId: Type.Optional(Type.String({ description: 'store identifier (required; 400 missing-store-id when absent)' })),
});

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const IsoTimestamp = Type.String({ format: 'date-time', description: 'ISO 8601 UTC with milliseconds' });

export const integrationHeaders = Type.Object({
  'x-api-key': Type.Optional(Type.String({ description: 'integration key (or Authorization: Bearer)' })),
  'x-service-contract-version': Type.Optional(Type.String({ description: `contract version, ${CONTRACT_VERSION}` })),
});
