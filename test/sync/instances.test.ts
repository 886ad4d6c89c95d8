// Two instances on one PostgreSQL database (a load balancer in front): a sync or rollback through
// one instance reaches the other's cached catalog. PostgreSQL only: SQLite is a single process.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp, type App } from '../../src/app.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/db/connect.ts';
import { dialectsUnderTest, TestEnv, type TestStore } from '../helpers/app.ts';
import { postFeed, product, rollback } from './helpers.ts';

for (const dialect of dialectsUnderTest().filter((d) => d.name === 'postgres')) {
  describe('sync runs across two instances [postgres]', () => {
    const env = new TestEnv(dialect);
    let second: App;
    let secondDb: DatabaseHandle;
    let store: TestStore;
    let key: string;

    before(async () => {
      await env.start();
      secondDb = await connectDatabase(dialect.url, { schema: (env as unknown as { schema: string }).schema });
      second = await buildApp(env.config, { database: secondDb, logger: false });
      await second.ready();
      store = await env.createStore();
      key = await env.createKey(store);
    });

    after(async () => {
      await second?.close();
      await secondDb?.destroy();
      await env.stop();
    });

    const read = async (app: App) => {
      const res = await app.inject({ method: 'GET', url: `/v1IntegrationProducts?storeId=${store.storeId}`, headers: env.keyHeaders(key) });
      assert.equal(res.statusCode, 200, res.body);
      return JSON.parse(res.body);
    };

    /** The other instance hears the change through NOTIFY, asynchronously: wait for it (at most 5 s). */
    const eventually = async (app: App, check: (body: any) => boolean) => {
      const deadline = Date.now() + 5000;
      for (;;) {
        const body = await read(app);
        if (check(body)) return body;
        if (Date.now() > deadline) assert.fail(`the instance still serves ${JSON.stringify(body.products.map((p: any) => [p.id, p.priceMinor]))}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const priceOfA = (body: any) => body.products.find((p: any) => p.id === 'a').priceMinor;

    test('a feed applied on one instance and its rollback reach the cached catalog of the other', async () => {
      const seed = await postFeed(env, store, { mode: 'full', items: [product('a', { priceMinor: 100 }), product('b', { priceMinor: 200 })] });
      assert.equal(seed.statusCode, 201, seed.body);
      await eventually(second, (b) => b.count === 2);
      assert.equal(priceOfA(await read(second)), 100, 'the second instance now serves the catalog from its cache');
      assert.equal(priceOfA(await read(env.app)), 100);

      const feed = await postFeed(env, store, { mode: 'upsert', items: [product('a', { priceMinor: 150 })] });
      assert.equal(feed.statusCode, 201, feed.body);
      await eventually(second, (b) => priceOfA(b) === 150);

      const undo = await second.inject({ method: 'POST', url: `/developer/sync-runs/${feed.data.run.runId}/rollback?storeId=${store.storeId}`, headers: env.staffHeaders(store) });
      assert.equal(undo.statusCode, 200, undo.body);
      await eventually(env.app, (b) => priceOfA(b) === 100);
      const again = await rollback(env, store, feed.data.run.runId);
      assert.equal(again.statusCode, 409, 'the first instance sees the rollback made on the second');
    });
  });
}
