// A real SMTP peer on loopback (smtp-server) that keeps every message it receives, decoded enough
// for tests to read: headers and the quoted-printable text body.
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone. */
  text: string;
}

export interface SmtpPeer {
  port: number;
  url: string;
  messages: ReceivedMail[];
  stop(): Promise<void>;
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Starts the peer on `port` (any free one when not given; a test that stops the peer to play an
 * outage starts it again on the same port) collecting into `messages` (a new list when not given).
 */
export async function startSmtpPeer(options: { port?: number; messages?: ReceivedMail[] } = {}): Promise<SmtpPeer> {
  const messages = options.messages ?? [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { port, url: `smtp://127.0.0.1:${port}`, messages, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}
