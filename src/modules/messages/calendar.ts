// A booking as an iCalendar event (RFC 5545, made by ical-generator): one UID per booking, a
// SEQUENCE that grows with each change (so a calendar replaces the event it has), METHOD:REQUEST
// while the booking stands and METHOD:CANCEL once it is cancelled. Google Calendar, Apple Calendar
// and Outlook import it from the mail's attachment.
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { BookingSnapshot } from './kinds.ts';

export interface CalendarStore {
  name: string;
  address: string | null;
  /** Where replies go: the store's contact email, else the service's sender address. */
  organizerEmail: string;
}

/** The event's UID: the booking's id at the service's host (stable across changes). */
export function calendarUid(bookingId: string, publicBaseUrl: string): string {
  return `${bookingId}@${new URL(publicBaseUrl).hostname}`;
}

export function bookingCalendar(booking: BookingSnapshot, store: CalendarStore, method: 'request' | 'cancel', publicBaseUrl: string): string {
  const calendar = ical({
    name: store.name,
    method: method === 'cancel' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    // The store's name (customers see the store, not the software); slashes would break the PRODID's fields.
    prodId: { company: store.name.replace(/\//g, ' ') || 'Store', product: 'Bookings', language: 'EN' },
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
    organizer: { name: store.name, email: store.organizerEmail },
    attendees: booking.customer.email
      ? [{ name: booking.customer.name, email: booking.customer.email, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED, rsvp: false }]
      : [],
  });
  return calendar.toString();
}
