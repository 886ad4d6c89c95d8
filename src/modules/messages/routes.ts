// Messages in the staff API: a preview of each kind with the store's data, the messages sent for a
// booking, whether mail is on and what waits, and each member's choice of store alerts.
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authStoreId, requireMember, requireStaff } from '../../http/auth.ts';
import { IsoTimestamp, Nullable, responses } from '../../http/schemas.ts';
import { ALERT_PREFERENCES, type AlertChoices } from '../stores/service.ts';
import { MESSAGE_KINDS } from './kinds.ts';

const security: Record<string, string[]>[] = [{ bearer: [] }];
const NO_STORE = 'no-store';

const KindEnum = Type.Union(MESSAGE_KINDS.map((k) => Type.Literal(k)));

const MessageRecord = Type.Object({
  messageId: Type.String(),
  kind: Type.String({ description: 'the message kind (booking.confirmed, booking.reminder, alert.booking.new…)' }),
  to: Type.String(),
  subject: Nullable(Type.String({ description: 'what it said; null until it was first tried' })),
  status: Type.Union([Type.Literal('pending'), Type.Literal('sent'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  lastError: Nullable(Type.String()),
  createdAt: IsoTimestamp,
  sentAt: Nullable(IsoTimestamp),
  nextAttemptAt: Nullable(IsoTimestamp),
});

const AlertChoicesSchema = Type.Object(
  Object.fromEntries(ALERT_PREFERENCES.map((p) => [p, Type.Boolean()])) as Record<(typeof ALERT_PREFERENCES)[number], ReturnType<typeof Type.Boolean>>,
  { description: 'newBooking: a booking arrives; bookingChanged: a customer cancels or moves one; newOrder: an order arrives; orderPaid: an order is paid' },
);

const StoreAlertChoices = Type.Object({ storeId: Type.String(), storeName: Type.String(), role: Type.String(), notifications: AlertChoicesSchema });

export async function messagesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const messages = ctx.services.messages;

  app.get('/api/stores/:storeId/messages/preview', {
    preValidation: requireMember(ctx),
    schema: {
      tags: ['staff: messages'],
      summary: 'A message kind rendered with the store\'s name, contact, time zone and locale, about a made-up booking or order: subject, HTML and text, and the calendar file for booking mails',
      security,
      params: Type.Object({ storeId: Type.String() }),
      querystring: Type.Object({ kind: KindEnum }),
      response: responses({
        200: Type.Object({
          ok: Type.Boolean(),
          kind: Type.String(),
          from: Type.String({ description: 'the sender\'s display name' }),
          replyTo: Nullable(Type.String()),
          subject: Type.String(),
          html: Type.String(),
          text: Type.String(),
          calendar: Nullable(Type.String({ description: 'the iCalendar file attached (booking mails)' })),
        }),
      }),
    },
  }, async (request, reply) => {
    const { kind } = request.query as { kind: string };
    const rendered = await messages.preview(authStoreId(request), kind);
    reply.header('cache-control', NO_STORE);
    return { ok: true, kind, from: rendered.fromName ?? '', replyTo: rendered.replyTo, subject: rendered.subject, html: rendered.html ?? '', text: rendered.text, calendar: rendered.calendar?.content ?? null };
  });

  app.get('/api/stores/:storeId/bookings/:bookingId/messages', {
    preValidation: requireMember(ctx),
    schema: {
      tags: ['staff: messages'],
      summary: 'The messages of a booking, oldest first: to whom, what, and whether each was sent, failed or waits',
      security,
      params: Type.Object({ storeId: Type.String(), bookingId: Type.String() }),
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), messages: Type.Array(MessageRecord) }) }),
    },
  }, async (request, reply) => {
    const { bookingId } = request.params as { bookingId: string };
    const storeId = authStoreId(request);
    await ctx.services.bookings.getBooking(storeId, bookingId);
    reply.header('cache-control', NO_STORE);
    return { ok: true, messages: await messages.bookingMessages(storeId, bookingId) };
  });

  app.get('/api/stores/:storeId/messages/state', {
    preValidation: requireMember(ctx),
    schema: {
      tags: ['staff: messages'],
      summary: 'Whether the server sends mail (SMTP configured) and what waits in the outbox',
      security,
      params: Type.Object({ storeId: Type.String() }),
      response: responses({
        200: Type.Object({
          ok: Type.Boolean(),
          mailEnabled: Type.Boolean({ description: 'false: no SMTP_URL; messages are kept in the outbox (mail_outbox) and not sent' }),
          pending: Type.Integer(),
          failed: Type.Integer(),
          oldestPendingAt: Nullable(IsoTimestamp),
        }),
      }),
    },
  }, async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    return { ok: true, ...(await messages.mailState(authStoreId(request))) };
  });

  app.get('/api/me/notifications', {
    preValidation: requireStaff(ctx, { allowTemporaryPassword: false }),
    schema: {
      tags: ['staff: messages'],
      summary: 'Which store alerts you are emailed, per store (owners get all by default, others none)',
      security,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), stores: Type.Array(StoreAlertChoices) }) }),
    },
  }, async (request) => ({ ok: true, stores: await ctx.services.stores.alertChoices(request.staffUser!.id) }));

  app.patch('/api/me/notifications', {
    preValidation: requireStaff(ctx, { allowTemporaryPassword: false }),
    schema: {
      tags: ['staff: messages'],
      summary: 'Choose which alerts of one of your stores you are emailed (the fields given change; 403 if you are not a member)',
      security,
      body: Type.Object({ storeId: Type.String({ minLength: 1, maxLength: 100 }), ...Type.Partial(AlertChoicesSchema).properties }, { additionalProperties: false, minProperties: 2 }),
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), store: StoreAlertChoices }) }),
    },
  }, async (request) => {
    const { storeId, ...choices } = request.body as { storeId: string } & Partial<AlertChoices>;
    return { ok: true, store: await ctx.services.stores.setAlertChoices(request.staffUser!.id, storeId, choices) };
  });
}
