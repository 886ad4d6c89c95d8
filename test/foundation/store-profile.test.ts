// The store's profile in its settings: contact, country, locale, hours, cancellation cut-off and
// reminder offsets; defaults follow the time zone until the store chooses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type TestEnv, type TestStore } from '../helpers/app.ts';

const patch = (env: TestEnv, store: TestStore, payload: unknown, headers = env.staffHeaders(store)) =>
  env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}`, headers, payload: payload as Record<string, unknown> });
const read = async (env: TestEnv, store: TestStore) => (await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}`, headers: env.staffHeaders(store) })).data.store;

describeEachDb('store profile (settings)', (env) => {
  test('a new store has the defaults of its time zone: country, locale, a 2-hour cut-off, a reminder a day before, no contact yet', async () => {
    const store = await env.createStore({ timezone: 'Africa/Accra' });
    const s = await read(env, store);
    assert.equal(s.country, 'GH');
    assert.equal(s.locale, 'en-GH');
    assert.equal(s.cancellationCutoffMinutes, 120);
    assert.deepEqual(s.reminderMinutes, [1440]);
    assert.deepEqual(s.contact, { phone: null, whatsapp: null, email: null, address: null, mapUrl: null });
    assert.deepEqual(s.hours, []);
    assert.deepEqual(s.closedDates, []);
    const london = await read(env, await env.createStore({ timezone: 'Europe/London' }));
    assert.equal(london.country, 'GB');
    assert.equal(london.locale, 'en-GB');
  });

  test('the owner sets contact, hours and booking rules; a later change of one contact field keeps the others; null clears one', async () => {
    const store = await env.createStore({ timezone: 'Africa/Accra' });
    const res = await patch(env, store, {
      contact: { phone: '020 765 4321', whatsapp: '0207654321', email: 'hello@adom.example', address: '12 Oxford St, Osu, Accra', mapUrl: 'https://maps.example/adom' },
      hours: [{ day: 'tue', start: '09:00', end: '18:00' }, { day: 'sat', start: '08:00', end: '16:00' }],
      closedDates: ['2026-12-25', '2026-12-25', '2026-12-24'],
      cancellationCutoffMinutes: 60,
      reminderMinutes: [120, 1440],
    });
    assert.equal(res.statusCode, 200, res.body);
    const s = res.data.store;
    assert.equal(s.contact.phone, '020 765 4321', 'kept as entered');
    assert.equal(s.contact.email, 'hello@adom.example');
    assert.deepEqual(s.closedDates, ['2026-12-24', '2026-12-25']);
    assert.deepEqual(s.reminderMinutes, [1440, 120]);
    assert.equal(s.cancellationCutoffMinutes, 60);
    assert.deepEqual(s.hours[1], { day: 'sat', start: '08:00', end: '16:00' });

    const again = await patch(env, store, { contact: { address: '  14 Oxford St  ', mapUrl: null }, reminderMinutes: [] });
    assert.equal(again.statusCode, 200, again.body);
    assert.deepEqual(again.data.store.contact, { phone: '020 765 4321', whatsapp: '0207654321', email: 'hello@adom.example', address: '14 Oxford St', mapUrl: null });
    assert.deepEqual(again.data.store.reminderMinutes, [], '[] turns reminders off');
    assert.deepEqual((await read(env, store)).contact, again.data.store.contact);
  });

  test('a chosen country and locale stay when the time zone changes; an unchosen country follows it', async () => {
    const chosen = await env.createStore({ timezone: 'Africa/Accra' });
    assert.equal((await patch(env, chosen, { country: 'NG', locale: 'en-NG' })).statusCode, 200);
    assert.equal((await patch(env, chosen, { timezone: 'Europe/London' })).data.store.country, 'NG');
    const following = await env.createStore({ timezone: 'Africa/Accra' });
    const moved = (await patch(env, following, { timezone: 'Africa/Lagos' })).data.store;
    assert.equal(moved.country, 'NG');
    assert.equal(moved.locale, 'en-NG');
  });

  test('bad input: each problem named with its field, nothing saved', async () => {
    const store = await env.createStore({ timezone: 'Africa/Accra' });
    const cases: [unknown, string][] = [
      [{ contact: { email: 'not-an-email' } }, 'contact.email'],
      [{ contact: { mapUrl: 'javascript:alert(1)' } }, 'contact.mapUrl'],
      [{ contact: { phone: 'call me maybe' } }, 'contact.phone'],
      [{ contact: { whatsapp: '12' } }, 'contact.whatsapp'],
      [{ contact: { phone: '0'.repeat(41) } }, 'contact.phone'],
      [{ contact: { fax: '0302' } }, 'contact.fax'],
      [{ country: 'XX' }, 'country'],
      [{ country: 'gh' }, 'country'],
      [{ locale: 'not a locale!' }, 'locale'],
      [{ reminderMinutes: [5] }, 'reminderMinutes.0'],
      [{ reminderMinutes: [60, 60] }, 'reminderMinutes'],
      [{ reminderMinutes: [60, 120, 180, 240, 300] }, 'reminderMinutes'],
      [{ cancellationCutoffMinutes: -1 }, 'cancellationCutoffMinutes'],
      [{ cancellationCutoffMinutes: 1.5 }, 'cancellationCutoffMinutes'],
      [{ hours: [{ day: 'tue', start: '18:00', end: '09:00' }] }, 'hours.0.end'],
      [{ hours: [{ day: 'someday', start: '09:00', end: '10:00' }] }, 'hours.0.day'],
      [{ closedDates: ['2026-02-30'] }, 'closedDates'],
      [{ contact: { address: 'x'.repeat(301) } }, 'contact.address'],
    ];
    for (const [payload, field] of cases) {
      const res = await patch(env, store, payload);
      expectError(res, 400, 'validation-failed');
      assert.ok(res.data.details.some((d: { field: string }) => d.field === field || d.field.startsWith(`${field}.`) || d.field.startsWith(field)), `${JSON.stringify(payload)}: ${res.body}`);
    }
    const s = await read(env, store);
    assert.deepEqual(s.contact.email, null);
    assert.deepEqual(s.reminderMinutes, [1440]);
  });

  test('staff cannot change the profile; another store\'s owner cannot read or change it', async () => {
    const store = await env.createStore();
    const other = await env.createStore();
    const staff = await env.addMember(store, { role: 'staff' });
    expectError(await patch(env, store, { contact: { phone: '0241234567' } }, staff.headers), 403, 'forbidden');
    expectError(await patch(env, store, { contact: { phone: '0241234567' } }, env.staffHeaders(other)), 403, 'forbidden');
    expectError(await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}`, headers: env.staffHeaders(other) }), 403, 'forbidden');
    assert.equal((await read(env, store)).contact.phone, null);
  });
});

describeEachDb('GET /v1IntegrationStore (what a website shows of the store)', (env) => {
  test('a key with any website scope reads the store: name, contact, hours, rules, links; cacheable for a minute', async () => {
    const store = await env.createStore({ name: 'Adom Braids', timezone: 'Africa/Accra' });
    await patch(env, store, { contact: { phone: '020 765 4321', whatsapp: '0207654321' }, hours: [{ day: 'sat', start: '08:00', end: '16:00' }], cancellationCutoffMinutes: 180 });
    for (const scopes of [undefined, ['catalog:read'], ['bookings:write'], ['content:read']]) {
      const key = await env.createKey(store, scopes);
      const res = await env.inject({ method: 'GET', url: `/v1IntegrationStore?storeId=${store.storeId}`, headers: env.keyHeaders(key) });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['cache-control'], 'private, max-age=60');
      const s = res.data.store;
      assert.equal(res.data.storeId, store.storeId);
      assert.deepEqual(
        { name: s.name, slug: s.slug, currency: s.currency, timezone: s.timezone, country: s.country, locale: s.locale, phone: s.contact.phone, hours: s.hours, rules: s.bookingRules, staff: s.staff },
        { name: 'Adom Braids', slug: store.slug, currency: 'GHS', timezone: 'Africa/Accra', country: 'GH', locale: 'en-GH', phone: '020 765 4321', hours: [{ day: 'sat', start: '08:00', end: '16:00' }], rules: { cancellationCutoffMinutes: 180 }, staff: [] },
      );
      assert.equal(s.blogUrl, `http://localhost:3000/s/${store.slug}/blog`);
      assert.ok(!('settings' in s) && !('notificationsEnabled' in s), 'nothing of the staff settings');
    }
  });

  test('keys without a website scope, of another store, or none: 403, 401, 401; no storeId: 400', async () => {
    const store = await env.createStore();
    const other = await env.createStore();
    const url = `/v1IntegrationStore?storeId=${store.storeId}`;
    for (const scopes of [['developer'], ['customers:read', 'reports:read']]) {
      const res = await env.inject({ method: 'GET', url, headers: env.keyHeaders(await env.createKey(store, scopes)) });
      expectError(res, 403, 'forbidden');
      assert.match(res.data.message, /one of these scopes/);
    }
    expectError(await env.inject({ method: 'GET', url, headers: env.keyHeaders(await env.createKey(other)) }), 401, 'invalid-api-key');
    expectError(await env.inject({ method: 'GET', url }), 401, 'unauthorized');
    expectError(await env.inject({ method: 'GET', url: '/v1IntegrationStore', headers: env.keyHeaders(await env.createKey(store)) }), 400, 'missing-store-id');
  });
});
