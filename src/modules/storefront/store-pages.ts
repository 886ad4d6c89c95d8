// The hosted store page (/s/{slug}) and its booking flow (/s/{slug}/book): server-rendered HTML in
// the store's name, locale and time zone, no script, the storefront's one inline stylesheet. The flow
// is a chain of plain links (service → person → day → time) and one form (name, phone, email, note),
// so it works on any phone with JavaScript off. Every interpolation goes through html`…`.
import type { Store } from '../stores/service.ts';
import { moneyText, timeText, whenText } from '../messages/content.ts';
import { html, raw, type Raw } from '../../shared/html.ts';
import { clockText, contactCard, dayLink, dayText, layout, noticeOf, reachButtons, type DayLink, type Notice } from './pages.ts';
import { minutesOf } from './days.ts';
import { dateTimeFormat } from '../../shared/formatters.ts';

/** What the store page and the flow know of a bookable service or course. */
export interface BookableService {
  id: string;
  name: string;
  description: string | null;
  priceMinor: number;
  durationMinutes: number;
  /** The deposit one booking pays online (0: none). */
  depositMinor: number;
  imageUrl: string | null;
  /** The people who perform it (empty: booked without choosing anyone). */
  people: { id: string; displayName: string }[];
}

export interface ShownProduct {
  name: string;
  priceMinor: number;
  inStock: boolean;
}

export interface ShownPost {
  title: string;
  url: string;
  publishedAt: string;
}

export interface StorePageView {
  store: Store;
  /** The page's own absolute address (canonical, og:url). */
  url: string;
  bookUrl: string;
  blogUrl: string;
  services: BookableService[];
  products: ShownProduct[];
  posts: ShownPost[];
}

/** "1 h 30 min" from minutes. */
export function minutesText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ') || '0 min';
}

const priceOf = (store: Store, minor: number) => (minor > 0 ? moneyText(minor, store.currency, store.locale) : 'Free');

/** Plain text, shortened at a word for a description or a card. */
function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)).trimEnd()}…`;
}

/** GET /s/{slug}: who the store is, what can be booked (and bought), how to reach it. */
export function renderStorePage(view: StorePageView): string {
  const { store } = view;
  const names = view.services.slice(0, 3).map((s) => s.name);
  const description = view.services.length
    ? shorten(`Book ${names.join(', ')}${view.services.length > 3 ? ' and more' : ''} with ${store.name} online.${store.contact.address ? ` ${store.contact.address}` : ''}`, 200)
    : shorten(`${store.name}${store.contact.address ? `, ${store.contact.address}` : ''}: contact and opening hours.`, 200);
  const image = [...view.services.map((s) => s.imageUrl)].find((u) => u) ?? null;
  const head = html`<meta name="description" content="${description}">
<link rel="canonical" href="${view.url}">
<meta property="og:type" content="website">
<meta property="og:title" content="${store.name}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${view.url}">
<meta property="og:site_name" content="${store.name}">
<meta property="og:locale" content="${store.locale.replace('-', '_')}">
${image ? html`<meta property="og:image" content="${image}">\n<meta name="twitter:card" content="summary_large_image">\n` : html`<meta name="twitter:card" content="summary">\n`}`;

  const services = view.services.length
    ? html`<section aria-labelledby="services"><h2 id="services">Book a service</h2><ul class="list">${view.services.map(
        (s) => html`<li class="card item"><h3>${s.name}</h3><p class="muted">${priceOf(store, s.priceMinor)} · ${minutesText(s.durationMinutes)}${
          s.depositMinor > 0 ? ` · ${moneyText(s.depositMinor, store.currency, store.locale)} deposit` : ''
        }</p>${
          s.description ? html`<p>${shorten(s.description, 160)}</p>` : ''
        }<a class="button" href="${`${view.bookUrl}?serviceId=${encodeURIComponent(s.id)}`}" aria-label="${`Book ${s.name}`}">Book</a></li>`,
      )}</ul></section>`
    : html``;
  const products = view.products.length
    ? html`<section aria-labelledby="products"><h2 id="products">Products</h2><p class="muted">To buy, visit or contact ${store.name}.</p><ul class="rows">${view.products.map(
        (p) => html`<li><span>${p.name}</span><span class="price">${priceOf(store, p.priceMinor)} <span class="${p.inStock ? 'stock in' : 'stock out'}">${p.inStock ? 'In stock' : 'Out of stock'}</span></span></li>`,
      )}</ul></section>`
    : html``;
  const dateOf = (iso: string) => dateTimeFormat(store.locale, { dateStyle: 'medium', timeZone: store.timezone }).format(new Date(iso));
  const posts = view.posts.length
    ? html`<section aria-labelledby="posts"><h2 id="posts">From the blog</h2><ul class="rows">${view.posts.map(
        (p) => html`<li><a href="${p.url}">${p.title}</a><span class="muted">${dateOf(p.publishedAt)}</span></li>`,
      )}</ul><p><a class="more" href="${view.blogUrl}">All posts</a></p></section>`
    : html``;
  return layout(
    store,
    'Book online',
    html`<h1>${store.name}</h1>
${store.contact.address ? html`<p class="muted">${store.contact.address}</p>` : ''}
${view.services.length ? html`<div class="actions one"><a class="button" href="${view.bookUrl}">Book now</a></div>` : ''}
${reachButtons(store)}
${services}
${products}
${posts}
${contactCard(store)}`,
    { head, indexable: true, noHeader: true },
  );
}

/** The steps' shared heading: what is being booked so far. */
function chosen(store: Store, service: BookableService, person: string | null): Raw {
  return html`<p class="muted">${service.name} · ${priceOf(store, service.priceMinor)} · ${minutesText(service.durationMinutes)}${person ? ` · with ${person}` : ''}</p>`;
}

export interface FlowUrls {
  store: string;
  book: string;
}

/** /s/{slug}/book: choose a service. */
export function renderServiceStep(store: Store, services: BookableService[], urls: FlowUrls, notice: Notice | null = null): string {
  const body = services.length
    ? html`<ul class="list">${services.map(
        (s) => html`<li><a class="choice" href="${`${urls.book}?serviceId=${encodeURIComponent(s.id)}`}"><strong>${s.name}</strong><span class="muted">${priceOf(store, s.priceMinor)} · ${minutesText(s.durationMinutes)}</span></a></li>`,
      )}</ul>`
    : html`<p>${store.name} has nothing to book online at the moment.</p>${reachButtons(store)}`;
  return layout(store, 'Choose a service', html`${noticeOf(notice)}<h1>Choose a service</h1>${body}<a class="back" href="${urls.store}">← ${store.name}</a>`, { home: urls.store });
}

/** /s/{slug}/book?serviceId=…: a service with performers asks who (or anyone free). */
export function renderPersonStep(store: Store, service: BookableService, urls: FlowUrls, hrefOf: (staffId: string) => string): string {
  return layout(
    store,
    'Choose who',
    html`<h1>Who would you like?</h1>${chosen(store, service, null)}
<ul class="list"><li><a class="choice" href="${hrefOf('any')}"><strong>Anyone free</strong><span class="muted">The most free times</span></a></li>${service.people.map(
      (p) => html`<li><a class="choice" href="${hrefOf(p.id)}"><strong>${p.displayName}</strong></a></li>`,
    )}</ul>
<a class="back" href="${urls.book}">← Choose another service</a>`,
    { home: urls.store },
  );
}

export interface TimeStep {
  date: string;
  days: DayLink[];
  earlier: string | null;
  later: string | null;
  /** Free times of the day: the link to the details form for each. */
  times: { start: string; href: string }[];
  nextDay: { date: string; href: string } | null;
  person: string | null;
  back: string;
  notice: Notice | null;
}

/** /s/{slug}/book?serviceId=…&date=…: a day (14 as links), then the free times of it as links. */
export function renderTimeStep(store: Store, service: BookableService, urls: FlowUrls, step: TimeStep): string {
  const voice = store;
  const times = step.times.length
    ? html`<ul class="times">${step.times.map((t) => html`<li><a class="button quiet" href="${t.href}">${timeText(t.start, voice)}</a></li>`)}</ul>`
    : html`<p>No free times that day.</p>${
        step.nextDay
          ? html`<p><a class="button quiet" href="${step.nextDay.href}">Next free day: ${dayText(step.nextDay.date, store.locale)}</a></p>`
          : html`<p class="muted">No free times in the days after it either. Try a later day, or contact ${store.name}.</p>${reachButtons(store)}`
      }`;
  return layout(
    store,
    'Choose a time',
    html`${noticeOf(step.notice)}<h1>Choose a time</h1>${chosen(store, service, step.person)}
<h2 id="days">Day</h2>
<nav aria-labelledby="days"><ul class="days">${step.days.map((d) => dayLink(d, store.locale))}</ul>${
      step.earlier || step.later
        ? html`<p class="pager">${step.earlier ? html`<a href="${step.earlier}">← Earlier days</a>` : html`<span></span>`}${step.later ? html`<a href="${step.later}">Later days →</a>` : ''}</p>`
        : ''
    }</nav>
<h2 id="times">Free times on ${dayText(step.date, store.locale)}</h2>
${times}
<a class="back" href="${step.back}">← Back</a>`,
    { home: urls.store },
  );
}

export interface DetailsStep {
  action: string;
  /** The hidden fields that say what is booked (service, person, date, time) and the form's token. */
  hidden: Record<string, string>;
  values: { name: string; phone: string; email: string; note: string };
  errors: Partial<Record<'name' | 'phone' | 'email' | 'note', string>>;
  start: string;
  person: string | null;
  countryName: string;
  /** A deposit to pay after this step: how much, how long the time is held, whether the payment page needs an email. */
  deposit: { amountMinor: number; holdMinutes: number; emailRequired: boolean } | null;
  back: string;
  notice: Notice | null;
}

export const NOTE_MAX = 500;

/** /s/{slug}/book?…&time=…: who is booking (name, phone; email and a note optional). */
export function renderDetailsStep(store: Store, service: BookableService, urls: FlowUrls, step: DetailsStep): string {
  /** A labelled field; `control` gets the attributes that tie it to its hint and error. */
  const field = (name: keyof DetailsStep['values'], label: string, control: (attrs: Raw) => Raw, hint?: string) => {
    const error = step.errors[name];
    const described = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ');
    const attrs = html`${described ? html` aria-describedby="${described}"` : ''}${error ? raw(' aria-invalid="true"') : ''}`;
    return html`<div class="field${error ? ' invalid' : ''}"><label for="${name}">${label}</label>${hint ? html`<p class="hint" id="${`${name}-hint`}">${hint}</p>` : ''}${
      error ? html`<p class="error" id="${`${name}-error`}">${error}</p>` : ''
    }${control(attrs)}</div>`;
  };
  const errorList = Object.entries(step.errors);
  const summary = errorList.length
    ? html`<div class="notice error" role="alert"><strong>Check ${errorList.length === 1 ? 'this' : 'these'} before booking:</strong><ul>${errorList.map(
        ([name, message]) => html`<li><a href="${`#${name}`}">${message}</a></li>`,
      )}</ul></div>`
    : html``;
  const v = step.values;
  return layout(
    store,
    'Your details',
    html`${noticeOf(step.notice)}${summary}<h1>Your details</h1>
<section class="card" aria-label="Your booking"><dl class="details"><dt>Service</dt><dd>${service.name}</dd><dt>When</dt><dd>${whenText(step.start, store)}</dd><dt>Length</dt><dd>${minutesText(service.durationMinutes)}</dd>${
      step.person ? html`<dt>With</dt><dd>${step.person}</dd>` : ''
    }<dt>Price</dt><dd>${priceOf(store, service.priceMinor)}</dd>${
      step.deposit ? html`<dt>Deposit</dt><dd>${moneyText(step.deposit.amountMinor, store.currency, store.locale)}</dd>` : ''
    }</dl>${
      step.deposit
        ? html`<p class="muted">${store.name} asks a deposit to hold this time: you pay it next, by card or mobile money. Unpaid within ${step.deposit.holdMinutes} minutes, the booking is cancelled.</p>`
        : ''
    }</section>
<form method="post" action="${step.action}" class="form" novalidate>
${Object.entries(step.hidden).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
${field('name', 'Your name', (a) => html`<input id="name" name="name" type="text" autocomplete="name" maxlength="120" required value="${v.name}"${a}>`)}
${field('phone', 'Phone number', (a) => html`<input id="phone" name="phone" type="tel" autocomplete="tel" inputmode="tel" maxlength="40" required value="${v.phone}"${a}>`, `As you dial it in ${step.countryName}, or with + and the country code.`)}
${
  step.deposit?.emailRequired
    ? field('email', 'Email', (a) => html`<input id="email" name="email" type="email" autocomplete="email" maxlength="254" required value="${v.email}"${a}>`, 'The payment page needs it; your confirmation goes there too.')
    : field('email', 'Email (optional)', (a) => html`<input id="email" name="email" type="email" autocomplete="email" maxlength="254" value="${v.email}"${a}>`, 'For a confirmation and a reminder by email.')
}
${field('note', `Note for ${store.name} (optional)`, (a) => html`<textarea id="note" name="note" rows="3" maxlength="${NOTE_MAX}"${a}>${v.note}</textarea>`)}
<div class="hp" aria-hidden="true"><label for="website">Leave this empty</label><input id="website" name="website" type="text" tabindex="-1" autocomplete="off"></div>
<div class="actions"><button class="button" type="submit">${step.deposit ? `Book ${timeText(step.start, store)} and pay the deposit` : `Book ${timeText(step.start, store)}`}</button></div>
</form>
<a class="back" href="${step.back}">← Choose another time</a>`,
    { home: urls.store },
  );
}

/** Not a store, or its page is off: one page for both, naming nothing. */
export function renderNoStorePage(): string {
  return layout(null, 'Page not found', html`<h1>This page does not exist</h1><div class="card"><p>Check the link you were given, or contact the store directly.</p></div>`);
}

/** A failure of the flow that is not the customer's input (too many requests, a form not from this page). */
export function renderFlowProblemPage(store: Store | null, title: string, text: string, back: string | null): string {
  return layout(store, title, html`<h1>${title}</h1><p>${text}</p>${back ? html`<a class="back" href="${back}">← Start again</a>` : ''}`, { home: back });
}


/** The time pressed was taken meanwhile: says so, and offers the nearest free times of the day as links. */
export function takenNoticeLinks(time: string, slots: { time: string; start: string }[], store: Store, hrefOf: (time: string) => string): Notice {
  const wanted = minutesOf(time);
  const nearest = [...slots]
    .sort((a, b) => Math.abs(minutesOf(a.time) - wanted) - Math.abs(minutesOf(b.time) - wanted))
    .slice(0, 3)
    .sort((a, b) => (a.start < b.start ? -1 : 1));
  return {
    tone: 'error',
    title: `Sorry, ${clockText(time, store.locale)} is no longer free.`,
    text: nearest.length ? 'The nearest free times that day:' : 'There are no other free times that day.',
    ...(nearest.length ? { extra: html`<ul class="times">${nearest.map((s) => html`<li><a class="button quiet" href="${hrefOf(s.time)}">${timeText(s.start, store)}</a></li>`)}</ul>` } : {}),
  };
}
