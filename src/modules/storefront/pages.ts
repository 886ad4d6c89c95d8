// The customer's booking pages (the manage link): server-rendered HTML in the store's name, dates in
// its time zone and locale, no script, one inline stylesheet (style.ts). Every interpolation goes
// through html`…`, so what customers and staff typed stays text.
import type { Booking } from '../bookings/service.ts';
import { footerOf, moneyText, timeText, whenText } from '../messages/content.ts';
import type { WeeklyHours } from '../catalog/item-input.ts';
import { WEEKDAYS } from '../catalog/item-input.ts';
import type { Store } from '../stores/service.ts';
import { html, raw, type Raw } from '../../shared/html.ts';
import { STYLE } from './style.ts';
import { dateTimeFormat } from '../../shared/formatters.ts';

/** What a manage link shows: the booking, its store, and whether its customer may still change it. */
export interface ManageView {
  store: Store;
  booking: Booking;
  canChange: boolean;
  /** Waiting, confirmed or moved (not cancelled, not completed). */
  open: boolean;
  /** Until when the customer may change it online (ISO). */
  cutoffAt: string;
  /** A deposit still to pay: its payment page and until when the time is held. */
  depositPayment?: { checkoutUrl: string; expiresAt: string } | null;
}

const DEPOSIT_WORDS: Record<string, string> = { due: 'to pay', paid: 'paid', kept: 'kept by the store (missed appointment)', refunded: 'refunded', review: 'received late: the store will contact you', unpaid: 'not paid' };

export interface ManageUrls {
  booking: string;
  cancel: string;
  move: string;
}

export interface Notice {
  tone: 'success' | 'warn' | 'error';
  title: string;
  text?: string;
  /** Extra markup after the text (buttons). */
  extra?: Raw;
}

/** The page's language: the store's locale when the words are English, as they are. */
const langOf = (store: Store | null) => (store && /^en\b/i.test(store.locale) ? store.locale : 'en');

export interface PageOptions {
  /** Extra head markup (description, Open Graph, canonical). */
  head?: Raw;
  /** Search engines may list the page (the store page); every other page is noindex. */
  indexable?: boolean;
  /** The store's own page: the store's name in the header links to it. */
  home?: string | null;
  /** The page names the store in its own heading: no header above it. */
  noHeader?: boolean;
}

export function layout(store: Store | null, title: string, body: Raw, options: PageOptions = {}): string {
  const name = store ? (options.home ? html`<a href="${options.home}">${store.name}</a>` : html`${store.name}`) : '';
  return html`<!doctype html>
<html lang="${langOf(store)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${options.indexable ? '' : raw('<meta name="robots" content="noindex, nofollow">\n<meta name="referrer" content="no-referrer">\n')}<title>${store ? `${title} · ${store.name}` : title}</title>
${options.head ?? ''}<style>${raw(STYLE)}</style>
</head>
<body>
${store && !options.noHeader ? html`<header class="top"><p class="store">${name}</p></header>\n` : ''}<main>
${body}
</main>
</body>
</html>
`.value;
}

export function noticeOf(notice: Notice | null | undefined): Raw {
  if (!notice) return html``;
  const role = notice.tone === 'success' ? 'status' : 'alert';
  return html`<div class="notice ${notice.tone}" role="${role}"><strong>${notice.title}</strong>${notice.text ? html`<p>${notice.text}</p>` : ''}${notice.extra ?? ''}</div>`;
}

/** "1 h 30 min". */
export function lengthText(startAt: string, endAt: string): string {
  const minutes = Math.round((Date.parse(endAt) - Date.parse(startAt)) / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ') || '0 min';
}

/** "2 hours", "1 day", "45 minutes": how long before the start online changes close. */
function cutoffText(minutes: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes % 1440 === 0) return unit(minutes / 1440, 'day');
  if (minutes % 60 === 0) return unit(minutes / 60, 'hour');
  return unit(minutes, 'minute');
}

const REASONS: Record<string, string> = { deposit_unpaid: 'the deposit was not paid in time' };

function statusOf(view: ManageView): { text: string; tone: 'ok' | 'wait' | 'off' | '' } {
  const b = view.booking;
  switch (b.status) {
    case 'pending':
      return { text: 'Waiting for confirmation', tone: 'wait' };
    case 'confirmed':
      return { text: 'Confirmed', tone: 'ok' };
    case 'rescheduled':
      return { text: 'Moved · confirmed', tone: 'ok' };
    case 'completed':
      return { text: 'Completed', tone: 'off' };
    case 'cancelled':
      return { text: b.cancellation?.by === 'customer' ? 'Cancelled by you' : `Cancelled by ${view.store.name}`, tone: 'off' };
    default:
      return { text: b.status, tone: '' };
  }
}

/** The booking's facts, as the customer knows them. */
function detailsOf(view: ManageView): Raw {
  const { booking: b, store } = view;
  const voice = store;
  const reason = b.cancellation?.reason ? (REASONS[b.cancellation.reason] ?? b.cancellation.reason) : null;
  return html`<dl class="details">
<dt>Service</dt><dd>${b.serviceName}</dd>
<dt>When</dt><dd>${whenText(b.startAt, voice)}</dd>
<dt>Length</dt><dd>${lengthText(b.startAt, b.endAt)} (until ${timeText(b.endAt, voice)})</dd>
<dt>Name</dt><dd>${b.customer.name}</dd>
${b.quantity > 1 ? html`<dt>People</dt><dd>${b.quantity}</dd>\n` : ''}${b.notes ? html`<dt>Your note</dt><dd>${b.notes}</dd>\n` : ''}${reason ? html`<dt>Reason</dt><dd>${reason}</dd>\n` : ''}${
    b.deposit ? html`<dt>Deposit</dt><dd>${moneyText(b.deposit.amountMinor, store.currency, store.locale)}, ${DEPOSIT_WORDS[b.deposit.state] ?? b.deposit.state}</dd>\n` : ''
  }<dt>Reference</dt><dd>${b.reference}</dd>
</dl>`;
}

/** Call and WhatsApp as big buttons (the ways to reach the store at once), when it has them. */
export function reachButtons(store: Store): Raw {
  const f = footerOf(store);
  if (!f.phone && !f.whatsapp) return html``;
  return html`<div class="actions">${f.phone ? html`<a class="button call" href="${f.phone.href}">Call ${f.phone.text}</a>` : ''}${
    f.whatsapp ? html`<a class="button call" href="${f.whatsapp.href}">Message on WhatsApp</a>` : ''
  }</div>`;
}

function weekdayNames(locale: string): string[] {
  const format = dateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return WEEKDAYS.map((_, i) => format.format(Date.UTC(2024, 0, 1 + i, 12)));
}

/** A wall-clock time ("08:00", "24:00") in the store's locale ("8:00 am"). */
export function clockText(time: string, locale: string): string {
  const [h, m] = time.split(':').map(Number);
  return dateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1, h % 24, m));
}

function hoursTable(hours: WeeklyHours[], locale: string): Raw {
  if (hours.length === 0) return html``;
  const names = weekdayNames(locale);
  const rows = WEEKDAYS.map((day, i) => {
    const ranges = hours
      .filter((h) => h.day === day)
      .sort((a, b) => (a.start < b.start ? -1 : 1))
      .map((h) => `${clockText(h.start, locale)} – ${clockText(h.end, locale)}`);
    return html`<tr><th scope="row">${names[i]}</th><td>${ranges.length ? ranges.join(', ') : 'Closed'}</td></tr>`;
  });
  return html`<h3 class="muted">Opening hours</h3><table class="hours"><tbody>${rows}</tbody></table>`;
}

/** How to reach the store: address, call, WhatsApp, email, map, opening hours. */
export function contactCard(store: Store): Raw {
  const f = footerOf(store);
  const links = [
    f.phone ? html`<li><a href="${f.phone.href}">Call ${f.phone.text}</a></li>` : '',
    f.whatsapp ? html`<li><a href="${f.whatsapp.href}">${f.whatsapp.text}</a></li>` : '',
    f.email ? html`<li><a href="${f.email.href}">${f.email.text}</a></li>` : '',
    f.map ? html`<li><a href="${f.map.href}" rel="noopener noreferrer">Open the map</a></li>` : '',
  ];
  return html`<section class="card contact" aria-labelledby="contact"><h2 id="contact">Contact ${store.name}</h2>${f.address ? html`<address>${f.address}</address>` : ''}<ul>${links}</ul>${hoursTable(store.hours, store.locale)}</section>`;
}

/** GET /b/:token: the booking, what the customer may do with it, and the store's contact. */
export function renderBookingPage(view: ManageView, urls: ManageUrls, notice: Notice | null = null): string {
  const { booking: b, store } = view;
  const voice = store;
  const status = statusOf(view);
  const passed = Date.parse(b.endAt) <= Date.now();
  let next: Raw;
  const pay = view.depositPayment && b.deposit
    ? html`<div class="notice warn"><strong>Pay the deposit of ${moneyText(b.deposit.amountMinor, store.currency, store.locale)} by ${timeText(view.depositPayment.expiresAt, voice)} to keep this time.</strong><p>Unpaid by then, the booking is cancelled and the time given to someone else.</p><div class="actions"><a class="button" href="${view.depositPayment.checkoutUrl}">Pay the deposit</a></div></div>`
    : html``;
  if (view.canChange) {
    next = html`<p class="muted">You can move or cancel this booking here until ${whenText(view.cutoffAt, voice)}.</p>
<div class="actions"><a class="button" href="${urls.move}">Move to another time</a><a class="button quiet" href="${urls.cancel}">Cancel booking</a></div>`;
  } else if (b.status === 'cancelled') {
    next = html`<p>This booking is cancelled. To book again, contact ${store.name}.</p>`;
  } else if (b.status === 'completed' || passed) {
    next = html`<p>This booking has passed.</p>`;
  } else {
    const reach = reachButtons(store);
    next = html`<div class="notice warn"><strong>This booking can no longer be changed online.</strong><p>Changes close ${cutoffText(store.cancellationCutoffMinutes)} before the start. To move or cancel it, contact ${store.name}${reach.value ? ':' : ' (details below).'}</p>${reach}</div>`;
  }
  return layout(
    store,
    'Your booking',
    html`${noticeOf(notice)}<h1>Your booking</h1>
<section class="card" aria-label="Booking details"><p class="status ${status.tone}">${status.text}</p>
${detailsOf(view)}</section>
${pay}${next}
${contactCard(store)}`,
  );
}

/** GET /b/:token/cancel: asks before cancelling. */
export function renderCancelPage(view: ManageView, urls: ManageUrls): string {
  const { store } = view;
  return layout(
    store,
    'Cancel booking?',
    html`<h1>Cancel this booking?</h1>
<section class="card" aria-label="Booking details">${detailsOf(view)}</section>
<p>The time will be given to someone else, and ${store.name} will be told.</p>
<div class="actions"><form method="post" action="${urls.cancel}"><button class="button danger" type="submit">Yes, cancel</button></form><a class="button quiet" href="${urls.booking}">Keep it</a></div>`,
  );
}

export interface DayLink {
  date: string;
  href: string;
  current: boolean;
}

export interface MoveSlot {
  /** HH:MM, the form value. */
  time: string;
  /** The start instant (ISO), shown in the store's locale. */
  start: string;
}

export interface MovePage {
  date: string;
  days: DayLink[];
  earlier: string | null;
  later: string | null;
  slots: MoveSlot[];
  /** The next day with free times, when the chosen one has none. */
  nextDay: { date: string; href: string } | null;
  /** Whether the service can be booked online at all. */
  bookable: boolean;
  notice: Notice | null;
}

const atNoon = (date: string) => Date.parse(`${date}T12:00:00Z`);

/** "Tuesday, 1 December" in the store's locale (the date is a calendar date, not an instant). */
export function dayText(date: string, locale: string): string {
  return dateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(atNoon(date));
}

export function dayLink(day: DayLink, locale: string): Raw {
  const part = (options: Intl.DateTimeFormatOptions) => dateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(atNoon(day.date));
  // The visible words are the link's name (spaces between them: read as "Tue 1 Dec").
  return html`<li><a href="${day.href}"${day.current ? raw(' aria-current="date"') : ''}><span>${part({ weekday: 'short' })}</span> <strong>${part({ day: 'numeric' })}</strong> <span>${part({ month: 'short' })}</span></a></li>`;
}

/** Buttons of free times, in a form that moves the booking to the one pressed. */
export function timeButtons(slots: MoveSlot[], date: string, action: string, store: Store): Raw {
  const voice = store;
  return html`<form method="post" action="${action}"><input type="hidden" name="date" value="${date}"><div class="times">${slots.map(
    (s) => html`<button class="button quiet" type="submit" name="time" value="${s.time}">${timeText(s.start, voice)}</button>`,
  )}</div></form>`;
}

/** The time the customer pressed was taken meanwhile: says so, and offers the nearest free times. */
export function takenNotice(time: string, nearest: MoveSlot[], date: string, action: string, store: Store): Notice {
  return {
    tone: 'error',
    title: `Sorry, ${clockText(time, store.locale)} was just taken by someone else.`,
    text: nearest.length ? 'The nearest free times that day:' : 'There are no other free times that day.',
    ...(nearest.length ? { extra: timeButtons(nearest, date, action, store) } : {}),
  };
}

/** GET /b/:token/move: a day picker (links), then the free times of the chosen day as buttons. */
export function renderMovePage(view: ManageView, urls: ManageUrls, page: MovePage): string {
  const { booking: b, store } = view;
  const voice = store;
  const locale = store.locale;
  let times: Raw;
  if (!page.bookable) {
    times = html`<p>This service can no longer be booked online. To move your booking, contact ${store.name}.</p>${reachButtons(store)}`;
  } else if (page.slots.length) {
    times = timeButtons(page.slots, page.date, urls.move, store);
  } else {
    times = html`<p>No free times that day.</p>${
      page.nextDay
        ? html`<p><a class="button quiet" href="${page.nextDay.href}">Next free day: ${dayText(page.nextDay.date, locale)}</a></p>`
        : html`<p class="muted">No free times in the days after it either. Try a later day, or contact ${store.name}.</p>`
    }`;
  }
  return layout(
    store,
    'Move your booking',
    html`${noticeOf(page.notice)}<h1>Move your booking</h1>
<p>Now: <strong>${whenText(b.startAt, voice)}</strong><br><span class="muted">${b.serviceName} · ${lengthText(b.startAt, b.endAt)}</span></p>
<h2 id="days">Choose a day</h2>
<nav aria-labelledby="days"><ul class="days">${page.days.map((d) => dayLink(d, locale))}</ul>${
      page.earlier || page.later
        ? html`<p class="pager">${page.earlier ? html`<a href="${page.earlier}">← Earlier days</a>` : html`<span></span>`}${page.later ? html`<a href="${page.later}">Later days →</a>` : ''}</p>`
        : ''
    }</nav>
<h2 id="times">Free times on ${dayText(page.date, locale)}</h2>
${times}
<a class="back" href="${urls.booking}">← Back to your booking</a>`,
  );
}

/**
 * A link that is wrong, malformed or past its life: one page for all of them (status 404, or 429
 * when the address tried too many), naming no store, so it tells nothing about which it was.
 */
export function renderLinkNotValidPage(): string {
  return layout(
    null,
    'Link not valid',
    html`<h1>This link is not valid</h1>
<div class="card"><p>This booking link is not valid or has expired. Links stop working a week after the booking.</p>
<p>Check that you opened the whole link from your booking message, or contact the store you booked with directly.</p></div>`,
  );
}

/** Any other failure of these pages (a form that is not complete, too large, too many requests…). */
export function renderProblemPage(title: string, text: string, back: string | null): string {
  return layout(null, title, html`<h1>${title}</h1><p>${text}</p>${back ? html`<a class="back" href="${back}">← Back to your booking</a>` : ''}`);
}
