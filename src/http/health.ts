import { sql } from 'kysely';
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

// Health checks are answered with JSON.stringify, not a compiled serializer: the first one, right
// after start, then loads no schema compiler (src/http/lazy-compile.ts). Their bodies are flat, so
// the output is the same.
const plainJson = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/healthz', {
    ...plainJson,
    schema: { tags: ['operations'], summary: 'Process is up', response: { 200: Type.Object({ ok: Type.Boolean() }) } },
  }, async () => ({ ok: true }));

  app.get('/readyz', {
    ...plainJson,
    schema: {
      tags: ['operations'],
      summary: 'Database reachable',
      response: { 200: Type.Object({ ok: Type.Boolean(), database: Type.String() }), 503: Type.Object({ ok: Type.Boolean(), database: Type.String(), error: Type.String() }) },
    },
  }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(ctx.db);
      return { ok: true, database: ctx.dialect };
    } catch {
      return reply.code(503).send({ ok: false, database: ctx.dialect, error: 'database-unreachable' });
    }
  });
}
