// The last step of /openapi.json: what a code generator and a linter need beyond what the route
// schemas say, decided once for every route instead of repeated in each module:
// - a stable camelCase operationId per operation (OPERATION_IDS);
// - named component schemas for the resources (`Booking`, `Order`…): wherever a route's schema is
//   exactly a named one, it becomes a $ref, so generated types carry the resource names;
// - `security: []` on public operations, `storeId` required where the service requires it;
// - request bodies the route schemas cannot express (multipart upload, the raw Paystack webhook);
// - the response headers every client may rely on (request id, contract version, rate limits,
//   Retry-After, ETag, idempotent-replayed) and the Idempotency-Key header where it is accepted.
import type { TSchema } from 'typebox';
import { CONTRACT_VERSION, DOCUMENTED_AS } from './schemas.ts';
import { OPERATION_IDS } from './operation-ids.ts';

type Json = any;

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'];

/** Stable JSON: keys sorted, so two equal schemas give one string. */
function canonical(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Replaces, bottom-up, every subtree equal to a named schema (other than `skip`) by a $ref to it. */
function refNamed(node: Json, names: Map<string, string>, skip?: string): Json {
  if (Array.isArray(node)) return node.map((n) => refNamed(n, names, skip));
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = refNamed(v, names, skip);
  const name = names.get(canonical(node));
  return name && name !== skip ? { $ref: `#/components/schemas/${name}` } : out;
}

/** Every node marked with DocumentedAs replaced by the schema it documents (see src/http/schemas.ts). */
function documented(node: Json): Json {
  if (Array.isArray(node)) return node.map(documented);
  if (!node || typeof node !== 'object') return node;
  if (node[DOCUMENTED_AS]) return documented(JSON.parse(JSON.stringify(node[DOCUMENTED_AS])));
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = documented(v);
  return out;
}

const header = (description: string, schema: Json = { type: 'string' }) => ({ description, schema });

const HEADERS: Record<string, Json> = {
  RequestId: header('Id of this request: log it, and quote it when asking for help.'),
  ContractVersion: header(`The contract version the answer follows (${CONTRACT_VERSION}).`, { type: 'string', const: CONTRACT_VERSION }),
  RateLimitLimit: header('Requests allowed in the current one-minute window for this key (or address).', { type: 'integer' }),
  RateLimitRemaining: header('Requests left in the current window.', { type: 'integer' }),
  RateLimitReset: header('Seconds until the window resets.', { type: 'integer' }),
  RetryAfter: header('Seconds to wait before retrying.', { type: 'integer' }),
  ETag: header('Version of the catalog; send it back in If-None-Match to get 304 when nothing changed.'),
  CacheControl: header('How long the answer may be cached.'),
  IdempotentReplayed: header('"true" when this is the stored answer to an earlier request with the same Idempotency-Key.', { type: 'string', enum: ['true'] }),
};

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** Operations that take the store from `storeId` in the query and answer 400 missing-store-id without it. */
function requiresStoreIdQuery(path: string, op: Json): boolean {
  const integration = (op.security ?? []).some((s: Json) => 'apiKey' in s);
  return integration || path.startsWith('/developer/') || path === '/api/uploads';
}

function isErrorBody(response: Json): boolean {
  const media = Object.values<Json>(response.content ?? {});
  return media.length === 1 && media[0].schema?.$ref === '#/components/schemas/ErrorBody';
}

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'validation-failed (with details) or another bad-request code',
  '401': 'unauthorized (no credentials) or invalid-api-key',
  '403': 'forbidden: the credentials lack the scope or role',
  '404': 'not-found, or a specific *-not-found code',
  '409': 'conflict: slot-unavailable, out-of-stock, idempotency-key-reuse, conflict…',
  '413': 'payload-too-large',
  '415': 'unsupported-media-type',
  '422': 'the request is understood but cannot be done (not-bookable, not-purchasable, item-not-found)',
  '429': 'rate-limited: wait Retry-After seconds',
  '500': 'internal-error: retry with backoff and log the request id',
  '502': 'the payment provider could not be reached',
};

function errorResponse(status: string, integration: boolean): Json {
  const headers: Record<string, Json> = { 'x-service-request-id': ref('RequestId'), 'x-service-contract-version': ref('ContractVersion') };
  if (integration) Object.assign(headers, { 'RateLimit-Limit': ref('RateLimitLimit'), 'RateLimit-Remaining': ref('RateLimitRemaining'), 'RateLimit-Reset': ref('RateLimitReset') });
  if (status === '429') headers['Retry-After'] = ref('RetryAfter');
  const description =
    status === '400' && integration
      ? 'validation-failed (with details), missing-store-id, or contract-version-mismatch (with expectedVersion and receivedVersion)'
      : (ERROR_DESCRIPTIONS[status] ?? 'error');
  return { description, headers, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };
}

const IDEMPOTENT = new Set(['POST /v1IntegrationBookings', 'POST /integrationCheckoutCreate', 'POST /v1IntegrationCheckoutPreview']);

export function finishDocument(doc: Json, named: Record<string, TSchema>): Json {
  // Named schemas in their documented form, as request bodies are (a checked body may carry DocumentedAs).
  const plain = (schema: TSchema): Json => documented(JSON.parse(JSON.stringify(schema)));
  const names = new Map<string, string>();
  for (const [name, schema] of Object.entries(named)) names.set(canonical(plain(schema)), name);

  doc.components ??= {};
  doc.components.schemas ??= {};
  for (const [name, schema] of Object.entries(named)) doc.components.schemas[name] = refNamed(plain(schema), names, name);
  doc.components.headers = { ...(doc.components.headers ?? {}), ...HEADERS };
  doc.info.license ??= { name: 'MIT', identifier: 'MIT' };

  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const key = `${method.toUpperCase()} ${path}`;
      if (OPERATION_IDS[key]) op.operationId = OPERATION_IDS[key];
      op.security ??= [];
      const integration = op.security.some((s: Json) => 'apiKey' in s);

      for (const p of op.parameters ?? []) if (p.in === 'query' && p.name === 'storeId' && requiresStoreIdQuery(path, op)) p.required = true;
      if (IDEMPOTENT.has(key) && !(op.parameters ?? []).some((p: Json) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key')) {
        op.parameters = [...(op.parameters ?? []), { in: 'header', name: 'idempotency-key', required: false, description: 'retry-safe key, 1–255 visible ASCII: the same key with the same body within 24 h replays the first answer', schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' } }];
      }
      if (key === 'POST /api/uploads' && !op.requestBody) {
        op.requestBody = {
          required: true,
          content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary', description: 'PNG, JPEG, GIF, WebP or AVIF, at most 5 MB' } } } } },
        };
      }
      if (key === 'POST /webhooks/paystack' && !op.requestBody) {
        op.requestBody = {
          required: true,
          description: 'The raw event Paystack sends; x-paystack-signature is the HMAC-SHA512 of these exact bytes',
          content: { 'application/json': { schema: { type: 'object', required: ['event', 'data'], properties: { event: { type: 'string' }, data: { type: 'object', additionalProperties: true } } } } },
        };
        op.parameters = [...(op.parameters ?? []), { in: 'header', name: 'x-paystack-signature', required: true, schema: { type: 'string' } }];
      }

      for (const [status, response] of Object.entries<Json>(op.responses ?? {})) {
        if (response.$ref) continue;
        // Error answers are the same everywhere: one shared response per status (and kind of route).
        if (/^[45]/.test(status) && !(status === '409' && IDEMPOTENT.has(key)) && isErrorBody(response)) {
          const name = `${integration ? 'Integration' : ''}Error${status}`;
          doc.components.responses ??= {};
          doc.components.responses[name] ??= errorResponse(status, integration);
          op.responses[status] = { $ref: `#/components/responses/${name}` };
          continue;
        }
        const headers: Record<string, Json> = { 'x-service-request-id': ref('RequestId'), 'x-service-contract-version': ref('ContractVersion'), ...(response.headers ?? {}) };
        if (integration) Object.assign(headers, { 'RateLimit-Limit': ref('RateLimitLimit'), 'RateLimit-Remaining': ref('RateLimitRemaining'), 'RateLimit-Reset': ref('RateLimitReset') });
        if (status === '429' || (status === '409' && IDEMPOTENT.has(key))) headers['Retry-After'] = ref('RetryAfter');
        if (status.startsWith('2') && IDEMPOTENT.has(key)) headers['idempotent-replayed'] = ref('IdempotentReplayed');
        if (status === '200' && key === 'GET /v1IntegrationProducts') Object.assign(headers, { ETag: ref('ETag'), 'Cache-Control': ref('CacheControl') });
        response.headers = headers;
      }
      if (key === 'GET /v1IntegrationProducts' && !op.responses['304']) {
        op.responses['304'] = { description: 'Not modified: the If-None-Match ETag is current', headers: { ETag: ref('ETag'), 'x-service-request-id': ref('RequestId') } };
      }
      for (const [status, response] of Object.entries<Json>(op.responses ?? {})) {
        if (!response.content) continue;
        for (const media of Object.values<Json>(response.content)) if (media.schema) media.schema = refNamed(media.schema, names);
        op.responses[status] = response;
      }
      for (const media of Object.values<Json>(op.requestBody?.content ?? {})) if (media.schema) media.schema = refNamed(documented(media.schema), names);
    }
  }
  return doc;
}
