// Where a rendered message goes. Email is the one channel today; an SMS or WhatsApp sender would
// be another Channel (taking the content's `short` line), chosen by the worker for the recipient,
// without any change to the modules that queue messages. Each channel says how many sends it can
// have in flight (within its provider's limits); the outbox worker keeps that many going.
import { createRequire } from 'node:module';
import { connect, type Socket } from 'node:net';
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
  /** Sends it can have in flight at once (the outbox's senders; SMTP: its pooled connections). */
  readonly concurrency: number;
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

/**
 * The pool's TCP connections, with Nagle's algorithm off. nodemailer writes a mail in several small
 * writes; with Nagle on, the last one waits for the server's delayed ACK (40 ms on Linux), which held
 * each connection to about 23 mails a second. TLS (smtps, STARTTLS) is set up by nodemailer on top.
 */
function openSocket(options: { host?: string; port?: number; secure?: boolean }, callback: (error: Error | null, socketOptions?: { connection: Socket }) => void) {
  // nodemailer's own defaults: localhost, 465 for smtps, else 587.
  const port = Number(options.port) || (options.secure ? 465 : 587);
  const socket = connect({ host: options.host || 'localhost', port, noDelay: true });
  const timer = setTimeout(() => socket.destroy(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })), SMTP_TIMEOUTS.connectionTimeout);
  socket.once('connect', () => {
    clearTimeout(timer);
    socket.removeListener('error', failed);
    callback(null, { connection: socket });
  });
  const failed = (error: Error) => {
    clearTimeout(timer);
    callback(error);
  };
  socket.once('error', failed);
}

/**
 * Mail over SMTP through a pool of up to `maxConnections` kept-open connections (a new connection per
 * mail cost ~150 ms), each used for up to 100 mails before it is renewed. nodemailer is loaded only
 * when SMTP_URL is set (a server without it never needs its ~35 files).
 */
export function emailChannel(smtpUrl: string, mailFrom: string, maxConnections = 5): Channel {
  const require = createRequire(import.meta.url);
  const nodemailer: typeof Nodemailer = require('nodemailer');
  const { parseConnectionUrl }: typeof NodemailerShared = require('nodemailer/lib/shared/index.js');
  const transport = nodemailer.createTransport({ ...SMTP_TIMEOUTS, ...parseConnectionUrl(smtpUrl), pool: true, maxConnections, maxMessages: 100, getSocket: openSocket });
  const fromAddress = addressOf(mailFrom);
  return {
    name: 'email',
    concurrency: maxConnections,
    async send(message) {
      try {
        await transport.sendMail({
          from: message.fromName ? { name: headerSafe(message.fromName), address: fromAddress } : mailFrom,
          to: message.to,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          subject: headerSafe(message.subject),
          // Quoted-printable at once: nodemailer otherwise scans each text for the better of QP and base64.
          textEncoding: 'quoted-printable',
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
