// OpenTelemetry traces (issue 34), off by default: a real server process with
// OTEL_EXPORTER_OTLP_ENDPOINT pointing at a loopback OTLP/HTTP receiver sends a span per request
// (named by route template) with its database queries as children, and spans for webhook delivery
// and mail sending; no key, customer data or query value in any span.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTRACT_VERSION } from '../helpers/app.ts';
import { startSmtpPeer, waitFor } from '../helpers/smtp.ts';
import { baseEnv, startServerProcess } from './process.ts';

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}

const body = (req: IncomingMessage) => new Promise<string>((resolve) => {
  let text = '';
  req.on('data', (chunk) => (text += chunk));
  req.on('end', () => resolve(text));
});

test('with OTEL_EXPORTER_OTLP_ENDPOINT: request spans with their queries, webhook and mail spans, no secrets', { timeout: 120_000 }, async () => {
  const spans: Span[] = [];
  const hooks: string[] = [];
  const receiver = createServer(async (req, res) => {
    const text = await body(req);
    if (req.url === '/v1/traces') {
      const payload = JSON.parse(text) as { resourceSpans: { scopeSpans: { spans: Span[] }[] }[] };
      for (const rs of payload.resourceSpans) for (const ss of rs.scopeSpans) spans.push(...ss.spans);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    } else {
      hooks.push(text);
      res.writeHead(200).end('ok');
    }
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const smtp = await startSmtpPeer();
  const dir = mkdtempSync(join(tmpdir(), 'sis-otel-'));
  const server = await startServerProcess(
    baseEnv(`sqlite:${join(dir, 'store.db')}`, dir, {
      SEED_DEMO: 'false',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
      OTEL_SERVICE_NAME: 'store-service-test',
      SMTP_URL: smtp.url,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    }),
  );
  let stopped = false;
  try {
    const base = server.baseUrl;
    const call = async (path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) => {
      const res = await fetch(`${base}${path}`, { method: init.method ?? 'GET', headers: { 'content-type': 'application/json', ...init.headers }, body: init.body ? JSON.stringify(init.body) : undefined });
      return { status: res.status, data: await res.json() };
    };
    const signup = await call('/api/auth/signup', { method: 'POST', body: { email: 'owner@otel.test', password: 'correct horse battery', name: 'Owner', store: { name: 'Traced', timezone: 'UTC' } } });
    const storeId = signup.data.store.id;
    const staff = { authorization: `Bearer ${signup.data.token}` };
    const key = (await call(`/developer/keys?storeId=${storeId}`, { method: 'POST', headers: staff, body: { name: 'k' } })).data.secret as string;
    assert.equal((await call(`/developer/webhooks?storeId=${storeId}`, { method: 'POST', headers: staff, body: { url: `${receiverUrl}/hook`, events: ['booking.created'] } })).status, 201);
    const week = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, start: '08:00', end: '18:00' }));
    const service = (await call(`/api/stores/${storeId}/items`, { method: 'POST', headers: staff, body: { name: 'Cut', itemType: 'service', price: 10, schedule: { durationMinutes: 30, maxAdvanceDays: 365, weeklyHours: week } } })).data.item;
    const keyHeaders = { 'x-api-key': key, 'x-service-contract-version': CONTRACT_VERSION };
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const booked = await call(`/v1IntegrationBookings?storeId=${storeId}`, {
      method: 'POST',
      headers: keyHeaders,
      body: { serviceId: service.id, bookingDate: date, bookingTime: '10:00', customer: { name: 'Traceable Person', phone: '0241234567', email: 'traceable@example.test' } },
    });
    assert.equal(booked.status, 201, JSON.stringify(booked.data));
    await waitFor('the webhook', () => hooks.length >= 1, 20_000);
    await waitFor('the customer\'s mail', () => smtp.messages.some((m) => m.to.includes('traceable@example.test')), 20_000);
    await server.stop();
    stopped = true;
    await waitFor('spans exported at shutdown', () => spans.some((s) => s.name === 'POST /v1IntegrationBookings'), 10_000);

    const booking = spans.find((s) => s.name === 'POST /v1IntegrationBookings')!;
    assert.equal(booking.kind, 2, 'a server span');
    const attr = (s: Span, key: string) => s.attributes.find((a) => a.key === key)?.value;
    assert.equal(Number(Object.values(attr(booking, 'http.response.status_code') ?? {})[0]), 201);
    const queries = spans.filter((s) => s.name === 'db.query' && s.parentSpanId === booking.spanId && s.traceId === booking.traceId);
    assert.ok(queries.length >= 2, `the booking's queries are its children (${queries.length})`);
    assert.ok(spans.some((s) => s.name === 'webhook delivery'));
    assert.ok(spans.some((s) => s.name === 'message send'));
    assert.ok(spans.some((s) => s.name === 'POST /api/stores/:storeId/items'), 'named by route template');
    const everything = JSON.stringify(spans);
    for (const secret of [key, 'Traceable Person', 'traceable@example.test', 'correct horse battery', storeId]) assert.ok(!everything.includes(secret), `${secret} in a span`);
  } finally {
    if (!stopped) await server.stop();
    await smtp.stop();
    receiver.close();
  }
});
