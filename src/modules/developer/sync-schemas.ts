import { Type } from 'typebox';
import { DocumentedAs, IsoTimestamp, Nullable } from '../../http/schemas.ts';
import { pattern } from '../../http/validation.ts';
import { ItemFields, PRICE_REQUIRED, SCHEDULE_ONLY_BOOKABLE } from '../catalog/schemas.ts';
import { ITEM_ID_PATTERN, ITEM_ID_RULE } from '../catalog/item-input.ts';

/** Items per feed: a 10,000-item catalog with room to grow. */
export const MAX_FEED_ITEMS = 20_000;
/** Body limit of POST /developer/sync-runs only (the rest of the service keeps 1 MB). */
export const SYNC_BODY_LIMIT = 16 * 1024 * 1024;

const Mode = Type.Union([Type.Literal('full'), Type.Literal('upsert')], {
  description: 'full: the feed is the whole catalog (items left out are deleted); upsert: create or update the items sent, keep the rest',
});

export const SyncFailureSchema = Type.Object({
  row: Nullable(Type.Integer({ description: 'JSON: position in items from 1; CSV: spreadsheet row (header = row 1); null for a run-level failure' })),
  itemId: Nullable(Type.String()),
  reason: Type.String(),
});

const Counts = Type.Object({ created: Type.Integer(), updated: Type.Integer(), deleted: Type.Integer(), unchanged: Type.Integer(), failed: Type.Integer() });

const DRY_RUN_DESCRIPTION = 'true: check the feed exactly like a real run and answer what it would change (200), without changing anything or recording a run';

export const FeedChangeSchema = Type.Object({
  itemId: Type.String(),
  action: Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('delete')]),
  fields: Type.Array(Type.String(), {
    description: 'update: the item fields whose values change (price stands for price and priceMinor); create: the fields the new item has a value for; delete: empty',
  }),
});

export const DryRunSchema = Type.Object({
  ok: Type.Boolean(),
  dryRun: Type.Literal(true),
  counts: Counts,
  failures: Type.Array(SyncFailureSchema),
  changes: Type.Array(FeedChangeSchema, { description: 'every create, update and delete, in feed order then catalog order; unchanged items are left out' }),
});

export const SyncRunSchema = Type.Object({
  runId: Type.String(),
  kind: Type.Union([Type.Literal('sync'), Type.Literal('rollback')]),
  mode: Nullable(Mode),
  source: Nullable(Type.Union([Type.Literal('json'), Type.Literal('csv')])),
  status: Type.Union([Type.Literal('running'), Type.Literal('succeeded'), Type.Literal('failed'), Type.Literal('rolled_back')]),
  startedAt: IsoTimestamp,
  finishedAt: Nullable(IsoTimestamp),
  durationMs: Nullable(Type.Integer()),
  counts: Counts,
  failures: Type.Array(SyncFailureSchema, { description: 'at most 1000 kept; counts.failed has the full number' }),
  rollbackOf: Nullable(Type.String({ description: 'rollback runs: the sync run whose snapshot was restored' })),
  rolledBackBy: Nullable(Type.String({ description: 'rolled_back sync runs: the rollback run that undid them' })),
  rolledBackAt: Nullable(IsoTimestamp),
});

/** One row of a JSON feed: catalog item input (POST /api/stores/{storeId}/items) with the id the feed chooses. */
export const SyncFeedItemSchema = Type.Object(
  {
    id: Type.String({ ...pattern(ITEM_ID_PATTERN, ITEM_ID_RULE), description: 'the item id chosen by the feed; once per feed' }),
    ...ItemFields,
  },
  {
    additionalProperties: false,
    allOf: [...PRICE_REQUIRED.allOf, SCHEDULE_ONLY_BOOKABLE],
    description:
      'A catalog item of the feed. The service checks each row by these rules itself, not as part of the request: ' +
      'an invalid row does not fail the request with its own 400, it fails the run, which answers 400 validation-failed ' +
      'with one failure per bad row (row number, item id, reason) and changes nothing.',
  },
);

export const SyncFeedBody = Type.Object(
  {
    mode: Mode,
    // Rows are checked one by one by sync-service.ts (item-input.ts), so a bad row is reported in the
    // run's failures with its row number instead of failing the request as a whole: the request
    // schema takes any row, and /openapi.json shows the row schema those checks apply.
    items: Type.Array(DocumentedAs(Type.Unknown(), SyncFeedItemSchema), { maxItems: MAX_FEED_ITEMS }),
    allowMassDelete: Type.Optional(Type.Boolean({ description: 'let a full feed delete more than half the catalog' })),
    dryRun: Type.Optional(Type.Boolean({ description: DRY_RUN_DESCRIPTION })),
  },
  { additionalProperties: false },
);

export const SyncCsvBody = Type.String({
  description: 'text/csv with a header row: id,name,itemType,category,description,price|priceMinor,stockCount,imageUrl,imageUrls (separated by |),imageAlt,published,schedule (JSON)',
});

export const SyncPostQuery = Type.Object({
  storeId: Type.Optional(Type.String({ description: 'store identifier (required)' })),
  mode: Type.Optional(Mode),
  allowMassDelete: Type.Optional(Type.Boolean({ description: 'CSV feeds: let a full feed delete more than half the catalog' })),
  dryRun: Type.Optional(Type.Boolean({ description: `${DRY_RUN_DESCRIPTION} (CSV feeds; a JSON feed may send it here or in its body)` })),
});

export const SyncListQuery = Type.Object({
  storeId: Type.Optional(Type.String({ description: 'store identifier (required)' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  cursor: Type.Optional(Type.String({ maxLength: 500 })),
});

export const SyncRunParams = Type.Object({ runId: Type.String({ maxLength: 100 }) });

/** The flat error body of a failed feed, with the failed run that was recorded (or, for a dry run, its report). */
export const SyncErrorBody = Type.Object({
  ok: Type.Literal(false),
  error: Type.String(),
  message: Type.String(),
  requestId: Type.String(),
  details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  expectedVersion: Type.Optional(Type.String()),
  receivedVersion: Type.Optional(Type.String()),
  run: Type.Optional(SyncRunSchema),
  dryRun: Type.Optional(Type.Literal(true)),
  counts: Type.Optional(Counts),
  failures: Type.Optional(Type.Array(SyncFailureSchema)),
  changes: Type.Optional(Type.Array(FeedChangeSchema)),
});
