// The client's default retries outlive a restart of the service: a call made while the service is
// down (connections refused) succeeds once a new process is listening again 5 s later. Two real
// app instances, one after the other, over one SQLite file and one port; with TEST_DATABASE_URL set,
// the same over one PostgreSQL database.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app.ts';
import { dialectsUnderTest, TestEnv } from '../../test/helpers/app.ts';
import { createStoreClient } from '../src/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'sis-restart-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('with the default options a call made during a 5 s restart succeeds when the service is back', async () => {
  const dialect = { name: 'sqlite' as const, url: `sqlite:${join(dir, 'store.db')}` };
  const first = new TestEnv(dialect);
  await first.start();
  await first.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (first.app.server.address() as AddressInfo).port;
  const store = await first.createStore({ name: 'Restart Salon' });
  const key = await first.createKey(store);
  await first.stop();

  const retries: number[] = [];
  const client = createStoreClient({ baseUrl: `http://127.0.0.1:${port}`, storeId: store.storeId, apiKey: key, logger: { warn: (_m, fields) => retries.push(fields?.retry as number) } });
  const started = Date.now();
  const call = client.store.get();
  const restarted = new TestEnv(dialect);
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  await restarted.start();
  try {
    await restarted.app.listen({ host: '127.0.0.1', port });
    const info = await call;
    assert.equal(info.name, 'Restart Salon');
    assert.ok(Date.now() - started >= 5_000);
    assert.ok(retries.length >= 3 && retries.length <= 5, `retries: ${retries.join(', ')}`);
  } finally {
    await restarted.stop();
  }
});

const postgres = dialectsUnderTest().find((dialect) => dialect.name === 'postgres');
if (postgres) {
  test('on PostgreSQL too: a new app over the same database and port, 5 s after the first stopped, answers the call', async () => {
    const env = new TestEnv(postgres);
    try {
      // Inside try: a failed start still closes the database pool (an open pool would keep the file running).
      await env.start();
      await env.app.listen({ host: '127.0.0.1', port: 0 });
      const port = (env.app.server.address() as AddressInfo).port;
      const store = await env.createStore({ name: 'Restart Salon' });
      const key = await env.createKey(store);
      // The process stops: its HTTP server closes and the port refuses connections; the database stays.
      await env.app.close();

      const retries: number[] = [];
      const client = createStoreClient({ baseUrl: `http://127.0.0.1:${port}`, storeId: store.storeId, apiKey: key, logger: { warn: (_m, fields) => retries.push(fields?.retry as number) } });
      const started = Date.now();
      const call = client.store.get();
      // Awaited below; a failure meanwhile (the new app not starting) is not left unhandled.
      call.catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      env.app = await buildApp(env.config, { database: env.database, logger: false });
      await env.app.ready();
      await env.app.listen({ host: '127.0.0.1', port });
      const info = await call;
      assert.equal(info.name, 'Restart Salon');
      assert.ok(Date.now() - started >= 5_000);
      assert.ok(retries.length >= 3 && retries.length <= 5, `retries: ${retries.join(', ')}`);
    } finally {
      await env.stop();
    }
  });
}
