import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/*
 * A real SMTP server for the delivery tests (the smtp-server package) on 127.0.0.1, a free port:
 * it takes the user and password of SMTP_URL, keeps every message it accepts, and refuses on demand
 * (a 550 or 451 to RCPT TO, as a server that does not want the message answers).
 */

export const SINK_USER = 'hive-mailer';
export const SINK_PASSWORD = 'sink-pa55word-never-shown';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The text part, decoded (quoted-printable undone). */
  text: string;
  raw: string;
}

export interface Refusal {
  code: 550 | 451;
  /** The server's text; `{password}` puts the session's password in it (a server that echoes it). */
  message: string;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** Tries the sink answered (accepted or refused), each RCPT TO once. */
  tries: number;
  /** While set, every recipient is refused with this. */
  refuse: Refusal | null;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`): how a subject with accents travels. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** Enough of RFC 5322 for the single-part text messages the server sends. */
export function parseMail(raw: string): Omit<ReceivedMail, 'raw'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return {
    from: header('From'),
    to: header('To')
      .split(',')
      .map((s) => s.trim()),
    subject: decodeEncodedWords(header('Subject')),
    text: text.replace(/\r\n/g, '\n').trimEnd(),
  };
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const sink: SmtpSink = {
    url: '',
    received: [],
    tries: 0,
    refuse: null,
    close: async () => undefined,
  };
  const server = new SMTPServer({
    // No TLS on a loopback test server: plain SMTP with AUTH PLAIN/LOGIN allowed over it.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    hideSTARTTLS: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SINK_USER && auth.password === SINK_PASSWORD) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(_address, _session, callback) {
      sink.tries += 1;
      const refusal = sink.refuse;
      if (!refusal) return callback();
      const text = refusal.message.replace('{password}', SINK_PASSWORD);
      callback(Object.assign(new Error(text), { responseCode: refusal.code }));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        sink.received.push({ ...parseMail(raw), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  sink.url = `smtp://${SINK_USER}:${encodeURIComponent(SINK_PASSWORD)}@127.0.0.1:${port}`;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}
