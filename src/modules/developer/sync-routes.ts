// /developer/sync-runs: apply a catalog feed (JSON or CSV), list runs, roll back.
import { Type } from 'typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { actorOf, authStoreId, requireDeveloper } from '../../http/auth.ts';
import { responses } from '../../http/schemas.ts';
import { AppError } from '../../shared/errors.ts';
import { nowIso } from '../../shared/time.ts';
import { DeveloperQuery } from './schemas.ts';
import { CsvError, csvFeedRows } from './sync-csv.ts';
import {
  DryRunSchema,
  MAX_FEED_ITEMS,
  SYNC_BODY_LIMIT,
  SyncCsvBody,
  SyncErrorBody,
  SyncFeedBody,
  SyncListQuery,
  SyncPostQuery,
  SyncRunParams,
  SyncRunSchema,
} from './sync-schemas.ts';
import type { FeedRequest, SyncMode } from './sync-service.ts';

export async function syncRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const sync = ctx.services.sync;
  const security: Record<string, string[]>[] = [{ bearer: [] }, { apiKey: [] }];
  const config = { integration: true };
  const developer = requireDeveloper(ctx);

  // Feeds are JSON or CSV; plain text is not a feed (415), inside this plugin only.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post('/developer/sync-runs', {
    config,
    bodyLimit: SYNC_BODY_LIMIT,
    // Credentials are checked before a large body is read (the storeId comes from the query).
    preParsing: async function checkDeveloper(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply, payload) {
      await (developer as unknown as (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => Promise<void>).call(this, request, reply);
      return payload;
    },
    schema: {
      tags: ['developer'],
      summary: 'Apply a catalog feed atomically (JSON or text/csv), or dry-run it; any invalid row fails the run and changes nothing',
      description:
        'JSON: {mode, items, allowMassDelete?, dryRun?}. CSV: a header row naming item fields, one item per row; mode (default upsert), allowMassDelete and dryRun in the query. ' +
        `At most ${MAX_FEED_ITEMS} items and ${SYNC_BODY_LIMIT / 1024 / 1024} MB. A failed run answers 400 validation-failed (invalid rows) or ` +
        '409 mass-delete-refused (a full feed deleting more than half the catalog), with the recorded run. ' +
        'A dry run (dryRun true in the body or the query) checks the feed exactly like a real run and answers 200 {ok, dryRun, counts, failures, changes} ' +
        'without changing anything or recording a run; where a real run would fail it answers the same error, with dryRun, counts, failures and changes instead of a run.',
      security,
      querystring: SyncPostQuery,
      body: { content: { 'application/json': { schema: SyncFeedBody }, 'text/csv': { schema: SyncCsvBody } } },
      response: responses({ 200: DryRunSchema, 201: Type.Object({ ok: Type.Boolean(), run: SyncRunSchema }), 400: SyncErrorBody, 409: SyncErrorBody }),
    } as any,
  }, async (request, reply) => {
    const startedAt = nowIso();
    const storeId = authStoreId(request);
    const query = request.query as { mode?: SyncMode; allowMassDelete?: boolean; dryRun?: boolean };
    // Either place asks for a dry run: a JSON feed sent with ?dryRun=true must never apply.
    let dryRun = query.dryRun === true;
    reply.header('cache-control', 'no-store');
    let feed: FeedRequest;
    if (typeof request.body === 'string') {
      let rows;
      try {
        rows = csvFeedRows(request.body);
      } catch (error) {
        if (error instanceof CsvError) throw new AppError(400, 'invalid-csv', 'The CSV feed cannot be read; nothing was changed.', error.details);
        throw error;
      }
      if (rows.length > MAX_FEED_ITEMS) throw new AppError(400, 'validation-failed', `A feed holds at most ${MAX_FEED_ITEMS} items.`, [{ field: 'body', message: `${rows.length} rows` }]);
      feed = { mode: query.mode ?? 'upsert', allowMassDelete: query.allowMassDelete, source: 'csv', rows };
    } else if (request.body && typeof request.body === 'object') {
      const body = request.body as { mode: SyncMode; items: unknown[]; allowMassDelete?: boolean; dryRun?: boolean };
      dryRun ||= body.dryRun === true;
      feed = { mode: body.mode, allowMassDelete: body.allowMassDelete, source: 'json', rows: body.items.map((item, i) => ({ row: i + 1, item })) };
    } else {
      throw new AppError(415, 'unsupported-media-type', 'Send the feed as application/json or text/csv.');
    }
    if (dryRun) return reply.code(200).send({ ok: true, dryRun: true, ...(await sync.dryRun(storeId, feed)) });
    const run = await sync.runFeed(storeId, feed, actorOf(request), startedAt);
    return reply.code(201).send({ ok: true, run });
  });

  app.get('/developer/sync-runs', {
    config,
    preValidation: developer,
    schema: {
      tags: ['developer'],
      summary: 'Sync and rollback runs of the store, newest first, with status, duration, counts and failures',
      security,
      querystring: SyncListQuery,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), storeId: Type.String(), runs: Type.Array(SyncRunSchema), nextCursor: Type.Union([Type.String(), Type.Null()]) }) }),
    },
  }, async (request, reply) => {
    const { limit = 20, cursor } = request.query as { limit?: number; cursor?: string };
    reply.header('cache-control', 'no-store');
    const storeId = authStoreId(request);
    return { ok: true, storeId, ...(await sync.list(storeId, { limit, cursor })) };
  });

  app.post('/developer/sync-runs/:runId/rollback', {
    config,
    preValidation: developer,
    schema: {
      tags: ['developer'],
      summary: 'Restore the catalog snapshot taken just before this run; only succeeded sync runs (409 otherwise)',
      security,
      params: SyncRunParams,
      querystring: DeveloperQuery,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), run: SyncRunSchema, rolledBackRuns: Type.Array(SyncRunSchema) }) }),
    },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { runId } = request.params as { runId: string };
    return { ok: true, ...(await sync.rollback(authStoreId(request), runId, actorOf(request))) };
  });
}
