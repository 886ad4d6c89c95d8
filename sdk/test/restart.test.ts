// The client's default retries outlive a restart of the service: a call made while the service is
// down (connections refused) succeeds once a new process is listening again 5 s later. Two real
// app instances, one after the other, over one SQLite file and one port.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestEnv } from '../../test/helpers/app.ts';
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
