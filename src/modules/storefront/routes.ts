// The storefront: pages customers open in a browser, server-rendered (pages.ts), no script. Now the
// manage link's pages under /b/<token> (CONTRACT §10 "Manage link"): the booking, cancel (asked
// first), move to a free time of the same service. The token in the address is the credential, so
// every answer is no-store, no-referrer and noindex, and every failure is a page (HTML), never JSON:
// a wrong, malformed or expired link gets one not-found page whichever it was, and unknown tokens
// are counted per address (429 with the same page once over, src/http/rate-limit.ts).
import { Type, type TObject } from 'typebox';
import { DateTime } from 'luxon';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { App } from '../../app.ts';
import { loggableError, toAppError } from '../../http/errors.ts';
import { AppError } from '../../shared/errors.ts';
import { storePageRoutes } from './store-routes.ts';
import { parseForm } from './forms.ts';
import {
  renderBookingPage,
  renderCancelPage,
  renderLinkNotValidPage,
  renderMovePage,
  renderProblemPage,
  takenNotice,
  type DayLink,
  type ManageUrls,
  type ManageView,
  type Notice,
} from './pages.ts';
import { DATE, TIME, addDays, daysBetween, isRealDate, minutesOf } from './days.ts';

/** The shape of a manage token (24 base62 characters); anything else is not looked up. */
const TOKEN = /^[0-9A-Za-z]{24}$/;
/** The move form sends a date and a time: a few dozen bytes. */
const FORM_LIMIT_BYTES = 1024;
/** Days the move page's picker shows at once (today first). */
const PICKER_DAYS = 14;
/** Days after a day without free times searched for the next one that has some. */
const NEXT_DAY_SEARCH = 14;

/** Every answer of these pages: the address is a credential. */
const PAGE_HEADERS = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex, nofollow' };


function sendPage(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(body);
}

function seeOther(reply: FastifyReply, url: string) {
  return reply.headers(PAGE_HEADERS).redirect(url, 303);
}

const PROBLEMS: Record<number, { title: string; text: string }> = {
  400: { title: 'Something was missing', text: 'This request was not complete. Go back to your booking and use its buttons.' },
  413: { title: 'Too much data', text: 'This form sent more than it should. Go back to your booking and use its buttons.' },
  415: { title: 'Not a form from this page', text: 'Go back to your booking and use its buttons.' },
  429: { title: 'Too many requests', text: 'Wait a minute, then try again.' },
};

export async function storefrontRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Prefixed, so unknown paths under /b/ get this plugin's not-found page.
  await fastify.register(manageLinkPages, { ctx, prefix: '/b' });
  // The hosted store page and its booking flow (/s/{slug}, /s/{slug}/book), with their own form parser.
  await fastify.register(storePageRoutes, { ctx });
}

async function manageLinkPages(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify as App;
  const bookings = ctx.services.bookings;
  const config = { rateLimit: app.rateLimits.perIp };

  // Forms only: JSON and text bodies (parsed elsewhere in the app) are 415 here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES }, parseForm);

  const urlsOf = (token: string): ManageUrls => ({ booking: `/b/${token}`, cancel: `/b/${token}/cancel`, move: `/b/${token}/move` });
  const moveUrl = (token: string, date: string) => `/b/${token}/move?date=${date}`;

  /** The not-found page; an unknown token counts against the address's budget (429 once over). */
  function linkNotValid(request: FastifyRequest, reply: FastifyReply) {
    return new Promise<FastifyReply>((resolve) => {
      app.rateLimits.manageLinkFailures.count(request, (refusal) => {
        if (refusal?.headers) reply.headers(refusal.headers);
        resolve(sendPage(reply, refusal ? 429 : 404, renderLinkNotValidPage()));
      });
    });
  }

  // Any other path under /b/ is a link that is not valid: the catch-all route also takes a segment
  // longer than the router's parameter limit (a long made-up token), which the not-found handler
  // would not; the not-found handler answers /b itself.
  app.all('/*', { config, schema: { hide: true } }, (request, reply) => linkNotValid(request, reply));
  app.setNotFoundHandler((request, reply) => linkNotValid(request, reply));

  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error as FastifyError);
    if (appError.status >= 500) request.log.error({ err: loggableError(error) }, 'request failed');
    else request.log.info({ code: appError.code }, 'request rejected');
    if (appError.headers) reply.headers(appError.headers);
    if (appError.status === 404) return linkNotValid(request, reply);
    const token = (request.params as { token?: string } | undefined)?.token;
    // A link back built from the address alone: nothing is looked up, so nothing is told.
    const back = token && TOKEN.test(token) ? urlsOf(token).booking : null;
    const problem = PROBLEMS[appError.status] ?? { title: 'Something went wrong', text: 'Try again in a moment.' };
    return sendPage(reply, appError.status >= 500 ? 500 : appError.status, renderProblemPage(problem.title, problem.text, back));
  });

  /** Why a change was refused, read from the booking as it is now. */
  function refusalOf(view: ManageView): Notice {
    const b = view.booking;
    if (b.status === 'cancelled') return { tone: 'warn', title: 'This booking is cancelled.', text: 'Nothing was changed.' };
    if (b.status === 'completed' || Date.parse(b.endAt) <= Date.now()) return { tone: 'warn', title: 'This booking has passed.', text: 'Nothing was changed.' };
    if (!view.canChange) return { tone: 'warn', title: 'This booking can no longer be changed online.', text: 'Nothing was changed.' };
    return { tone: 'warn', title: 'This booking changed meanwhile.', text: 'Check it below and try again.' };
  }

  /** What done=… after a change says, when the booking still is as the change left it. */
  function doneNotice(view: ManageView, done: string | undefined, paid = false): Notice | null {
    const b = view.booking;
    if (done === 'booked' && view.open) {
      const asked = b.status === 'pending';
      return {
        tone: 'success',
        title: asked ? `Your booking request is sent. ${view.store.name} will confirm it.` : 'You are booked.',
        text: `Keep this page: its address is your link to see, move or cancel the booking.${b.customer.email ? ' It is also in the email on its way to you.' : ''}`,
      };
    }
    if (paid && b.deposit?.state === 'paid') {
      return { tone: 'success', title: 'Your deposit is paid.', text: b.status === 'pending' ? `${view.store.name} will confirm your booking.` : 'See you then.' };
    }
    if (done === 'cancelled' && b.status === 'cancelled') return { tone: 'success', title: 'Your booking is cancelled.', text: `${view.store.name} has been told.` };
    if (done === 'moved' && view.open) {
      return { tone: 'success', title: 'Your booking is moved.', text: b.customer.email ? 'The new time is below; a confirmation is on its way by email.' : 'The new time is below.' };
    }
    return null;
  }

  /**
   * The move page for `requested` (today when absent or not a day that can be chosen): the picker's
   * 14 days around it, its free times, or the next day that has some. `taken`: the time the customer
   * pressed was just taken; the notice offers the nearest free times.
   */
  async function movePage(token: string, view: ManageView, requested: string | undefined, options: { notice?: Notice; taken?: string } = {}) {
    const { store } = view;
    const now = DateTime.now().setZone(store.timezone);
    const today = now.toISODate()!;
    const item = await ctx.services.catalog.cachedItem(store.id, view.booking.serviceId);
    const schedule = item?.schedule ?? null;
    const lastDate = schedule ? now.plus({ days: schedule.maxAdvanceDays }).toISODate()! : addDays(today, PICKER_DAYS - 1);
    let notice = options.notice ?? null;
    let date = today;
    const refused = requested !== undefined && !(isRealDate(requested) && requested >= today && requested <= lastDate);
    if (refused) notice = { tone: 'warn', title: 'Choose a day from the list.', text: 'That day cannot be chosen here.' };
    else if (requested !== undefined) date = requested;
    const taken = date === requested ? options.taken : undefined;
    const first = addDays(today, Math.floor(daysBetween(today, date) / PICKER_DAYS) * PICKER_DAYS);
    const days: DayLink[] = [];
    for (let d = first; days.length < PICKER_DAYS && d <= lastDate; d = addDays(d, 1)) days.push({ date: d, href: moveUrl(token, d), current: d === date });
    const freeOn = async (day: string) => (schedule ? (await bookings.manageSlots(token, day)).slots.map((s) => ({ time: s.time, start: s.start })) : []);
    const slots = await freeOn(date);
    let nextDay: { date: string; href: string } | null = null;
    if (schedule && slots.length === 0) {
      for (let d = addDays(date, 1), n = 0; n < NEXT_DAY_SEARCH && d <= lastDate; d = addDays(d, 1), n++) {
        if ((await freeOn(d)).length > 0) {
          nextDay = { date: d, href: moveUrl(token, d) };
          break;
        }
      }
    }
    if (taken) {
      const wanted = minutesOf(taken);
      const nearest = [...slots]
        .sort((a, b) => Math.abs(minutesOf(a.time) - wanted) - Math.abs(minutesOf(b.time) - wanted))
        .slice(0, 3)
        .sort((a, b) => (a.start < b.start ? -1 : 1));
      notice = takenNotice(taken, nearest, date, urlsOf(token).move, store);
    }
    const earlier = first > today ? moveUrl(token, addDays(first, -PICKER_DAYS)) : null;
    const later = addDays(first, PICKER_DAYS) <= lastDate ? moveUrl(token, addDays(first, PICKER_DAYS)) : null;
    return { refused, body: renderMovePage(view, urlsOf(token), { date, days, earlier, later, slots, nextDay, bookable: schedule !== null, notice }) };
  }

  // ---- OpenAPI: pages, documented like the blog's ----
  const htmlResponse = (description: string) => ({ description, content: { 'text/html': { schema: Type.String() } } });
  const TokenParams = Type.Object({ token: Type.String({ description: 'the manage token: 24 letters and digits' }) });
  const pageSchema = (summary: string, description: string, extra: { querystring?: TObject; body?: TObject; post?: boolean } = {}) => ({
    tags: ['pages'],
    summary,
    description,
    params: TokenParams,
    ...(extra.querystring ? { querystring: extra.querystring } : {}),
    ...(extra.body ? { body: extra.body } : {}),
    ...(extra.post ? { consumes: ['application/x-www-form-urlencoded'] } : {}),
    produces: ['text/html'],
    response: {
      ...(extra.post ? { 303: Type.Null({ description: 'done: see the booking page (?done=moved or ?done=cancelled)' }) } : { 200: htmlResponse('the page') }),
      400: htmlResponse('a page saying what was missing'),
      404: htmlResponse('the link is wrong, malformed or expired (one page for all)'),
      ...(extra.post ? { 409: htmlResponse('refused: past the cut-off, no longer open, or the time was just taken (the page says which)'), 413: htmlResponse('form too large'), 415: htmlResponse('not a form') } : {}),
      429: htmlResponse('too many requests, or too many unknown links from this address'),
    },
  });

  app.get('/:token', {
    config,
    attachValidation: true,
    schema: pageSchema(
      'Manage link: the booking (service, time, status, reference) with the store\'s contact; move and cancel while before the cut-off',
      'The page a booking\'s manageUrl opens. No store is named when the link is not valid. `done` shows a notice after a change (booked: just booked on the store page).',
      { querystring: Type.Object({ done: Type.Optional(Type.Union([Type.Literal('moved'), Type.Literal('cancelled'), Type.Literal('booked')])), trxref: Type.Optional(Type.String({ maxLength: 64, description: 'added by the payment page on the way back from paying the deposit' })), reference: Type.Optional(Type.String({ maxLength: 64 })) }) },
    ),
  }, async (request, reply) => {
    const { token } = request.params as { token: string };
    const view = await bookings.manageView(token);
    if (!view) return linkNotValid(request, reply);
    const { done, trxref } = request.validationError ? { done: undefined, trxref: undefined } : (request.query as { done?: string; trxref?: string });
    // Back from the payment page (it adds trxref): the deposit's outcome.
    return sendPage(reply, 200, renderBookingPage(view, urlsOf(token), doneNotice(view, done, trxref !== undefined)));
  });

  app.get('/:token/cancel', {
    config,
    schema: pageSchema('Manage link: asks before cancelling ("Yes, cancel" posts, "Keep it" goes back)', 'Past the cut-off or once closed: 303 to the booking page.'),
  }, async (request, reply) => {
    const { token } = request.params as { token: string };
    const view = await bookings.manageView(token);
    if (!view) return linkNotValid(request, reply);
    if (!view.canChange) return seeOther(reply, urlsOf(token).booking);
    return sendPage(reply, 200, renderCancelPage(view, urlsOf(token)));
  });

  app.post('/:token/cancel', {
    config,
    schema: pageSchema('Manage link: the customer cancels (a form with no fields)', 'Recorded with actor customer; the customer is mailed and the store alerted.', { post: true }),
  }, async (request, reply) => {
    const { token } = request.params as { token: string };
    try {
      await bookings.cancelByCustomer(token);
    } catch (error) {
      if (!(error instanceof AppError) || (error.status !== 404 && error.status !== 409)) throw error;
      const view = error.status === 409 ? await bookings.manageView(token) : null;
      if (!view) return linkNotValid(request, reply);
      return sendPage(reply, 409, renderBookingPage(view, urlsOf(token), refusalOf(view)));
    }
    return seeOther(reply, `${urlsOf(token).booking}?done=cancelled`);
  });

  app.get('/:token/move', {
    config,
    attachValidation: true,
    schema: pageSchema(
      'Manage link: pick a day (the next 14 as links) and a free time of the same service',
      'A day that cannot be chosen (malformed, past, beyond the service\'s maxAdvanceDays) shows today with a notice. Past the cut-off or once closed: 303 to the booking page.',
      { querystring: Type.Object({ date: Type.Optional(Type.String({ pattern: DATE.source, description: 'YYYY-MM-DD in the store\'s time zone; default today' })) }) },
    ),
  }, async (request, reply) => {
    const { token } = request.params as { token: string };
    const view = await bookings.manageView(token);
    if (!view) return linkNotValid(request, reply);
    if (!view.canChange) return seeOther(reply, urlsOf(token).booking);
    const { date } = request.query as { date?: unknown };
    const page = await movePage(token, view, date === undefined ? undefined : String(date));
    return sendPage(reply, page.refused ? 400 : 200, page.body);
  });

  app.post('/:token/move', {
    config,
    attachValidation: true,
    schema: pageSchema(
      'Manage link: move the booking to the free time pressed',
      'Recorded with actor customer; the customer is mailed and the store alerted. A time taken meanwhile answers the move page (409) with the nearest free times.',
      {
        post: true,
        body: Type.Object({ date: Type.String({ pattern: DATE.source }), time: Type.String({ pattern: TIME.source }) }),
      },
    ),
  }, async (request, reply) => {
    const { token } = request.params as { token: string };
    const view = await bookings.manageView(token);
    if (!view) return linkNotValid(request, reply);
    if (!view.canChange) return sendPage(reply, 409, renderBookingPage(view, urlsOf(token), refusalOf(view)));
    const body = (request.body ?? {}) as { date?: unknown; time?: unknown };
    const date = isRealDate(body.date) ? body.date : undefined;
    const time = typeof body.time === 'string' && TIME.test(body.time) ? body.time : undefined;
    const incomplete: Notice = { tone: 'warn', title: 'Choose a time from the list.' };
    if (!date || !time) return sendPage(reply, 400, (await movePage(token, view, date, { notice: incomplete })).body);
    try {
      await bookings.moveByCustomer(token, date, time);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const now = await bookings.manageView(token);
      if (!now) return linkNotValid(request, reply);
      if (error.code === 'slot-unavailable') return sendPage(reply, 409, (await movePage(token, now, date, { taken: time })).body);
      if (error.status === 409) return sendPage(reply, 409, now.canChange ? (await movePage(token, now, date, { notice: refusalOf(now) })).body : renderBookingPage(now, urlsOf(token), refusalOf(now)));
      if (error.status === 400) return sendPage(reply, 400, (await movePage(token, now, date, { notice: incomplete })).body);
      throw error;
    }
    return seeOther(reply, `${urlsOf(token).booking}?done=moved`);
  });
}
