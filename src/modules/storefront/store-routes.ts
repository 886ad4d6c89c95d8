// The hosted store page and its booking flow, for stores with no website (or a partner who rarely
// updates it): GET /s/{slug} shows the store; GET /s/{slug}/book walks service → person (when the
// service has performers) → day → time → details as plain links; POST /s/{slug}/book books through
// the same path as the integration API (sourceChannel "store_page") and sends the customer to the
// booking's manage link. Spam is held off here, without third parties: a budget of bookings per
// address per hour, a honeypot field, and a signed form token that refuses forms sent within seconds
// of being given out or hours later (form-token.ts). The store can turn all of it off (404).
import { Type } from 'typebox';
import { DateTime } from 'luxon';
import { parsePhoneNumberFromString, type CountryCode } from '../../shared/phone-numbers.ts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { App } from '../../app.ts';
import type { Store } from '../stores/service.ts';
import { loggableError, toAppError } from '../../http/errors.ts';
import { runIdempotent } from '../../http/idempotency.ts';
import { AppError } from '../../shared/errors.ts';
import type { CreatedBooking } from '../bookings/service.ts';
import { depositDue } from '../catalog/item-input.ts';
import { createFormTokens } from './form-token.ts';
import { parseForm } from './forms.ts';
import type { DayLink, Notice } from './pages.ts';
import {
  NOTE_MAX,
  renderDetailsStep,
  renderFlowProblemPage,
  renderNoStorePage,
  renderPersonStep,
  renderServiceStep,
  renderStorePage,
  renderTimeStep,
  takenNoticeLinks,
  type BookableService,
  type DetailsStep,
  type FlowUrls,
} from './store-pages.ts';
import { DATE, TIME, addDays, daysBetween, isRealDate } from './days.ts';
import { displayNames } from '../../shared/formatters.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The details form: a name, a phone, an email, a note of 500 and the hidden fields. */
const FORM_LIMIT_BYTES = 4096;
/** Days the day picker shows at once (today first). */
const PICKER_DAYS = 14;
/** Days after a day without free times searched for the next one that has some. */
const NEXT_DAY_SEARCH = 14;
/** Products shown on the store page; posts shown. */
const PRODUCTS_SHOWN = 30;
const POSTS_SHOWN = 3;
/** A double tap's second request waits this long, at most, for the first one's answer. */
const DOUBLE_TAP_WAIT_MS = 5_000;

/** The store page may be cached briefly by browsers; the flow shows free times, so never. */
const PAGE_CACHE = 'public, max-age=60';
const FLOW_HEADERS = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What the flow's address says was chosen so far. */
interface Choice {
  serviceId?: string;
  staffId?: string;
  date?: string;
  time?: string;
}

/** /s/{slug}/book with the choices made so far (in the order a person makes them). */
function flowHref(book: string, choice: Choice): string {
  // Times read as times in the address ("time=10:00"): a colon needs no escaping in a query.
  const query = (['serviceId', 'staffId', 'date', 'time'] as const)
    .filter((key) => choice[key])
    .map((key) => `${key}=${encodeURIComponent(choice[key]!).replace(/%3A/g, ':')}`)
    .join('&');
  return query ? `${book}?${query}` : book;
}

const PROBLEMS: Record<number, { title: string; text: string }> = {
  400: { title: 'Something was missing', text: 'This request was not complete. Start again from the store page.' },
  413: { title: 'Too much data', text: 'This form sent more than it should. Start again from the store page.' },
  415: { title: 'Not a form from this page', text: 'Start again from the store page.' },
  429: { title: 'Too many requests', text: 'Wait a while, then try again. To book now, call or message the store.' },
};

export async function storePageRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify as App;
  const bookings = ctx.services.bookings;
  const tokens = createFormTokens(ctx.db);
  /** Whether the payment provider needs the customer's email (Paystack does): then a deposit booking asks for it. */
  const emailForDeposit = ctx.services.checkout.provider.requiresEmail;
  const pageConfig = { rateLimit: app.rateLimits.perIp };
  const base = ctx.config.publicBaseUrl;

  // Forms only: JSON and text bodies are 415 here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES }, parseForm);

  const urlsOf = (store: Store): FlowUrls => ({ store: `/s/${encodeURIComponent(store.slug)}`, book: `/s/${encodeURIComponent(store.slug)}/book` });
  const sendPage = (reply: FastifyReply, status: number, body: string, headers: Record<string, string> = FLOW_HEADERS) =>
    reply.code(status).headers(headers).type('text/html; charset=utf-8').send(body);

  /** The store of the address, when it exists and its page is on. */
  async function storeOf(request: FastifyRequest): Promise<Store | null> {
    const { storeSlug } = request.params as { storeSlug: string };
    const store = await ctx.services.stores.findStoreBySlug(storeSlug);
    return store?.storePageEnabled ? store : null;
  }

  // Any other address under /s/ that no page of the store (here or the blog's) answers, including a
  // segment longer than the router's parameter limit, is the not-found page.
  app.all('/s/*', { config: pageConfig, schema: { hide: true } }, (_request, reply) => sendPage(reply, 404, renderNoStorePage()));

  app.setErrorHandler(async (error, request, reply) => {
    const appError = toAppError(error as FastifyError);
    if (appError.status >= 500) request.log.error({ err: loggableError(error) }, 'request failed');
    else request.log.info({ code: appError.code }, 'request rejected');
    if (appError.headers) reply.headers(appError.headers);
    if (appError.status === 404) return sendPage(reply, 404, renderNoStorePage());
    // A request that is malformed whatever the store (too long, not a form, a field twice) says so;
    // the store is named only when its page is on.
    const store = await storeOf(request).catch(() => null);
    const problem = PROBLEMS[appError.status] ?? { title: 'Something went wrong', text: 'Try again in a moment.' };
    return sendPage(reply, appError.status >= 500 ? 500 : appError.status, renderFlowProblemPage(store, problem.title, problem.text, store ? urlsOf(store).store : null));
  });

  /** The store's services and courses that can be booked online, each with its people. */
  async function servicesOf(store: Store): Promise<BookableService[]> {
    const catalog = ctx.services.catalog;
    const [services, courses, people] = await Promise.all([
      catalog.listItems(store.id, { itemType: 'service', publishedOnly: true }),
      catalog.listItems(store.id, { itemType: 'course', publishedOnly: true }),
      bookings.staff.list(store.id),
    ]);
    return [...services, ...courses]
      .filter((i) => i.schedule)
      .map((i) => ({
        id: i.id,
        name: i.name,
        description: i.description,
        priceMinor: i.priceMinor,
        durationMinutes: i.schedule!.durationMinutes,
        depositMinor: depositDue(i.schedule!, i.priceMinor, 1),
        imageUrl: i.imageUrl,
        people: people.filter((p) => p.serviceIds.includes(i.id)).map((p) => ({ id: p.id, displayName: p.displayName })),
      }));
  }

  // ---- OpenAPI: pages, documented like the blog's ----
  const htmlResponse = (description: string) => ({ description, content: { 'text/html': { schema: Type.String() } } });
  const SlugParams = Type.Object({ storeSlug: Type.String({ maxLength: 200, description: 'the store\'s slug' }) });
  const FlowQuery = Type.Object({
    serviceId: Type.Optional(Type.String({ maxLength: 200, description: 'the service or course chosen' })),
    staffId: Type.Optional(Type.String({ maxLength: 200, description: 'the person chosen, or "any"' })),
    date: Type.Optional(Type.String({ maxLength: 10, description: 'YYYY-MM-DD in the store\'s time zone; default today' })),
    time: Type.Optional(Type.String({ maxLength: 5, description: 'HH:MM: a free time of that day; shows the details form' })),
  });

  const BookForm = Type.Object({
    serviceId: Type.String({ maxLength: 200, description: 'the service or course chosen' }),
    staffId: Type.Optional(Type.String({ maxLength: 200, description: 'the person chosen, or "any"' })),
    date: Type.String({ pattern: DATE.source, description: 'YYYY-MM-DD in the store\'s time zone' }),
    time: Type.String({ pattern: TIME.source, description: 'HH:MM: the free time chosen' }),
    name: Type.String({ maxLength: 120 }),
    phone: Type.String({ maxLength: 40, description: 'read in the store\'s country when it has no +' }),
    email: Type.Optional(Type.String({ maxLength: 254, description: 'optional, unless the service asks a deposit and the payment page needs it' })),
    note: Type.Optional(Type.String({ maxLength: NOTE_MAX })),
    token: Type.String({ description: 'the form token the details step gave out' }),
    website: Type.Optional(Type.String({ description: 'a field people never see: left empty' })),
  });

  app.get('/s/:storeSlug', {
    config: pageConfig,
    schema: {
      tags: ['pages'],
      summary: 'Hosted store page: name, contact (call, WhatsApp, map), opening hours, services with price, length and Book, products (in or out of stock), latest blog posts; Open Graph tags for link previews',
      params: SlugParams,
      produces: ['text/html'],
      response: { 200: htmlResponse('the page'), 404: htmlResponse('no such store, or its page is turned off (one page for both)'), 429: htmlResponse('too many requests') },
    },
  }, async (request, reply) => {
    const store = await storeOf(request);
    if (!store) return sendPage(reply, 404, renderNoStorePage());
    const urls = urlsOf(store);
    const [services, items, posts] = await Promise.all([
      servicesOf(store),
      ctx.services.catalog.listItems(store.id, { itemType: 'product', publishedOnly: true, limit: PRODUCTS_SHOWN }),
      ctx.services.blog.publicList(store.slug, { limit: POSTS_SHOWN }),
    ]);
    const products = items.map((i) => ({ name: i.name, priceMinor: i.priceMinor, inStock: i.stockCount === null || i.stockCount > 0 }));
    const body = renderStorePage({
      store,
      url: `${base}${urls.store}`,
      bookUrl: urls.book,
      blogUrl: `${urls.store}/blog`,
      services,
      products,
      posts: posts.items.map((p) => ({ title: p.title, url: p.url, publishedAt: p.publishedAt })),
    });
    return sendPage(reply, 200, body, { 'cache-control': PAGE_CACHE });
  });

  /**
   * The time step: the picker's 14 days around `requested` (today when absent or not a day that can
   * be chosen), the day's free times as links to the details form, or the next day that has some.
   * `taken`: the time just pressed was taken meanwhile; the notice offers the nearest free ones.
   */
  async function timeStep(store: Store, service: BookableService, choice: Choice, options: { taken?: string; notice?: Notice } = {}) {
    const urls = urlsOf(store);
    const now = DateTime.now().setZone(store.timezone);
    const today = now.toISODate()!;
    const item = await ctx.services.catalog.cachedItem(store.id, service.id);
    const lastDate = now.plus({ days: item?.schedule?.maxAdvanceDays ?? PICKER_DAYS }).toISODate()!;
    let notice = options.notice ?? null;
    let date = today;
    const refused = choice.date !== undefined && !(isRealDate(choice.date) && choice.date >= today && choice.date <= lastDate);
    if (refused) notice = { tone: 'warn', title: 'Choose a day from the list.', text: 'That day cannot be chosen here.' };
    else if (choice.date !== undefined) date = choice.date;
    const staffId = choice.staffId && choice.staffId !== 'any' ? choice.staffId : undefined;
    const freeOn = async (day: string) => {
      const from = DateTime.fromISO(day, { zone: store.timezone }).startOf('day');
      const answer = await bookings.availability(store.id, { serviceId: service.id, from: from.toUTC().toISO()!, to: from.plus({ days: 1 }).toUTC().toISO()!, ...(staffId ? { staffId } : {}) });
      return answer.slots.filter((s) => s.date === day && s.remaining > 0);
    };
    const slots = await freeOn(date);
    let nextDay: { date: string; href: string } | null = null;
    if (slots.length === 0) {
      for (let d = addDays(date, 1), n = 0; n < NEXT_DAY_SEARCH && d <= lastDate; d = addDays(d, 1), n++) {
        if ((await freeOn(d)).length > 0) {
          nextDay = { date: d, href: flowHref(urls.book, { ...choice, date: d, time: undefined }) };
          break;
        }
      }
    }
    if (options.taken && !refused) notice = takenNoticeLinks(options.taken, slots, store, (time) => flowHref(urls.book, { ...choice, date, time }));
    const first = addDays(today, Math.floor(daysBetween(today, date) / PICKER_DAYS) * PICKER_DAYS);
    const days: DayLink[] = [];
    for (let d = first; days.length < PICKER_DAYS && d <= lastDate; d = addDays(d, 1)) days.push({ date: d, href: flowHref(urls.book, { ...choice, date: d, time: undefined }), current: d === date });
    const page = (d: string) => flowHref(urls.book, { ...choice, date: d, time: undefined });
    const person = staffId ? (service.people.find((p) => p.id === staffId)?.displayName ?? null) : null;
    const body = renderTimeStep(store, service, urls, {
      date,
      days,
      earlier: first > today ? page(addDays(first, -PICKER_DAYS)) : null,
      later: addDays(first, PICKER_DAYS) <= lastDate ? page(addDays(first, PICKER_DAYS)) : null,
      times: slots.map((s) => ({ start: s.start, href: flowHref(urls.book, { ...choice, date, time: s.time }) })),
      nextDay,
      person,
      back: service.people.length ? flowHref(urls.book, { serviceId: service.id }) : urls.book,
      notice,
    });
    return { refused, body };
  }

  /** The details step for a chosen free time (a new form token each time it is given out). */
  async function detailsStep(store: Store, service: BookableService, choice: Required<Pick<Choice, 'date' | 'time'>> & Choice, start: string, filled: Partial<Pick<DetailsStep, 'values' | 'errors' | 'notice'>> = {}) {
    const urls = urlsOf(store);
    const staffId = choice.staffId && choice.staffId !== 'any' ? choice.staffId : undefined;
    const hidden: Record<string, string> = { serviceId: service.id, date: choice.date, time: choice.time, token: await tokens.issue(store.id) };
    if (choice.staffId) hidden.staffId = choice.staffId;
    const countryName = displayNames([store.locale, 'en'], { type: 'region' }).of(store.country) ?? store.country;
    return renderDetailsStep(store, service, urls, {
      action: urls.book,
      hidden,
      values: filled.values ?? { name: '', phone: '', email: '', note: '' },
      errors: filled.errors ?? {},
      start,
      person: staffId ? (service.people.find((p) => p.id === staffId)?.displayName ?? null) : null,
      countryName,
      deposit: service.depositMinor > 0 ? { amountMinor: service.depositMinor, holdMinutes: store.depositHoldMinutes, emailRequired: emailForDeposit } : null,
      back: flowHref(urls.book, { ...choice, time: undefined }),
      notice: filled.notice ?? null,
    });
  }

  /** The free slot of the choice, when it is one now. */
  async function slotOf(store: Store, service: BookableService, choice: Choice) {
    if (!isRealDate(choice.date) || !choice.time || !TIME.test(choice.time)) return null;
    const from = DateTime.fromISO(`${choice.date}T${choice.time}`, { zone: store.timezone });
    if (!from.isValid) return null;
    const staffId = choice.staffId && choice.staffId !== 'any' ? choice.staffId : undefined;
    const answer = await bookings.availability(store.id, { serviceId: service.id, from: from.minus({ minutes: 1 }).toUTC().toISO()!, to: from.plus({ minutes: 1 }).toUTC().toISO()!, ...(staffId ? { staffId } : {}) });
    return answer.slots.find((s) => s.date === choice.date && s.time === choice.time && s.remaining > 0) ?? null;
  }

  /** The choice in a query or a form, each field a string when sent. */
  const choiceOf = (fields: Record<string, unknown>): Choice => ({
    ...(text(fields.serviceId) ? { serviceId: text(fields.serviceId) } : {}),
    ...(text(fields.staffId) ? { staffId: text(fields.staffId) } : {}),
    ...(text(fields.date) ? { date: text(fields.date) } : {}),
    ...(text(fields.time) ? { time: text(fields.time) } : {}),
  });

  app.get('/s/:storeSlug/book', {
    config: pageConfig,
    schema: {
      tags: ['pages'],
      summary: 'Hosted booking flow: choose a service, a person (when the service has performers), a day and a free time, then give name and phone',
      description: 'Each step is a link with the choices so far in the query. A choice that no longer stands (a service taken off, a person who no longer performs it, a time just taken) goes back to the step before it with a notice.',
      params: SlugParams,
      querystring: FlowQuery,
      produces: ['text/html'],
      response: { 200: htmlResponse('the step'), 400: htmlResponse('a day that cannot be chosen or a time that is not one: the time step with a notice'), 404: htmlResponse('no such store, or its page is turned off'), 429: htmlResponse('too many requests') },
    },
  }, async (request, reply) => {
    const store = await storeOf(request);
    if (!store) return sendPage(reply, 404, renderNoStorePage());
    const urls = urlsOf(store);
    const choice = choiceOf(request.query as Record<string, unknown>);
    const services = await servicesOf(store);
    const service = choice.serviceId ? services.find((s) => s.id === choice.serviceId) : undefined;
    if (!service) {
      const notice: Notice | null = choice.serviceId ? { tone: 'warn', title: 'That service cannot be booked online now.', text: 'Choose one of these.' } : null;
      return sendPage(reply, 200, renderServiceStep(store, services, urls, notice));
    }
    if (service.people.length && !(choice.staffId === 'any' || service.people.some((p) => p.id === choice.staffId))) {
      return sendPage(reply, 200, renderPersonStep(store, service, urls, (staffId) => flowHref(urls.book, { serviceId: service.id, staffId })));
    }
    if (!service.people.length) delete choice.staffId;
    if (choice.time !== undefined) {
      // A time that is no time (time=x) is the time step again, asking for one from the list.
      if (!TIME.test(choice.time)) {
        const step = await timeStep(store, service, choice, { notice: { tone: 'warn', title: 'Choose a time from the list.' } });
        return sendPage(reply, 400, step.body);
      }
      const slot = await slotOf(store, service, choice);
      if (slot) return sendPage(reply, 200, await detailsStep(store, service, { ...choice, date: slot.date, time: slot.time }, slot.start));
      const step = await timeStep(store, service, choice, { taken: choice.time });
      return sendPage(reply, step.refused ? 400 : 200, step.body);
    }
    const step = await timeStep(store, service, choice);
    return sendPage(reply, step.refused ? 400 : 200, step.body);
  });

  app.post('/s/:storeSlug/book', {
    config: { rateLimit: app.rateLimits.storePageBookings },
    // The form is checked by hand below, so each problem is said on the page next to its field.
    attachValidation: true,
    schema: {
      tags: ['pages'],
      summary: 'Hosted booking flow: book the chosen time (a form); 303 to the booking\'s manage link',
      description:
        'Booked like POST /v1IntegrationBookings with sourceChannel "store_page". The form\'s token must be one this page gave out, at least a few seconds and at most two hours before; a double tap books once. A filled honeypot field, a token that is not valid or too many bookings from one address book nothing.',
      params: SlugParams,
      body: BookForm,
      consumes: ['application/x-www-form-urlencoded'],
      produces: ['text/html'],
      response: {
        303: Type.Null({ description: 'booked: see the manage link (?done=booked)' }),
        400: htmlResponse('the details form again, saying what to fix (or the form was not one of this page\'s, or was sent too fast)'),
        404: htmlResponse('no such store, or its page is turned off'),
        409: htmlResponse('the time was just taken: the time step with the nearest free times'),
        413: htmlResponse('form too large'),
        415: htmlResponse('not a form'),
        429: htmlResponse('too many bookings from this address'),
      },
    },
  }, async (request, reply) => {
    const store = await storeOf(request);
    if (!store) return sendPage(reply, 404, renderNoStorePage());
    const urls = urlsOf(store);
    const fields = (request.body ?? {}) as Record<string, unknown>;
    const choice = choiceOf(fields);
    const services = await servicesOf(store);
    const service = choice.serviceId ? services.find((s) => s.id === choice.serviceId) : undefined;
    if (!service) return sendPage(reply, 400, renderServiceStep(store, services, urls, { tone: 'warn', title: 'That service cannot be booked online now.', text: 'Choose one of these.' }));
    if (!service.people.length) delete choice.staffId;
    else if (!(choice.staffId === 'any' || service.people.some((p) => p.id === choice.staffId))) {
      return sendPage(reply, 400, renderPersonStep(store, service, urls, (staffId) => flowHref(urls.book, { serviceId: service.id, staffId })));
    }
    const values = { name: text(fields.name).trim(), phone: text(fields.phone).trim(), email: text(fields.email).trim(), note: text(fields.note).trim() };
    const problem = (title: string, body: string) => sendPage(reply, 400, renderFlowProblemPage(store, title, body, flowHref(urls.book, { ...choice, time: undefined })));
    // A person never sees the honeypot; whatever filled it is not one.
    if (text(fields.website)) return problem('Your booking was not sent', 'Start again and choose your time.');
    if (!isRealDate(choice.date) || !choice.time || !TIME.test(choice.time)) return problem('Choose a time first', 'Start again and choose your time.');
    const check = await tokens.check(store.id, fields.token);
    const slot = await slotOf(store, service, choice);
    if (!check.ok && check.reason === 'invalid') return problem('This form is not from this page', 'Start again and choose your time.');
    const dated = { ...choice, date: choice.date, time: choice.time };
    if (!check.ok) {
      // Too fast for a person, or open for hours: the same form again, with a fresh token.
      const notice: Notice = check.reason === 'too-fast' ? { tone: 'warn', title: 'Check your details, then press Book again.' } : { tone: 'warn', title: 'This form was open a long time.', text: 'Check the time is still right, then press Book again.' };
      if (!slot) return sendPage(reply, 409, (await timeStep(store, service, dated, { taken: choice.time })).body);
      return sendPage(reply, 400, await detailsStep(store, service, dated, slot.start, { values, notice }));
    }
    const errors: DetailsStep['errors'] = {};
    if (!values.name) errors.name = 'Enter your name.';
    else if (values.name.length > 120) errors.name = 'Your name is too long (120 characters at most).';
    const phone = parsePhoneNumberFromString(values.phone, store.country as CountryCode);
    if (!values.phone) errors.phone = 'Enter your phone number.';
    else if (values.phone.length > 40 || !phone?.isValid()) errors.phone = 'Enter a phone number that can be called, such as 024 123 4567 or +233 24 123 4567.';
    if (values.email && (values.email.length > 254 || !EMAIL.test(values.email))) errors.email = 'Enter an email address such as ama@example.com, or leave it empty.';
    else if (!values.email && service.depositMinor > 0 && emailForDeposit) errors.email = 'Enter your email address: the deposit’s payment page needs it.';
    if (values.note.length > NOTE_MAX) errors.note = `Your note is too long (${NOTE_MAX} characters at most).`;
    if (Object.keys(errors).length) {
      if (!slot) return sendPage(reply, 409, (await timeStep(store, service, dated, { taken: choice.time })).body);
      return sendPage(reply, 400, await detailsStep(store, service, dated, slot.start, { values, errors }));
    }

    // The booking, once per form: the token's nonce keys an idempotency record, so a double tap (or
    // a reload of the POST) gets the first one's answer.
    const outcome = await bookOnce(request, store, check.nonce, {
      serviceId: service.id,
      bookingDate: dated.date,
      bookingTime: dated.time,
      customer: { name: values.name, phone: phone!.number, ...(values.email ? { email: values.email } : {}) },
      ...(values.note ? { notes: values.note } : {}),
      ...(choice.staffId && choice.staffId !== 'any' ? { staffId: choice.staffId } : {}),
      sourceChannel: 'store_page',
    });
    // A deposit to pay: straight to the payment page (it brings the customer back to the manage link).
    if ('manageUrl' in outcome && outcome.checkoutUrl) return reply.headers(FLOW_HEADERS).redirect(outcome.checkoutUrl, 303);
    if ('manageUrl' in outcome) return reply.headers(FLOW_HEADERS).redirect(`${new URL(outcome.manageUrl).pathname}?done=booked`, 303);
    if (outcome.code === 'slot-unavailable' || outcome.code === 'staff-not-found') {
      return sendPage(reply, 409, (await timeStep(store, service, dated, { taken: dated.time })).body);
    }
    if (outcome.status === 400 || outcome.status === 422) {
      const start = slot?.start;
      if (start) return sendPage(reply, 400, await detailsStep(store, service, dated, start, { values, notice: { tone: 'error', title: 'Check your details.', text: outcome.message } }));
    }
    return sendPage(reply, outcome.status === 409 ? 409 : 400, (await timeStep(store, service, dated, { notice: { tone: 'error', title: 'That time could not be booked.', text: outcome.message } })).body);
  });

  /**
   * Books through the same path as the integration API, at most once per form nonce (an idempotency
   * record of the store, scope bookings.store-page): the answer is the booking's manage link, or the
   * refusal (code, status, message). A second request while the first runs waits for its answer.
   */
  async function bookOnce(request: FastifyRequest, store: Store, nonce: string, input: Parameters<typeof bookings.createBooking>[1]): Promise<{ manageUrl: string; checkoutUrl: string | null } | { code: string; status: number; message: string }> {
    const deadline = Date.now() + DOUBLE_TAP_WAIT_MS;
    const keyed = { key: `store-page:${nonce}`, request: { query: null, body: { nonce } }, requestId: request.id, header: () => {} };
    for (;;) {
      let answer;
      try {
        answer = await runIdempotent(ctx, keyed, store.id, 'bookings.store-page', async (record) => {
          const created = (booking: CreatedBooking) => ({ status: 201, body: { ok: true, manageUrl: booking.manageUrl, checkoutUrl: booking.payment?.checkoutUrl ?? null } });
          return created(await bookings.createBooking(store.id, input, { idempotent: { record, answer: created } }));
        });
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        // The first of a double tap is still booking: wait for its answer.
        if (error.code === 'conflict' && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          continue;
        }
        return { code: error.code, status: error.status, message: error.message };
      }
      const body = (answer.replayed ? JSON.parse(answer.json) : answer.body) as { ok?: boolean; manageUrl?: string; checkoutUrl?: string | null; error?: string; message?: string };
      if (body?.ok && body.manageUrl) return { manageUrl: body.manageUrl, checkoutUrl: body.checkoutUrl ?? null };
      return { code: body?.error ?? 'conflict', status: answer.status, message: body?.message ?? 'Not booked.' };
    }
  }


}
