// GET /metrics: Prometheus's text format (parsed back with a Prometheus text parser), behind
// METRICS_TOKEN on the app or on METRICS_PORT alone; requests by route template and status, the
// outbox and webhook queues, backups, the database pool, process metrics; no store id, key or
// customer data in any label; off (404, nothing counted) unless asked for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getMetricsFromIterator } from 'prom2javascript';
import { describeEachDb, expectError, TestEnv } from '../helpers/app.ts';
import { freePort } from '../helpers/browser.ts';
import { runScheduledBackup } from '../../src/ops/backup-schedule.ts';
import { baseEnv, startServerProcess } from './process.ts';

interface Family {
  name: string;
  type: string;
  metrics: { value?: number; labels?: Record<string, string>; buckets?: Record<string, number>; count?: number }[];
}

/** The exposition text parsed back with a Prometheus text parser (prom2javascript). */
async function parsePrometheus(text: string): Promise<Family[]> {
  const parsed = (await getMetricsFromIterator(text.split('\n')[Symbol.iterator]())) as Record<string, { type: string; data: Family['metrics'] }>;
  return Object.entries(parsed).map(([name, f]) => ({ name, type: f.type.toUpperCase(), metrics: f.data }));
}

const TOKEN = 'metrics-token-0123456789abcdef';

describeEachDb('GET /metrics with METRICS_TOKEN', (env) => {
  const scrape = async () => {
    const res = await env.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'text/plain; version=0.0.4; charset=utf-8');
    return { text: res.body, families: new Map((await parsePrometheus(res.body)).map((f) => [f.name, f])) };
  };

  test('requests by route template and status, queues, process metrics; no store id, key or customer in a label', async () => {
    const store = await env.createStore();
    const key = await env.createKey(store);
    const service = await env.createItem(store, { itemType: 'service', name: 'Cut', price: 10, schedule: { durationMinutes: 30, capacity: 10, maxAdvanceDays: 365, weeklyHours: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, start: '08:00', end: '18:00' })) } });
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const booked = await env.inject({
      method: 'POST',
      url: `/v1IntegrationBookings?storeId=${store.storeId}`,
      headers: env.keyHeaders(key),
      payload: { serviceId: service.id, bookingDate: date, bookingTime: '10:00', customer: { name: 'Ama Secret-Name', phone: '0241234567', email: 'ama.secret@example.test' } },
    });
    assert.equal(booked.statusCode, 201, booked.body);
    for (let i = 0; i < 3; i++) await env.inject({ method: 'GET', url: `/v1IntegrationProducts?storeId=${store.storeId}`, headers: env.keyHeaders(key) });
    await env.inject({ method: 'GET', url: `/no/such/${store.storeId}/path` });
    const { text, families } = await scrape();

    const requests = families.get('http_requests_total')!;
    assert.equal(requests.type, 'COUNTER');
    const products = requests.metrics.find((m) => m.labels?.route === '/v1IntegrationProducts' && m.labels?.status === '200');
    assert.ok(products && Number(products.value) >= 3, JSON.stringify(requests.metrics));
    assert.ok(requests.metrics.some((m) => m.labels?.route === '/v1IntegrationBookings' && m.labels?.status === '201'));
    assert.ok(requests.metrics.some((m) => m.labels?.route === 'unmatched' && m.labels?.status === '404'));
    const latency = families.get('http_request_duration_seconds')!;
    assert.equal(latency.type, 'HISTOGRAM');
    assert.ok(latency.metrics.some((m) => m.labels?.route === '/v1IntegrationProducts' && Number(m.count) >= 3));

    const outbox = families.get('store_outbox_messages')!;
    assert.ok(Number(outbox.metrics.find((m) => m.labels?.status === 'pending')?.value) >= 1, 'the booking\'s messages wait (no SMTP)');
    assert.ok(Number(families.get('store_outbox_oldest_pending_age_seconds')!.metrics[0].value) >= 0);
    assert.ok(families.get('store_webhook_deliveries'));
    for (const name of ['process_cpu_user_seconds_total', 'nodejs_heap_size_total_bytes', 'nodejs_eventloop_lag_seconds']) assert.ok(families.has(name), name);
    if (env.dialect.name === 'postgres') assert.ok(families.get('store_db_pool_connections')!.metrics.some((m) => m.labels?.state === 'total'));

    const labelValues = [...families.values()].flatMap((f) => f.metrics.flatMap((m) => Object.values(m.labels ?? {})));
    for (const secret of [store.storeId, key, 'Secret-Name', 'ama.secret', booked.data.reference, booked.data.bookingId]) {
      assert.ok(!labelValues.some((v) => v.includes(secret)), `${secret} in a label`);
      assert.ok(!text.includes(secret), `${secret} in the metrics`);
    }
  });

  test('the token is required: none or a wrong one is 401 in the flat error body', async () => {
    expectError(await env.inject({ method: 'GET', url: '/metrics' }), 401, 'unauthorized');
    expectError(await env.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-but-long-enough' } }), 401, 'unauthorized');
    expectError(await env.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } }), 401, 'unauthorized');
  });
}, { env: { METRICS_TOKEN: TOKEN } });

test('backups show in the metrics: last success time, duration, size; a failure sets last_failed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sis-metrics-'));
  const env = new TestEnv({ name: 'sqlite', url: `sqlite:${join(dir, 'store.db')}` }, { METRICS_TOKEN: TOKEN, BACKUP_DIR: join(dir, 'backups') });
  await env.start();
  try {
    await env.createStore();
    const outcome = await runScheduledBackup(env.app.ctx, env.database);
    assert.equal(outcome?.ok, true);
    const res = await env.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    const families = new Map((await parsePrometheus(res.body)).map((f) => [f.name, f]));
    assert.ok(Math.abs(Number(families.get('store_backup_last_success_timestamp_seconds')!.metrics[0].value) - Date.now() / 1000) < 60);
    assert.ok(Number(families.get('store_backup_last_size_bytes')!.metrics[0].value) > 1000);
    assert.equal(families.get('store_backup_last_failed')!.metrics[0].value, 0);
  } finally {
    await env.stop();
  }
});

describeEachDb('metrics off (neither METRICS_TOKEN nor METRICS_PORT)', (env) => {
  test('/metrics is 404 and nothing is counted', async () => {
    expectError(await env.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }), 404, 'not-found');
    assert.equal(env.app.ctx.metrics, null);
    assert.equal(env.app.metrics, null);
  });
});

test('METRICS_PORT: /metrics on a listener of its own, no token; not on the app', { timeout: 90_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sis-metrics-port-'));
  const port = await freePort();
  const server = await startServerProcess(baseEnv(`sqlite:${join(dir, 'store.db')}`, dir, { SEED_DEMO: 'false', METRICS_PORT: String(port) }));
  try {
    const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
    assert.equal(scraped.status, 200);
    const families = await parsePrometheus(await scraped.text());
    assert.ok(families.some((f) => f.name === 'http_requests_total'));
    assert.equal((await fetch(`http://127.0.0.1:${port}/other`)).status, 404);
    assert.equal((await fetch(`${server.baseUrl}/metrics`)).status, 404);
    assert.match(server.output(), new RegExp(`Metrics: http://127\\.0\\.0\\.1:${port}/metrics`));
  } finally {
    await server.stop();
  }
});
