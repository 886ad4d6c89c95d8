// A 500's log line names the error (type, code, constraint, message, stack) but never the data of
// the row that failed: PostgreSQL's `detail` quotes key values such as emails.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerErrorHandling } from '../../src/http/errors.ts';
import { describeEachDb, expectError, type Response } from '../helpers/app.ts';

describeEachDb('logging of unexpected errors', (env) => {
  const lines: string[] = [];
  let app: FastifyInstance;
  const email = 'ama.mensah@example.test';

  before(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = Fastify({ logger: { level: 'info', stream } });
    registerErrorHandling(app);
    // A real constraint violation of the engine under test (a route would never let it through).
    app.post('/duplicate-user', async () => {
      const user = { id: `usr_${Date.now()}`, email, name: 'Ama', password_hash: 'x', must_change_password: 0, created_at: new Date().toISOString() };
      await env.db.insertInto('users').values(user).execute();
      await env.db.insertInto('users').values({ ...user, id: `${user.id}b` }).execute();
      return { ok: true };
    });
    // What pg raises from inside a function, with every data field it has.
    app.post('/pg-shaped', async () => {
      throw Object.assign(new Error('duplicate key value violates unique constraint "customers_store_email_key"'), {
        code: '23505',
        constraint: 'customers_store_email_key',
        table: 'customers',
        detail: `Key (store_id, email)=(s1, ${email}) already exists.`,
        where: `PL/pgSQL function upsert_customer() line 3 at SQL statement ('${email}')`,
        internalQuery: `INSERT INTO customers VALUES ('${email}')`,
      });
    });
    await app.ready();
  });

  const call = async (url: string) => {
    lines.length = 0;
    const res = (await app.inject({ method: 'POST', url })) as Response;
    res.data = JSON.parse(res.body);
    return res;
  };

  test('a database constraint violation is logged by code and constraint, without the key values', async () => {
    const res = await call('/duplicate-user');
    expectError(res, 500, 'internal-error');
    const logged = lines.join('');
    assert.match(logged, /request failed/);
    assert.match(logged, /UNIQUE|unique/);
    assert.doesNotMatch(logged, new RegExp(email.replace(/\./g, '\\.')));
    assert.doesNotMatch(logged, /"detail"/);
  });

  test('detail, where and internalQuery are dropped; type, code, constraint, table, message and stack stay', async () => {
    const res = await call('/pg-shaped');
    expectError(res, 500, 'internal-error');
    const entry = JSON.parse(lines.find((l) => l.includes('request failed'))!);
    assert.doesNotMatch(JSON.stringify(entry), /ama\.mensah/);
    assert.equal(entry.err.type, 'Error');
    assert.equal(entry.err.code, '23505');
    assert.equal(entry.err.constraint, 'customers_store_email_key');
    assert.equal(entry.err.table, 'customers');
    assert.match(entry.err.message, /customers_store_email_key/);
    assert.match(entry.err.stack, /error-logging\.test\.ts/);
  });
});
