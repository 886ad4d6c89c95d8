// Sweeps every instance schedules (the reminder sweep each minute) run on one instance per turn: the
// instance that moves the turn's row forward sweeps, the others skip. Through a row, so it holds on
// SQLite, on PostgreSQL and through a transaction pooler alike. The clock is passed in, not waited for.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp, type App } from '../../src/app.ts';
import { takeTurn } from '../../src/ops/turns.ts';
import { describeEachDb } from '../helpers/app.ts';

describeEachDb('turns of a sweep across instances', (env) => {
  let second: App;
  before(async () => {
    second = await buildApp(env.config, { database: env.database, logger: false });
    await second.ready();
  });
  after(() => second.close());

  test('20 takers over two instances at the same moment: one turn; none again until it runs out; then one again', async () => {
    const now = Date.parse('2026-12-08T10:00:00.000Z');
    const take = (at: number) => Promise.all(Array.from({ length: 20 }, (_, i) => takeTurn((i % 2 ? second : env.app).ctx.db, 'reminders', 54_000, at)));
    assert.equal((await take(now)).filter(Boolean).length, 1);
    assert.equal((await take(now + 30_000)).filter(Boolean).length, 0, 'within the turn');
    assert.equal((await take(now + 54_000)).filter(Boolean).length, 1, 'the turn ran out: the next minute\'s sweep');
    assert.equal((await takeTurn(env.app.ctx.db, 'backups', 1000, now + 54_000)), true, 'each sweep has its own turns');
  });
});
