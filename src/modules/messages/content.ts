// One template per message kind: what each message says, as a small content model (heading,
// paragraphs, details, lines, buttons). The channels render that model: email as HTML and text
// (email.ts); a future SMS or WhatsApp sender would use `short`. Dates and amounts are written in
// the store's time zone, locale and currency; everything a customer sees names the store, not us.
import { toMajor } from '../../shared/money.ts';
import { e164, whatsappLink, type StoreContact } from '../stores/profile.ts';
import type { BookingMessagePayload, MessageKind, OrderMessagePayload, OrderSnapshot } from './kinds.ts';
import { dateTimeFormat, numberFormat } from '../../shared/formatters.ts';

/** What the templates know of the store. */
export interface StoreVoice {
  name: string;
  timezone: string;
  locale: string;
  currency: string;
  country: string;
  contact: StoreContact;
  cancellationCutoffMinutes: number;
  /** Where staff alerts link to (the console), e.g. https://api.example.com/console/s/<storeId>. */
  consoleUrl: string;
}

export interface ContentDetail {
  label: string;
  value: string;
  /** A struck-through value before it (a moved booking's old time). */
  was?: string;
}

export interface ContentLine {
  name: string;
  qty: number;
  amount: string;
}

export interface ContentAction {
  label: string;
  url: string;
}

export interface MessageContent {
  /** Who the message is to: a customer of the store, or its staff. */
  audience: 'customer' | 'staff';
  subject: string;
  /** The line an inbox shows after the subject. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  details: ContentDetail[];
  lines: ContentLine[];
  totals: { label: string; value: string; strong?: boolean }[];
  actions: ContentAction[];
  /** After the buttons: how to reach the store, what to do if… */
  closing: string[];
  /** A one-line version (SMS, WhatsApp, notifications). */
  short: string;
  /** Booking mails carry the booking as a calendar event. */
  calendar: 'request' | 'cancel' | null;
}

export interface StoreFooter {
  name: string;
  address: string | null;
  phone: { text: string; href: string } | null;
  whatsapp: { text: string; href: string } | null;
  email: { text: string; href: string } | null;
  map: { text: string; href: string } | null;
}

/** How dates are written for a store: its zone and locale. */
export type StoreClock = Pick<StoreVoice, 'timezone' | 'locale'>;

export function footerOf(store: Pick<StoreVoice, 'name' | 'contact' | 'country'>): StoreFooter {
  const c = store.contact;
  const tel = e164(c.phone, store.country);
  const wa = whatsappLink(c.whatsapp, store.country);
  return {
    name: store.name,
    address: c.address,
    phone: c.phone && tel ? { text: c.phone, href: `tel:${tel}` } : null,
    whatsapp: c.whatsapp && wa ? { text: `WhatsApp ${c.whatsapp}`, href: wa } : null,
    email: c.email ? { text: c.email, href: `mailto:${c.email}` } : null,
    map: c.mapUrl ? { text: 'Find us on the map', href: c.mapUrl } : null,
  };
}

/** "Tuesday 1 December 2026 at 10:00" in the store's zone and locale. */
export function whenText(iso: string, store: StoreClock): string {
  return dateTimeFormat(store.locale, { dateStyle: 'full', timeStyle: 'short', timeZone: store.timezone }).format(new Date(iso));
}

export function timeText(iso: string, store: StoreClock): string {
  return dateTimeFormat(store.locale, { timeStyle: 'short', timeZone: store.timezone }).format(new Date(iso));
}

export function moneyText(minor: number, currency: string, locale: string): string {
  return numberFormat(locale, { style: 'currency', currency }).format(toMajor(minor, currency));
}

function durationText(startAt: string, endAt: string): string {
  const minutes = Math.round((Date.parse(endAt) - Date.parse(startAt)) / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ') || '0 min';
}

function offsetText(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? 'tomorrow' : `in ${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? 'in an hour' : `in ${minutes / 60} hours`;
  return `in ${minutes} minutes`;
}

function cutoffText(minutes: number): string {
  if (minutes === 0) return 'until it starts';
  if (minutes % 1440 === 0) return `up to ${minutes / 1440 === 1 ? '1 day' : `${minutes / 1440} days`} before`;
  if (minutes % 60 === 0) return `up to ${minutes / 60 === 1 ? '1 hour' : `${minutes / 60} hours`} before`;
  return `up to ${minutes} minutes before`;
}

/** How to reach the store, in words, for the closing lines. */
function reachText(store: StoreVoice): string | null {
  const ways = [store.contact.phone ? `call ${store.contact.phone}` : null, store.contact.whatsapp ? `message ${store.contact.whatsapp} on WhatsApp` : null, store.contact.email ? `write to ${store.contact.email}` : null].filter(
    (w): w is string => w !== null,
  );
  if (!ways.length) return null;
  const list = ways.length === 1 ? ways[0] : `${ways.slice(0, -1).join(', ')} or ${ways.at(-1)}`;
  return `Questions? ${list.charAt(0).toUpperCase()}${list.slice(1)}.`;
}

function empty(audience: MessageContent['audience']): Omit<MessageContent, 'subject' | 'preheader' | 'heading' | 'short'> {
  return { audience, paragraphs: [], details: [], lines: [], totals: [], actions: [], closing: [], calendar: null };
}

function bookingDetails(p: BookingMessagePayload, store: StoreVoice, options: { withReference?: boolean; was?: boolean } = {}) {
  const b = p.booking;
  const details: ContentDetail[] = [
    { label: 'Service', value: b.quantity > 1 ? `${b.serviceName} × ${b.quantity}` : b.serviceName },
    { label: 'When', value: whenText(b.startAt, store), ...(options.was && p.previous ? { was: whenText(p.previous.startAt, store) } : {}) },
    { label: 'Length', value: durationText(b.startAt, b.endAt) },
  ];
  if (b.staffName) details.push({ label: 'With', value: b.staffName });
  if (store.contact.address) details.push({ label: 'Where', value: store.contact.address });
  if (options.withReference !== false) details.push({ label: 'Reference', value: b.reference });
  return details;
}

function customerBooking(kind: MessageKind, p: BookingMessagePayload, store: StoreVoice): MessageContent {
  const b = p.booking;
  const when = whenText(b.startAt, store);
  const manage = { label: 'Change or cancel', url: b.manageUrl };
  const reach = reachText(store);
  const changeRule = `You can move or cancel it online ${cutoffText(store.cancellationCutoffMinutes)} the start.`;
  const base = { ...empty('customer'), closing: reach ? [reach] : [] };
  const greeting = `Hello ${b.customer.name},`;
  switch (kind) {
    case 'booking.received':
      if (p.deposit) {
        const due = moneyText(p.deposit.amountMinor, p.deposit.currency, store.locale);
        const by = timeText(p.deposit.expiresAt, store);
        return {
          ...base,
          subject: `Pay your deposit to keep ${when}`,
          preheader: `${b.serviceName} at ${store.name}: a deposit of ${due} holds your time until ${by}.`,
          heading: 'Pay your deposit to keep this time',
          paragraphs: [greeting, `Thank you for booking with ${store.name}. Your time is held until ${by}: pay the deposit of ${due} by then to keep it. Unpaid, the booking is cancelled and the time given to someone else.`],
          details: [...bookingDetails(p, store), { label: 'Deposit', value: due }],
          actions: [{ label: 'Pay the deposit', url: p.deposit.payUrl }, manage],
          closing: [changeRule, ...base.closing],
          short: `${store.name}: pay the deposit of ${due} by ${by} to keep your booking ${b.reference}: ${p.deposit.payUrl}`,
          calendar: 'request',
        };
      }
      return {
        ...base,
        subject: `We received your booking for ${when}`,
        preheader: `${b.serviceName} at ${store.name}, waiting for the store to confirm.`,
        heading: 'Booking received',
        paragraphs: [greeting, `Thank you for booking with ${store.name}. We will confirm your appointment shortly; you get another email when we do.`],
        details: bookingDetails(p, store),
        actions: [manage],
        closing: [changeRule, ...base.closing],
        short: `${store.name}: we received your booking ${b.reference} for ${when}. Change or cancel: ${b.manageUrl}`,
        calendar: 'request',
      };
    case 'booking.confirmed':
      return {
        ...base,
        subject: `Confirmed: ${b.serviceName} on ${when}`,
        preheader: `See you at ${store.name}. The calendar invitation is attached.`,
        heading: 'Your booking is confirmed',
        paragraphs: [greeting, `${store.name} confirmed your appointment. Add it to your calendar with the attached invitation.`],
        details: bookingDetails(p, store),
        actions: [manage],
        closing: [changeRule, ...base.closing],
        short: `${store.name}: your booking ${b.reference} on ${when} is confirmed. Change or cancel: ${b.manageUrl}`,
        calendar: 'request',
      };
    case 'booking.rescheduled':
      return {
        ...base,
        subject: `Moved to ${when}`,
        preheader: `Your ${b.serviceName} at ${store.name} has a new time.`,
        heading: 'Your booking has a new time',
        paragraphs: [greeting, p.by === 'customer' ? `You moved your appointment at ${store.name}.` : `${store.name} moved your appointment.`, 'The calendar invitation attached replaces the old one.'],
        details: bookingDetails(p, store, { was: true }),
        actions: [manage],
        closing: [changeRule, ...base.closing],
        short: `${store.name}: booking ${b.reference} moved to ${when}. ${b.manageUrl}`,
        calendar: 'request',
      };
    case 'booking.cancelled':
      return {
        ...base,
        subject: `Cancelled: ${b.serviceName} on ${when}`,
        preheader: p.by === 'customer' ? 'As you asked, your booking is cancelled.' : `${store.name} cancelled your booking.`,
        heading: 'Your booking is cancelled',
        paragraphs: [
          greeting,
          p.by === 'customer' ? `As you asked, your appointment at ${store.name} is cancelled.` : `${store.name} cancelled your appointment.`,
          ...(p.reason === 'deposit_unpaid' ? ['The deposit was not paid in time, so the time was given back. You are welcome to book again.'] : p.reason ? [`Reason: ${p.reason}`] : []),
          'We hope to see you another time.',
        ],
        details: bookingDetails(p, store),
        closing: base.closing,
        short: `${store.name}: booking ${b.reference} on ${when} is cancelled.`,
        calendar: 'cancel',
      };
    default:
      return {
        ...base,
        subject: `Reminder: ${b.serviceName} ${offsetText(p.offsetMinutes ?? 1440)}, ${timeText(b.startAt, store)}`,
        preheader: `${store.name} is expecting you on ${when}.`,
        heading: 'See you soon',
        paragraphs: [greeting, `A reminder of your appointment at ${store.name}.`],
        details: bookingDetails(p, store),
        actions: [manage],
        closing: [`Can't make it? Please let us know. You can move or cancel online ${cutoffText(store.cancellationCutoffMinutes)} the start.`, ...base.closing],
        short: `${store.name}: reminder, ${b.serviceName} on ${when}. Change or cancel: ${b.manageUrl}`,
        calendar: 'request',
      };
  }
}

const METHOD_WORDS: Record<string, string> = {
  cash: 'cash',
  momo: 'mobile money',
  manual: 'bank transfer or another agreed way',
  card: 'card',
  sandbox: 'online',
  paystack: 'online (Paystack)',
};

function receipt(o: OrderSnapshot, store: StoreVoice) {
  const money = (minor: number) => moneyText(minor, o.currency, store.locale);
  return {
    lines: o.items.map((line) => ({ name: line.name, qty: line.qty, amount: money(line.lineTotalMinor) })),
    totals: [
      { label: 'Subtotal', value: money(o.subtotalMinor) },
      ...(o.feesMinor ? [{ label: 'Fees', value: money(o.feesMinor) }] : []),
      { label: 'Total', value: money(o.totalMinor), strong: true },
    ],
  };
}

function customerOrder(kind: MessageKind, p: OrderMessagePayload, store: StoreVoice): MessageContent {
  const o = p.order;
  const money = (minor: number) => moneyText(minor, o.currency, store.locale);
  const reach = reachText(store);
  const greeting = o.customer.name ? `Hello ${o.customer.name},` : 'Hello,';
  const method = o.paymentMethod ? (METHOD_WORDS[o.paymentMethod] ?? o.paymentMethod) : null;
  const base = { ...empty('customer'), ...receipt(o, store), closing: reach ? [reach] : [] };
  if (kind === 'order.received') {
    const how: string[] = [];
    if (o.paymentMethod === 'momo') {
      how.push(
        store.contact.whatsapp || store.contact.phone
          ? `Pay ${money(o.totalMinor)} by mobile money to ${store.contact.whatsapp ?? store.contact.phone} (${store.name}), with ${o.reference} as the reference.`
          : `Pay ${money(o.totalMinor)} by mobile money, with ${o.reference} as the reference; ${store.name} will tell you the number.`,
      );
    } else if (o.paymentMethod === 'cash') {
      how.push(`Pay ${money(o.totalMinor)} in cash when you collect or receive your order. Mention ${o.reference}.`);
    } else {
      how.push(`Pay ${money(o.totalMinor)} as agreed with ${store.name}, with ${o.reference} as the reference.`);
    }
    how.push('We send you a receipt as soon as the payment is recorded.');
    return {
      ...base,
      subject: `Your order ${o.reference}: how to pay`,
      preheader: `${money(o.totalMinor)} to pay to ${store.name}.`,
      heading: 'Thank you for your order',
      paragraphs: [greeting, `${store.name} has your order. ${how[0]}`, how[1]],
      details: [
        { label: 'Order', value: o.reference },
        { label: 'To pay', value: money(o.totalMinor) },
        ...(method ? [{ label: 'Payment', value: method }] : []),
      ],
      short: `${store.name}: order ${o.reference}, ${money(o.totalMinor)} to pay. ${how[0]}`,
    };
  }
  if (kind === 'order.paid') {
    return {
      ...base,
      subject: `Receipt for your order ${o.reference}`,
      preheader: `${money(o.totalMinor)} paid to ${store.name}. Thank you.`,
      heading: 'Payment received',
      paragraphs: [greeting, `Thank you: ${store.name} received your payment. This is your receipt.`],
      details: [
        { label: 'Order', value: o.reference },
        ...(o.paidAt ? [{ label: 'Paid', value: whenText(o.paidAt, store) }] : []),
        ...(method ? [{ label: 'Payment', value: method }] : []),
        ...(o.paymentReference && o.paymentReference !== o.reference ? [{ label: 'Payment reference', value: o.paymentReference }] : []),
      ],
      short: `${store.name}: payment of ${money(o.totalMinor)} for order ${o.reference} received. Thank you.`,
    };
  }
  const refunded = p.order.refundedMinor ?? o.totalMinor;
  const partial = refunded < o.totalMinor;
  return {
    ...base,
    subject: `${partial ? 'Partial refund' : 'Refund'} for your order ${o.reference}`,
    preheader: `${money(refunded)} refunded by ${store.name}.`,
    heading: partial ? 'Part of your payment is refunded' : 'Your payment is refunded',
    paragraphs: [greeting, `${store.name} refunded ${money(refunded)} of your order ${o.reference}.`, 'Depending on how you paid, it can take a few days to reach you.'],
    details: [
      { label: 'Order', value: o.reference },
      { label: 'Refunded', value: money(refunded) },
      ...(method ? [{ label: 'Paid by', value: method }] : []),
    ],
    short: `${store.name}: ${money(refunded)} refunded for order ${o.reference}.`,
  };
}

function staffAlert(kind: MessageKind, p: BookingMessagePayload | OrderMessagePayload, store: StoreVoice): MessageContent {
  const base = empty('staff');
  if ('booking' in p) {
    const b = p.booking;
    const when = whenText(b.startAt, store);
    const open = { label: 'Open the booking', url: `${store.consoleUrl}/bookings/${b.bookingId}` };
    const who = [b.customer.name, b.customer.phone, b.customer.email].filter(Boolean).join(' · ');
    const details = [...bookingDetails(p, store, { was: true }), { label: 'Customer', value: who }, ...(b.notes ? [{ label: 'Note', value: b.notes }] : [])];
    if (kind === 'alert.booking.new') {
      return {
        ...base,
        subject: `New booking: ${b.serviceName}, ${when}`,
        preheader: `${b.customer.name} booked ${b.serviceName}.`,
        heading: 'New booking',
        paragraphs: [`${b.customer.name} booked ${b.serviceName} for ${when}.${b.status === 'pending' ? ' It waits for your confirmation.' : ''}`],
        details,
        actions: [open],
        short: `${store.name}: new booking ${b.reference}, ${b.serviceName}, ${when}, ${b.customer.name}.`,
      };
    }
    const cancelled = b.status === 'cancelled';
    return {
      ...base,
      subject: cancelled ? `Cancelled by the customer: ${b.serviceName}, ${when}` : `Moved by the customer: ${b.serviceName}, now ${when}`,
      preheader: cancelled ? `${b.customer.name} cancelled; the time is free again.` : `${b.customer.name} chose another time.`,
      heading: cancelled ? 'A customer cancelled' : 'A customer moved their booking',
      paragraphs: [cancelled ? `${b.customer.name} cancelled their booking through its manage link. The time is free again.` : `${b.customer.name} moved their booking through its manage link.`],
      details,
      actions: [open],
      short: `${store.name}: ${b.customer.name} ${cancelled ? 'cancelled' : 'moved'} booking ${b.reference} (${when}).`,
    };
  }
  const o = p.order;
  const money = (minor: number) => moneyText(minor, o.currency, store.locale);
  const open = { label: 'Open the order', url: `${store.consoleUrl}/orders/${o.orderId}` };
  const who = [o.customer.name, o.customer.phone, o.customer.email].filter(Boolean).join(' · ') || 'no contact given';
  const details = [
    { label: 'Order', value: o.reference },
    { label: 'Total', value: money(o.totalMinor) },
    { label: 'Customer', value: who },
    ...(o.paymentMethod ? [{ label: 'Payment', value: METHOD_WORDS[o.paymentMethod] ?? o.paymentMethod }] : []),
  ];
  if (kind === 'alert.order.new') {
    return {
      ...base,
      ...receipt(o, store),
      subject: `New order ${o.reference}: ${money(o.totalMinor)}`,
      preheader: `${o.items.length} item${o.items.length === 1 ? '' : 's'} for ${money(o.totalMinor)}.`,
      heading: 'New order',
      paragraphs: [`A new order for ${money(o.totalMinor)}.${o.status.startsWith('pending_') && o.status !== 'pending_payment' ? ' It is to be paid by ' + (METHOD_WORDS[o.paymentMethod ?? ''] ?? 'another way') + '.' : ''}`],
      details,
      actions: [open],
      short: `${store.name}: new order ${o.reference}, ${money(o.totalMinor)}.`,
    };
  }
  return {
    ...base,
    ...receipt(o, store),
    subject: `Paid: order ${o.reference}, ${money(o.totalMinor)}`,
    preheader: `${money(o.totalMinor)} received.`,
    heading: 'Order paid',
    paragraphs: [`Order ${o.reference} is paid: ${money(o.totalMinor)}.`],
    details,
    actions: [open],
    short: `${store.name}: order ${o.reference} paid, ${money(o.totalMinor)}.`,
  };
}

/** The content of a message of `kind` about `payload`, in `store`'s voice. */
export function contentOf(kind: MessageKind, payload: BookingMessagePayload | OrderMessagePayload, store: StoreVoice): MessageContent {
  if (kind.startsWith('alert.')) return staffAlert(kind, payload, store);
  if (kind.startsWith('booking.')) return customerBooking(kind, payload as BookingMessagePayload, store);
  return customerOrder(kind, payload as OrderMessagePayload, store);
}
