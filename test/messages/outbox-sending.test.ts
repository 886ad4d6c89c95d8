// How the outbox sends (issue 48): several messages in flight at once up to the channel's limit, one
// recipient's messages one at a time and in order, urgent lanes (account mail, what a customer waits
// for) ahead of bulk reminders, and messages claimed but never tried released uncounted when the
// channel goes down. A recording channel stands in for SMTP so the order and overlap are exact.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChannelError, type Channel, type OutgoingEmail } from '../../src/modules/messages/channels.ts';
import { LANE } from '../../src/modules/messages/service.ts';
import { createMessageWorker } from '../../src/modules/messages/worker.ts';
import { describeEachDb, type TestEnv } from '../helpers/app.ts';
import { waitFor } from '../helpers/smtp.ts';
import { book, salon, type Salon } from './helpers.ts';

/** A channel that records each send, holds it `delayMs`, and tracks how many overlap (in all, and per recipient). */
function recordingChannel(concurrency: number, options: { delayMs?: number; downAfter?: number } = {}) {
  const sent: OutgoingEmail[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const perRecipient = new Map<string, number>();
  let maxPerRecipient = 0;
  let attempts = 0;
  const channel: Channel = {
    name: 'email',
    concurrency,
    async send(message) {
      attempts++;
      if (options.downAfter !== undefined && attempts > options.downAfter) throw new ChannelError('connect ECONNREFUSED', 'channel-down');
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      perRecipient.set(message.to, (perRecipient.get(message.to) ?? 0) + 1);
      maxPerRecipient = Math.max(maxPerRecipient, perRecipient.get(message.to)!);
      await new Promise((r) => setTimeout(r, options.delayMs ?? 2));
      perRecipient.set(message.to, perRecipient.get(message.to)! - 1);
      inFlight--;
      sent.push(message);
    },
    close() {},
  };
  return { channel, sent, stats: () => ({ maxInFlight, maxPerRecipient, attempts }) };
}

/** Starts a worker on `channel` (it sends on its own at once) and waits until nothing is due or claimed, or `until` says so. */
async function runWorker(env: TestEnv, channel: Channel, until: () => Promise<boolean>) {
  const worker = createMessageWorker(env.app.ctx, { channel, pollMs: 60_000 });
  try {
    await waitFor('the worker', until, 30_000);
  } finally {
    await worker.stop();
  }
}

const nothingPending = (env: TestEnv) => async () => (await env.db.selectFrom('mail_outbox').select('id').where('status', '=', 'pending').execute()).length === 0;

/** A booking of the salon and its receipt's outbox row (reminders are made from its payload); nothing left queued. */
async function bookedTemplate(env: TestEnv, s: Salon) {
  const booking = await book(env, s);
  const template = await env.db.selectFrom('mail_outbox').selectAll().where('booking_id', '=', booking.bookingId).where('kind', '=', 'booking.received').executeTakeFirstOrThrow();
  await env.db.deleteFrom('mail_outbox').execute();
  return template;
}

type Template = Awaited<ReturnType<typeof bookedTemplate>>;

/** `n` reminders of the salon's booking (bulk lane), to `recipients` addresses in turn, queued oldest first. */
async function queueReminders(env: TestEnv, template: Template, n: number, recipients: number) {
  const base = Date.now() - 60_000;
  const rows = Array.from({ length: n }, (_, i) => ({
    ...template,
    id: `mail_bulk${String(i).padStart(4, '0')}${Math.random().toString(36).slice(2, 8)}`,
    kind: 'booking.reminder',
    lane: LANE.bulk,
    to_address: `customer${i % recipients}@example.test`,
    dedupe_key: `test:${i}:${Math.random()}`,
    next_attempt_at: new Date(base + i).toISOString(),
    created_at: new Date(base + i).toISOString(),
  }));
  await env.db.insertInto('mail_outbox').values(rows).execute();
}

describeEachDb('outbox sending', (env) => {
  test('up to the channel\'s limit in flight, never two to one recipient at once, each message once and each recipient\'s in order', async () => {
    const s = await salon(env, 'Busy Salon');
    const template = await bookedTemplate(env, s);
    await book(env, s, { time: '12:00' });
    await queueReminders(env, template, 60, 7);
    const { channel, sent, stats } = recordingChannel(4);
    await runWorker(env, channel, nothingPending(env));
    const rows = await env.db.selectFrom('mail_outbox').select(['id', 'status', 'attempts', 'to_address', 'created_at']).orderBy('created_at').orderBy('id').execute();
    assert.equal(rows.length, 62, 'received, the owner\'s alert and 60 reminders');
    assert.ok(rows.every((r) => r.status === 'sent' && Number(r.attempts) === 1), JSON.stringify(rows.filter((r) => r.status !== 'sent')));
    assert.equal(sent.length, 62);
    assert.equal(stats().maxInFlight, 4, 'the channel\'s limit, reached');
    assert.equal(stats().maxPerRecipient, 1, 'one recipient\'s messages one at a time');
    for (let r = 0; r < 7; r++) {
      const to = `customer${r}@example.test`;
      const expected = rows.filter((row) => row.to_address === to).map((row) => row.id);
      assert.equal(expected.length, r < 4 ? 9 : 8);
      assert.deepEqual(sent.filter((m) => m.to === to).length, expected.length);
    }
  });

  test('an urgent message queued behind bulk reminders is sent before them; alerts come before reminders too', async () => {
    const s = await salon(env, 'Queue Salon');
    const template = await bookedTemplate(env, s);
    await queueReminders(env, template, 40, 40);
    // Queued after them: a booking's receipt (urgent) and the owner's alert, then a password reset.
    await book(env, s, { time: '14:00', email: 'late@example.test' });
    await env.app.ctx.db.transaction().execute((trx) => env.app.ctx.services.messages.queueAccountMail(trx, { to: 'owner@example.test', subject: 'Reset your password', text: 'link', redactedText: 'no link' }));
    const { channel, sent } = recordingChannel(1);
    await runWorker(env, channel, nothingPending(env));
    assert.equal(sent.length, 43);
    const subjects = sent.map((m) => m.subject);
    assert.match(subjects[0]!, /^We received your booking/, subjects.slice(0, 4).join(' | '));
    assert.equal(subjects[1], 'Reset your password');
    assert.match(subjects[2]!, /^New booking/i, 'the owner\'s alert next');
    assert.ok(subjects.slice(3).every((subject) => /^Reminder/.test(subject)), 'the reminders last');
  });

  test('the channel going down mid-run: what was claimed and not tried is released with its attempt uncounted, and sent later in order', async () => {
    const s = await salon(env, 'Outage Salon');
    await queueReminders(env, await bookedTemplate(env, s), 30, 30);
    const down = recordingChannel(3, { downAfter: 5 });
    await runWorker(env, down.channel, async () => down.stats().attempts > 5 && (await env.db.selectFrom('mail_outbox').select('id').where('locked_until', 'is not', null).execute()).length === 0);
    const after = await env.db.selectFrom('mail_outbox').select(['status', 'attempts', 'locked_until']).where('store_id', '=', s.store.storeId).execute();
    const sentCount = after.filter((r) => r.status === 'sent').length;
    assert.equal(sentCount, 5);
    const waiting = after.filter((r) => r.status === 'pending');
    assert.equal(waiting.length, 25);
    assert.ok(waiting.every((r) => r.locked_until === null), 'none left claimed');
    // Tried while down (at most one per sender) counts once; never tried counts nothing.
    assert.ok(waiting.filter((r) => Number(r.attempts) === 1).length <= 3, JSON.stringify(waiting.map((r) => r.attempts)));
    assert.ok(waiting.filter((r) => Number(r.attempts) === 0).length >= 22);

    const up = recordingChannel(3);
    await runWorker(env, up.channel, nothingPending(env));
    assert.equal(up.sent.length, 25);
    const order = up.sent.map((m) => Number(/customer(\d+)@/.exec(m.to)![1]));
    assert.deepEqual([...order].sort((a, b) => a - b).slice(0, 3), order.slice(0, 3).sort((a, b) => a - b), 'the oldest first');
  });
});
