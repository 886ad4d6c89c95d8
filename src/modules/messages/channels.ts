// Where a rendered message goes. Email is the one channel today; an SMS or WhatsApp sender would
// be another Channel (taking the content's `short` line), chosen by the worker for the recipient,
// without any change to the modules that queue messages.
import { createRequire } from 'node:module';
import type Nodemailer from 'nodemailer';
import type * as NodemailerShared from 'nodemailer/lib/shared/index.js';

export interface OutgoingEmail {
  to: string;
  /** The display name of the sender (the store's name); the address is MAIL_FROM's. */
  fromName: string | null;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  /** An iCalendar invitation (METHOD:REQUEST or CANCEL), sent as the calendar part mail apps show. */
  calendar: { method: 'REQUEST' | 'CANCEL'; content: string; filename: string } | null;
}

/** Why a send failed, for the retry policy. */
export type SendFailure = 'channel-down' | 'temporary' | 'permanent';

export class ChannelError extends Error {
  constructor(
    message: string,
    readonly failure: SendFailure,
  ) {
    super(message);
  }
}

export interface Channel {
  readonly name: string;
  send(message: OutgoingEmail): Promise<void>;
  close(): void;
}

/** SMTP timeouts well inside the worker's lease, so a hung server cannot make another instance send twice. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/** Header text from data: control characters (CR, LF…) become spaces, so nothing can add a header. */
export function headerSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

/** The address of MAIL_FROM ("Name <addr>" or "addr"). */
export function addressOf(mailFrom: string): string {
  const match = /<([^>]+)>\s*$/.exec(mailFrom);
  return (match ? match[1] : mailFrom).trim();
}

function classify(error: unknown): SendFailure {
  const e = error as { code?: string; responseCode?: number };
  if (typeof e.responseCode === 'number') {
    if (e.responseCode >= 500 && e.responseCode < 600 && e.code !== 'EAUTH') return 'permanent';
    if (e.responseCode >= 400 && e.responseCode < 500 && e.code !== 'EAUTH') return 'temporary';
  }
  return 'channel-down';
}

/** nodemailer is loaded only when SMTP_URL is set (a server without it never needs its ~35 files). */
export function emailChannel(smtpUrl: string, mailFrom: string): Channel {
  const require = createRequire(import.meta.url);
  const nodemailer: typeof Nodemailer = require('nodemailer');
  const { parseConnectionUrl }: typeof NodemailerShared = require('nodemailer/lib/shared/index.js');
  const transport = nodemailer.createTransport({ ...SMTP_TIMEOUTS, ...parseConnectionUrl(smtpUrl) });
  const fromAddress = addressOf(mailFrom);
  return {
    name: 'email',
    async send(message) {
      try {
        await transport.sendMail({
          from: message.fromName ? { name: headerSafe(message.fromName), address: fromAddress } : mailFrom,
          to: message.to,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          subject: headerSafe(message.subject),
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.calendar ? { icalEvent: { method: message.calendar.method, filename: message.calendar.filename, content: message.calendar.content } } : {}),
        });
      } catch (error) {
        throw new ChannelError((error as Error).message ?? String(error), classify(error));
      }
    },
    close() {
      transport.close();
    },
  };
}
