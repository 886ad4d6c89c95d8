// Schemas shared by every module's routes.
import { Type, type TSchema, type TStringOptions } from 'typebox';
import { pattern } from './validation.ts';
import { ERROR_CODES } from '../shared/error-codes.ts';

export const CONTRACT_VERSION = '2026-04-13';

export const ErrorBody = Type.Object(
  {
    ok: Type.Literal(false),
    // The enum is the service's list of codes (src/shared/error-codes.ts); the SDK types StoreApiError.code from it.
    error: Type.String({ enum: [...ERROR_CODES], description: 'stable error code, e.g. invalid-api-key' }),
    message: Type.String(),
    requestId: Type.String(),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
    expectedVersion: Type.Optional(Type.String()),
    receivedVersion: Type.Optional(Type.String()),
    reason: Type.Optional(Type.String({ description: 'on some 429s, which budget was used up: invalid-keys-from-address, invitations-per-hour' })),
  },
  { $id: 'ErrorBody', description: 'Every error response: ok false, a stable error code, a message, the request id, and details per field when the input was refused.' },
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

/** The keyword carrying a schema's documented form; src/http/openapi-finish.ts puts it in its place. */
export const DOCUMENTED_AS = 'x-documented-as';

/**
 * `checked` validates requests; /openapi.json shows `documented` in its place. For input a service
 * checks itself part by part (the rows of a sync feed, each reported on its own), so the reference
 * still gives the rules and generated clients their types. The validator ignores the keyword.
 */
export const DocumentedAs = <T extends TSchema>(checked: T, documented: TSchema): T => ({ ...checked, [DOCUMENTED_AS]: documented }) as T;

export const IsoTimestamp = Type.String({ format: 'date-time', description: 'ISO 8601 UTC with milliseconds' });

export const integrationHeaders = Type.Object({
  'x-api-key': Type.Optional(Type.String({ description: 'integration key (or Authorization: Bearer)' })),
  'x-service-contract-version': Type.Optional(Type.String({ description: `contract version, ${CONTRACT_VERSION}` })),
});

/** Text a person reads as a name or title: at least one character that is not whitespace. */
export const NonBlank = (maxLength: number, options: TStringOptions = {}) =>
  Type.String({ maxLength, ...pattern(/\S/, 'must not be blank'), ...options });

/**
 * Control characters (C0 and DEL): never part of a name. A line break in a store's or a service's name
 * would otherwise start new lines (properties) in the calendar files and headers built from it.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTER = /[\x00-\x1F\x7F]/;

/**
 * A name or title on one line: at least one character that is not whitespace, and no control
 * characters. Linear-time: leading spaces and the first other character cannot overlap.
 */
export const OneLineName = (maxLength: number, options: TStringOptions = {}) =>
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  Type.String({ maxLength, ...pattern(/^[^\S\x00-\x1F\x7F]*[^\s\x00-\x1F\x7F][^\x00-\x1F\x7F]*$/, 'must not be blank, and must be one line without control characters'), ...options });

// Linear-time on any input: no two adjacent parts can match the same character.
const HTTP_URL = '\\s*[Hh][Tt][Tt][Pp][Ss]?:\\/\\/[^\\s/?#]+(?:[/?#]\\S*)?\\s*';

/** An absolute http(s) URL (surrounding whitespace tolerated, as the routes' own URL checks do). */
export const HttpUrl = (options: TStringOptions = {}) =>
  Type.String({ maxLength: 2048, ...pattern(new RegExp(`^${HTTP_URL}$`), 'must be an absolute http(s) URL'), ...options });

/**
 * A pattern source for an email address, local@domain with a dot inside the domain, made of the
 * characters a class excluding `excluded` (and never whitespace or @) allows. Linear-time on any
 * input: the domain is read as its first character, then up to its first dot, then the rest, so no
 * two parts can compete for a character (Ajv runs patterns on strings of any length).
 */
export function emailPattern(excluded: string): string {
  const char = `[^\\s@${excluded}]`;
  return `${char}+@${char}[^\\s@${excluded}.]*\\.${char}+`;
}

/** An absolute http(s) URL, or blank for "none". */
export const OptionalHttpUrl = (options: TStringOptions = {}) =>
  Type.String({ maxLength: 2048, ...pattern(new RegExp(`^(?:\\s*|${HTTP_URL})$`), 'must be an absolute http(s) URL, or empty'), ...options });
