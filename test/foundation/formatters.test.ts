// Intl formatters are built once per locale and options, then reused: a second view of the store
// page's time step, a second render of a mail and a second pay page build none (a count, not a time).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dateTimeFormat, numberFormat } from '../../src/shared/formatters.ts';
import { describeEachDb } from '../helpers/app.ts';
import { dayAhead, salon } from '../messages/helpers.ts';

test('a formatter asked for twice with the same locale and options is the same object; different options are another', () => {
  const a = dateTimeFormat('en-GH', { timeStyle: 'short', timeZone: 'Africa/Accra' });
  assert.equal(dateTimeFormat('en-GH', { timeStyle: 'short', timeZone: 'Africa/Accra' }), a);
  assert.notEqual(dateTimeFormat('en-GH', { timeStyle: 'short', timeZone: 'Asia/Tokyo' }), a);
  assert.equal(numberFormat('en', { style: 'currency', currency: 'GHS' }).format(12.5), numberFormat('en', { style: 'currency', currency: 'GHS' }).format(12.5));
  assert.throws(() => numberFormat('en', { style: 'currency', currency: 'NOPE!' }), RangeError);
});

/** Counts every Intl formatter constructed while `run` runs, by whatever code (ours or a library's). */
async function countConstructed(run: () => Promise<void>): Promise<number> {
  let count = 0;
  const originals = { DateTimeFormat: Intl.DateTimeFormat, NumberFormat: Intl.NumberFormat, DisplayNames: Intl.DisplayNames };
  for (const name of Object.keys(originals) as Array<keyof typeof originals>) {
    (Intl as Record<string, unknown>)[name] = new Proxy(originals[name], {
      construct(target, args, newTarget) {
        count++;
        return Reflect.construct(target, args, newTarget);
      },
    });
  }
  try {
    await run();
  } finally {
    Object.assign(Intl, originals);
  }
  return count;
}

describeEachDb('formatters are reused by pages and mails', (env) => {
  test('the store page\'s time step and details step, a message preview and a blog page build no formatter the second time', async () => {
    const s = await salon(env);
    const page = `/s/${s.store.slug}/book?serviceId=${s.service.id}&date=${dayAhead(3)}`;
    const views = async () => {
      const time = await env.inject({ method: 'GET', url: page });
      assert.equal(time.statusCode, 200);
      assert.ok((time.body.match(/time=\d\d:\d\d/g) ?? []).length > 5, 'the step lists free times');
      const details = await env.inject({ method: 'GET', url: `${page}&time=10:00` });
      assert.equal(details.statusCode, 200);
      const preview = await env.inject({ method: 'GET', url: `/api/stores/${s.store.storeId}/messages/preview?kind=booking.reminder`, headers: env.staffHeaders(s.store) });
      assert.equal(preview.statusCode, 200, preview.body);
      assert.equal((await env.inject({ method: 'GET', url: `/s/${s.store.slug}` })).statusCode, 200);
    };
    await views();
    assert.equal(await countConstructed(async () => {
      await views();
      await views();
    }), 0, 'the same views again built no formatter');
  });
});
