// Developer settings (owners and admins; the /developer routes take storeId in the query and the
// session cookie): integration keys, webhook endpoints and their deliveries, catalog sync runs with
// dry run and rollback. Secrets come back only from the create/rotate calls and are never cached.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError, ok, type ErrorDetail } from './client';
import { overviewKeys } from './overview';
import type { components, paths } from './schema';

export type IntegrationKey = components['schemas']['IntegrationKey'];
export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];
export type SyncRun = components['schemas']['SyncRun'];
export type KeyScope = NonNullable<NonNullable<paths['/developer/keys']['post']['requestBody']>['content']['application/json']['scopes']>[number];
export type CreateKeyBody = NonNullable<paths['/developer/keys']['post']['requestBody']>['content']['application/json'];
export type CreateEndpointBody = NonNullable<paths['/developer/webhooks']['post']['requestBody']>['content']['application/json'];
export type WebhookEvent = NonNullable<CreateEndpointBody['events']>[number];
export type EndpointPatch = NonNullable<paths['/developer/webhooks/{endpointId}']['patch']['requestBody']>['content']['application/json'];
export type TestResult = paths['/developer/webhooks/{endpointId}/test']['post']['responses'][200]['content']['application/json'];
type DryRunAnswer = paths['/developer/sync-runs']['post']['responses'][200]['content']['application/json'];
export type SyncCounts = DryRunAnswer['counts'];
export type SyncFailure = DryRunAnswer['failures'][number];
export type SyncChange = DryRunAnswer['changes'][number];

/** Every scope a key can hold, with what it allows (CONTRACT §2, §6); `website` = the default set. */
export const SCOPES: { scope: KeyScope; allows: string; website: boolean }[] = [
  { scope: 'catalog:read', allows: 'Read products, services and courses with their prices and stock', website: true },
  { scope: 'content:read', allows: 'Read the promo, gallery, videos and blog', website: true },
  { scope: 'availability:read', allows: 'Read open booking slots', website: true },
  { scope: 'bookings:read', allows: 'Read bookings made through the website', website: true },
  { scope: 'bookings:write', allows: 'Create bookings', website: true },
  { scope: 'checkout:write', allows: 'Create orders and start payments', website: true },
  { scope: 'orders:read', allows: 'Read orders and their payment status', website: true },
  { scope: 'customers:read', allows: 'Read customers (names, emails, phone numbers)', website: false },
  { scope: 'reports:read', allows: 'Read sales reports and top sellers', website: false },
  { scope: 'developer', allows: 'Manage keys, webhooks and catalog sync, like this page', website: false },
];
export const WEBSITE_SCOPES: KeyScope[] = SCOPES.filter((s) => s.website).map((s) => s.scope);

/** Event types a webhook endpoint can subscribe to (docs/webhooks.md, Events). */
export const EVENT_TYPES: { type: Exclude<WebhookEvent, '*'>; when: string }[] = [
  { type: 'booking.created', when: 'a booking is made on the website' },
  { type: 'booking.updated', when: 'staff change or reschedule a booking' },
  { type: 'order.created', when: 'a checkout creates an order' },
  { type: 'order.updated', when: 'an order is cancelled, expires, is refunded or fulfilled' },
  { type: 'order.paid', when: 'a payment is confirmed' },
  { type: 'order.payment_failed', when: 'a payment fails' },
  { type: 'blog.post.published', when: 'a post is published' },
  { type: 'blog.post.updated', when: 'a published post changes' },
  { type: 'blog.post.unpublished', when: 'a post is unpublished, archived or deleted' },
  { type: 'catalog.sync.succeeded', when: 'a catalog feed is applied' },
  { type: 'catalog.sync.failed', when: 'a catalog feed is refused' },
  { type: 'catalog.rolled_back', when: 'a feed is rolled back' },
  { type: 'catalog.item.created', when: 'an item is added to the catalog or published' },
  { type: 'catalog.item.updated', when: 'a published item or its stock changes' },
  { type: 'catalog.item.deleted', when: 'an item is deleted or unpublished' },
  { type: 'customer.created', when: 'a new customer is recorded' },
  { type: 'order.refunded', when: 'an order is refunded' },
  { type: 'webhook.test', when: 'you send a test event' },
];

export const developerKeys = {
  all: (storeId: string) => ['stores', storeId, 'developer'] as const,
  keys: (storeId: string) => [...developerKeys.all(storeId), 'keys'] as const,
  endpoints: (storeId: string) => [...developerKeys.all(storeId), 'webhooks'] as const,
  deliveries: (storeId: string, endpointId: string) => [...developerKeys.all(storeId), 'webhooks', endpointId, 'deliveries'] as const,
  runs: (storeId: string) => [...developerKeys.all(storeId), 'sync-runs'] as const,
};

// ---- integration keys ----

export function useIntegrationKeys(storeId: string) {
  return useQuery({
    queryKey: developerKeys.keys(storeId),
    queryFn: async () => (await ok(api.GET('/developer/keys', { params: { query: { storeId } } }))).keys,
  });
}

/** Answers `{key, secret}`; the secret is handed to the caller only (not put in the query cache). */
export function useCreateKey(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateKeyBody) => ok(api.POST('/developer/keys', { params: { query: { storeId } }, body })),
    onSuccess: () => keysChanged(client, storeId),
  });
}

export function useRevokeKey(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => ok(api.POST('/developer/keys/{keyId}/revoke', { params: { path: { keyId }, query: { storeId } } })),
    onSuccess: () => keysChanged(client, storeId),
  });
}

/** The keys are read again, and Today's overview (its next steps count a working key). */
function keysChanged(client: QueryClient, storeId: string) {
  void client.invalidateQueries({ queryKey: overviewKeys.overview(storeId) });
  return client.invalidateQueries({ queryKey: developerKeys.keys(storeId) });
}

// ---- webhook endpoints ----

export function useEndpoints(storeId: string) {
  return useQuery({
    queryKey: developerKeys.endpoints(storeId),
    queryFn: async () => (await ok(api.GET('/developer/webhooks', { params: { query: { storeId } } }))).endpoints,
  });
}

export function useCreateEndpoint(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEndpointBody) => ok(api.POST('/developer/webhooks', { params: { query: { storeId } }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.endpoints(storeId) }),
  });
}

/**
 * A new signing secret, answered once; the old one keeps signing beside it for 24 hours
 * (endpoint.previousSecretExpiresAt).
 */
export function useRotateSecret(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) => ok(api.POST('/developer/webhooks/{endpointId}/rotate-secret', { params: { path: { endpointId }, query: { storeId } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.endpoints(storeId) }),
  });
}

/** Edit, enable/disable or rotate (`rotateSecret: true` answers the new secret once). */
export function useUpdateEndpoint(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, patch }: { endpointId: string; patch: EndpointPatch }) =>
      ok(api.PATCH('/developer/webhooks/{endpointId}', { params: { path: { endpointId }, query: { storeId } }, body: patch })),
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.endpoints(storeId) }),
  });
}

export function useDeleteEndpoint(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) => ok(api.DELETE('/developer/webhooks/{endpointId}', { params: { path: { endpointId }, query: { storeId } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.endpoints(storeId) }),
  });
}

/** One signed webhook.test event, sent now; answers its result (status, response code, time). */
export function useSendTest(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) => ok(api.POST('/developer/webhooks/{endpointId}/test', { params: { path: { endpointId }, query: { storeId } } })),
    onSuccess: (_data, endpointId) => client.invalidateQueries({ queryKey: developerKeys.deliveries(storeId, endpointId) }),
  });
}

const open = (d: WebhookDelivery) => d.status === 'pending' || d.status === 'retrying';

/** Deliveries newest first, 20 a page; refreshed every 2 s while one is still on its schedule. */
export function useDeliveries(storeId: string, endpointId: string) {
  return useInfiniteQuery({
    queryKey: developerKeys.deliveries(storeId, endpointId),
    queryFn: ({ pageParam }) =>
      ok(api.GET('/developer/webhooks/{endpointId}/deliveries', { params: { path: { endpointId }, query: { storeId, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.deliveries.some(open)) ? 2000 : false),
  });
}

/** Sends a succeeded or failed delivery again (same event, fresh retry schedule); 409 while pending or when the endpoint is disabled. */
export function useRedeliver(storeId: string, endpointId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      ok(api.POST('/developer/webhooks/{endpointId}/deliveries/{deliveryId}/redeliver', { params: { path: { endpointId, deliveryId }, query: { storeId } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.deliveries(storeId, endpointId) }),
  });
}

// ---- catalog sync ----

export function useSyncRuns(storeId: string) {
  return useInfiniteQuery({
    queryKey: developerKeys.runs(storeId),
    queryFn: ({ pageParam }) => ok(api.GET('/developer/sync-runs', { params: { query: { storeId, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** A feed read from a file: CSV text as is, or the items of a JSON feed. */
export type Feed = { format: 'csv'; text: string } | { format: 'json'; items: unknown[] };
export interface FeedOptions {
  mode: 'full' | 'upsert';
  allowMassDelete: boolean;
}

/** What a dry run or a run answered, error answers included (they carry the report too). */
export type FeedOutcome =
  | { kind: 'preview'; counts: SyncCounts; failures: SyncFailure[]; changes: SyncChange[] }
  | { kind: 'applied'; run: SyncRun }
  | {
      kind: 'refused';
      status: number;
      code: string;
      message: string;
      details: ErrorDetail[];
      counts?: SyncCounts;
      failures: SyncFailure[];
      changes: SyncChange[];
      run?: SyncRun;
    };

/**
 * Sends the feed, as a dry run or for real. A refusal of the feed itself (invalid rows, the
 * mass-delete guard, an unreadable CSV) is an outcome to show, not an exception; anything else throws.
 */
export async function sendFeed(storeId: string, feed: Feed, options: FeedOptions, dryRun: boolean): Promise<FeedOutcome> {
  const query = { storeId, mode: options.mode, ...(options.allowMassDelete ? { allowMassDelete: true } : {}), ...(dryRun ? { dryRun: true } : {}) };
  let result;
  try {
    result =
      feed.format === 'csv'
        ? await api.POST('/developer/sync-runs', {
            params: { query },
            body: feed.text as never,
            bodySerializer: (body: unknown) => body as string,
            headers: { 'content-type': 'text/csv' },
          })
        : await api.POST('/developer/sync-runs', {
            params: { query: { storeId } },
            // Rows go as the file has them: the service checks each one and reports the bad ones by row.
            body: { mode: options.mode, items: feed.items as never[], ...(options.allowMassDelete ? { allowMassDelete: true } : {}), ...(dryRun ? { dryRun: true } : {}) },
          });
  } catch {
    throw new ApiError(0, 'network-error', 'The service could not be reached. Check the connection and try again.');
  }
  const { data, error, response } = result as { data?: any; error?: any; response: Response };
  if (response.ok) {
    return data.dryRun ? { kind: 'preview', counts: data.counts, failures: data.failures, changes: data.changes } : { kind: 'applied', run: data.run };
  }
  const body = error && typeof error === 'object' ? error : {};
  if ([400, 409, 413, 415].includes(response.status) && body.error) {
    return {
      kind: 'refused',
      status: response.status,
      code: body.error,
      message: body.message ?? 'The feed was refused.',
      details: body.details ?? [],
      counts: body.counts ?? body.run?.counts,
      failures: body.failures ?? body.run?.failures ?? [],
      changes: body.changes ?? [],
      run: body.run,
    };
  }
  // 401 and the rest take the usual path (the sign-in dialog, an error message).
  return ok(Promise.resolve(result as never));
}

export function useSendFeed(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ feed, options, dryRun }: { feed: Feed; options: FeedOptions; dryRun: boolean }) => sendFeed(storeId, feed, options, dryRun),
    onSuccess: (_outcome, { dryRun }) => {
      if (dryRun) return;
      void client.invalidateQueries({ queryKey: developerKeys.runs(storeId) });
      void client.invalidateQueries({ queryKey: ['stores', storeId, 'items'] });
    },
  });
}

export function useRollback(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (runId: string) => ok(api.POST('/developer/sync-runs/{runId}/rollback', { params: { path: { runId }, query: { storeId } } })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: developerKeys.runs(storeId) });
      void client.invalidateQueries({ queryKey: ['stores', storeId, 'items'] });
    },
  });
}
