// Two server processes on one database, as two `npm start`s (or a load balancer) would run them.
// On SQLite a transaction that read before it wrote could not wait for the other process's write
// lock: the busy handler does not apply to that upgrade, so losers got 500 "database is locked".
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { CONTRACT_VERSION } from '../helpers/app.ts';
import { baseEnv, enginesUnderTest, startServerProcess, type ServerProcess } from '../ops/process.ts';

const ZONE = 'Africa/Accra';

async function call(base: string, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text, data: text ? JSON.parse(text) : null };
}

for (const engine of enginesUnderTest()) {
  describe(`two server processes on one ${engine.name} database`, () => {
    let servers: ServerProcess[] = [];
    let drop: () => Promise<void> = async () => undefined;

    before(async () => {
      const db = await engine.fresh();
      drop = db.drop;
      const env = baseEnv(db.url, db.dataDir, { SEED_DEMO: 'false', RUN_WORKERS: 'false', RATE_LIMIT_PER_KEY: '100000' });
      // Started one after the other: the first applies the migrations.
      servers = [await startServerProcess(env)];
      servers.push(await startServerProcess(env));
    });

    after(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await drop();
    });

    test('50 bookings racing for one slot across both processes: one 201, every other answer 409, never a 500', async () => {
      const [a, b] = servers.map((s) => s.baseUrl);
      const signup = await call(a, 'POST', '/api/auth/signup', {}, { email: 'race@example.test', password: 'long enough pw', name: 'Race', store: { name: 'Race', timezone: ZONE } });
      assert.equal(signup.status, 201, signup.body);
      const storeId = signup.data.store.id;
      const staff = { authorization: `Bearer ${signup.data.token}` };
      const key = await call(a, 'POST', `/developer/keys?storeId=${storeId}`, staff, { name: 'race' });
      assert.equal(key.status, 201, key.body);
      const weeklyHours = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, start: '09:00', end: '17:00' }));
      const item = await call(a, 'POST', `/api/stores/${storeId}/items`, staff, {
        name: 'One chair',
        itemType: 'service',
        price: 50,
        schedule: { durationMinutes: 60, capacity: 1, maxAdvanceDays: 365, weeklyHours },
      });
      assert.equal(item.status, 201, item.body);
      const headers = { 'x-api-key': key.data.secret, authorization: `Bearer ${key.data.secret}`, 'x-service-contract-version': CONTRACT_VERSION };
      for (let round = 0; round < 3; round++) {
        const date = DateTime.now().setZone(ZONE).plus({ days: 2 + round }).toISODate()!;
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            call(i % 2 ? b : a, 'POST', `/v1IntegrationBookings?storeId=${storeId}`, headers, {
              serviceId: item.data.item.id,
              bookingDate: date,
              bookingTime: '10:00',
              customer: { name: `Racer ${i}`, phone: '+233 24 123 4567', email: `racer${i}@example.test` },
            }),
          ),
        );
        const statuses = answers.map((r) => r.status);
        const failures = answers.filter((r) => r.status !== 201 && r.status !== 409).map((r) => `${r.status} ${r.body}`);
        assert.deepEqual(failures, [], `round ${round}: only 201 or 409`);
        assert.equal(statuses.filter((s) => s === 201).length, 1, `round ${round}: one booking wins the slot`);
      }
      for (const server of servers) assert.doesNotMatch(server.output(), /database is locked|SQLITE_BUSY/);
    });
  });
}
