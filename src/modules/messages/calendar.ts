// A booking as an iCalendar event (RFC 5545, made by ical-generator): one UID per booking, a
// SEQUENCE that grows with each change (so a calendar replaces the event it has), METHOD:REQUEST
// while the booking stands and METHOD:CANCEL once it is cancelled. Google Calendar, Apple Calendar
// and Outlook import it from the mail's attachment. Every text value is escaped and folded as RFC 5545
// says: ical-generator does so for the event's fields; the calendar's NAME and PRODID it writes as
// given, so they are escaped here with its own escape().
import ical, { escape, ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { BookingSnapshot } from './kinds.ts';

export interface CalendarStore {
  name: string;
  address: string | null;
  /** Where replies go: the store's contact email, else the service's sender address. */
  organizerEmail: string;
}

/** Text on one line: control characters (a line break in a name saved before names were checked) as spaces. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const oneLine = (text: string) => text.replace(/[\x00-\x1F\x7F]+/g, ' ').trim();

/** A parameter's value (a CN): quoted, so it may hold neither control characters nor double quotes. */
const parameterText = (text: string) => oneLine(text).replace(/"/g, "'");

/** The event's UID: the booking's id at the service's host (stable across changes). */
export function calendarUid(bookingId: string, publicBaseUrl: string): string {
  return `${bookingId}@${new URL(publicBaseUrl).hostname}`;
}

export function bookingCalendar(booking: BookingSnapshot, store: CalendarStore, method: 'request' | 'cancel', publicBaseUrl: string): string {
  const calendar = ical({
    name: escape(oneLine(store.name), false),
    method: method === 'cancel' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    // The store's name (customers see the store, not the software); slashes would break the PRODID's fields.
    prodId: { company: escape(oneLine(store.name).replace(/\//g, ' '), false) || 'Store', product: 'Bookings', language: 'EN' },
  });
  calendar.createEvent({
    id: calendarUid(booking.bookingId, publicBaseUrl),
    sequence: booking.calendarSequence,
    start: new Date(booking.startAt),
    end: new Date(booking.endAt),
    stamp: new Date(),
    summary: `${booking.serviceName} at ${store.name}`,
    location: store.address ?? undefined,
    description: [`Reference: ${booking.reference}`, ...(method === 'cancel' ? ['Cancelled.'] : [`Change or cancel: ${booking.manageUrl}`])].join('\n'),
    url: method === 'cancel' ? undefined : booking.manageUrl,
    status: method === 'cancel' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: parameterText(store.name), email: store.organizerEmail },
    attendees: booking.customer.email
      ? [{ name: parameterText(booking.customer.name), email: booking.customer.email, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED, rsvp: false }]
      : [],
  });
  return calendar.toString();
}
