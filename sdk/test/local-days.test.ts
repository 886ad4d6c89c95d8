// Store-local days from the time zone alone, and what availability.days sends: the window's
// instants, staffId passed through, and the store read once per client (again after a failure).
// The service is stood in for by a loopback server that records what arrives.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { addDays, localDate, startOfLocalDay, weekdayOf } from '../src/local-days.ts';
import { createStoreClient } from '../src/index.ts';
import { errorBody, Loopback } from './helpers/loopback.ts';

const HOUR = 3_600_000;
const lengthOf = (date: string, zone: string) => (startOfLocalDay(addDays(date, 1), zone) - startOfLocalDay(date, zone)) / HOUR;

describe('store-local days', () => {
  test('a day starts at its local midnight and lasts 23 or 25 hours on clock-change days (Europe/London)', () => {
    assert.equal(new Date(startOfLocalDay('2027-07-01', 'Europe/London')).toISOString(), '2027-06-30T23:00:00.000Z');
    assert.equal(new Date(startOfLocalDay('2027-12-01', 'Europe/London')).toISOString(), '2027-12-01T00:00:00.000Z');
    assert.deepEqual(['2028-03-25', '2028-03-26', '2028-03-27'].map((d) => lengthOf(d, 'Europe/London')), [24, 23, 24]);
    assert.deepEqual(['2027-10-30', '2027-10-31', '2027-11-01'].map((d) => lengthOf(d, 'Europe/London')), [24, 25, 24]);
  });

  test('where the clocks skip midnight the day starts at the jump; where they go back at midnight the day before lasts 25 hours (America/Santiago)', () => {
    // Chile goes from 24:00 on Saturday 4 September 2027 to 01:00 on Sunday: Sunday starts at 04:00 UTC (01:00 -03).
    assert.equal(new Date(startOfLocalDay('2027-09-05', 'America/Santiago')).toISOString(), '2027-09-05T04:00:00.000Z');
    assert.equal(lengthOf('2027-09-05', 'America/Santiago'), 23);
    // Back from 24:00 on Saturday 3 April 2027 to 23:00: Saturday has 25 hours, Sunday starts at 00:00 -04 (04:00 UTC).
    assert.equal(new Date(startOfLocalDay('2027-04-04', 'America/Santiago')).toISOString(), '2027-04-04T04:00:00.000Z');
    assert.equal(lengthOf('2027-04-03', 'America/Santiago'), 25);
  });

  test('an instant has the local date of the zone, not of UTC; weekdays and date arithmetic are calendar ones', () => {
    assert.equal(localDate(Date.parse('2027-10-27T23:30:00Z'), 'Europe/London'), '2027-10-28');
    assert.equal(localDate(Date.parse('2027-10-27T23:30:00Z'), 'Africa/Accra'), '2027-10-27');
    assert.equal(localDate(Date.parse('2027-10-27T11:30:00Z'), 'Pacific/Kiritimati'), '2027-10-28');
    assert.equal(addDays('2028-02-28', 1), '2028-02-29');
    assert.equal(addDays('2027-12-31', 1), '2028-01-01');
    assert.equal(weekdayOf('2027-10-31'), 'sun');
  });
});

describe('availability.days on the wire', () => {
  const server = new Loopback();
  before(() => server.start());
  after(() => server.stop());
  const storeAnswer = { status: 200, body: { ok: true, storeId: 'acme', store: { id: 'acme', slug: 'acme', timezone: 'Europe/London', blogUrl: 'https://pages.example/s/acme/blog' } } };
  const slotsAnswer = (req: { query: URLSearchParams }) => ({
    status: 200,
    body: { ok: true, storeId: 'acme', serviceId: req.query.get('serviceId'), timezone: 'Europe/London', durationMinutes: 60, slots: [{ start: '2027-10-31T09:00:00.000Z', end: '2027-10-31T10:00:00.000Z', date: '2027-10-31', time: '09:00', capacity: 1, remaining: 1, staffIds: ['stf_1'] }] },
  });

  test('asks for the local days as instants, passes staffId through, and reads the store once', async () => {
    server.answer((req) => (req.path === '/v1IntegrationStore' ? storeAnswer : slotsAnswer(req)));
    const client = createStoreClient({ baseUrl: server.baseUrl, storeId: 'acme', apiKey: 'isk_test' });
    const result = await client.availability.days({ serviceId: 'acme_cut', from: '2027-10-30', days: 2, staffId: 'stf_1' });
    assert.deepEqual(result.days.map((d) => [d.date, d.slots.length]), [['2027-10-30', 0], ['2027-10-31', 1]]);
    await client.availability.days({ serviceId: 'cut', from: '2027-10-30', days: 2 });
    assert.deepEqual(server.requests.map((r) => r.path), ['/v1IntegrationStore', '/v1IntegrationAvailability', '/v1IntegrationAvailability']);
    const [, withStaff, without] = server.requests;
    assert.deepEqual(Object.fromEntries(withStaff.query), { storeId: 'acme', serviceId: 'cut', from: '2027-10-29T23:00:00.000Z', to: '2027-11-01T00:00:00.000Z', staffId: 'stf_1' });
    assert.equal(without.query.has('staffId'), false);
  });

  test('a failed store read is not kept: the next call reads the store again', async () => {
    server.answer((req, nth) => (req.path === '/v1IntegrationStore' ? (nth === 1 ? { status: 404, body: errorBody('store-not-found') } : storeAnswer) : slotsAnswer(req)));
    const client = createStoreClient({ baseUrl: server.baseUrl, storeId: 'acme', apiKey: 'isk_test', maxRetries: 0 });
    await assert.rejects(client.availability.days({ serviceId: 'cut' }), (e: { code: string }) => e.code === 'store-not-found');
    assert.equal((await client.blog.feedUrl()), 'https://pages.example/api/public/blog/rss?storeSlug=acme');
    assert.deepEqual(server.requests.map((r) => r.path), ['/v1IntegrationStore', '/v1IntegrationStore']);
  });
});
