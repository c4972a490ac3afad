import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * An SMTP server inside the test process: the notifier's nodemailer transport talks real SMTP
 * to it, and the test reads what arrived.
 */
export type ReceivedMail = { from: string; to: string[]; raw: string };

export async function startSmtpServer(options: { tolerateResets?: boolean } = {}): Promise<{
  url: string;
  received: ReceivedMail[];
  close: () => Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  // A sender killed in the middle of a message resets its connection (the resilience
  // scenarios): that mail is lost, as it would be for a real relay, and the server goes on.
  if (options.tolerateResets) server.on('error', () => {});
  const port = await new Promise<number>((resolve) => {
    const listening = server.listen(0, '127.0.0.1', () =>
      resolve((listening.address() as AddressInfo).port),
    );
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Bytes of a quoted-printable or base64 body, read as UTF-8. */
function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString();
  if (encoding !== 'quoted-printable') return body;
  const soft = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(soft.charCodeAt(i));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) of a header, decoded. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString()
        : decodeBody(text.replaceAll('_', ' '), 'quoted-printable'),
    );
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, end).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(end + 4) };
}

/** Just enough MIME to read what the notifier sends: headers and the text and HTML parts. */
export function parseMail(raw: string): {
  headers: Map<string, string>;
  subject: string;
  from: string;
  text: string;
  html: string;
} {
  const { headers, body } = splitHeaders(raw);
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const pieces = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const piece of pieces) {
    const part = splitHeaders(piece.replace(/^\r\n/, ''));
    const type = (part.headers.get('content-type') ?? 'text/plain').split(';')[0]!.trim();
    const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
    parts[type] = decodeBody(part.body.replace(/\r\n$/, ''), encoding);
  }
  return {
    headers,
    subject: decodeHeader(headers.get('subject') ?? ''),
    from: decodeHeader(headers.get('from') ?? ''),
    text: (parts['text/plain'] ?? '').replaceAll('\r\n', '\n'),
    html: (parts['text/html'] ?? '').replaceAll('\r\n', '\n'),
  };
}
