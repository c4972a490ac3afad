/**
 * The scenarios' inbox: an SMTP server in the scenario's process that the server sends its
 * e-mail to (SMTP_URL in `env`), so that a virtual user reads the code its sign-up e-mailed
 * and verifies its address, as a person would. Photo uploads need a verified e-mail or
 * phone (issue 50, 403 `uploads_need_verified_contact`).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail } from '../../server/testing/smtp';
import { onCleanup } from './harness';

export type Mailbox = {
  /** The server's environment for it: SMTP_URL. */
  env: Record<string, string>;
  /** The newest 6-digit code e-mailed to `email`, if one has arrived. */
  codeFor(email: string): string | undefined;
};

export async function startMailbox(): Promise<Mailbox> {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  // A server killed in the middle of a message resets its connection: that mail is lost, as
  // it would be for a real relay, and the scenario goes on.
  server.on('error', () => {});
  const port = await new Promise<number>((resolve) => {
    const listening = server.listen(0, '127.0.0.1', () =>
      resolve((listening.address() as AddressInfo).port),
    );
  });
  onCleanup('mailbox', () => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    codeFor(email) {
      for (let i = received.length - 1; i >= 0; i -= 1) {
        const mail = received[i]!;
        if (!mail.to.includes(email)) continue;
        const code = /\b(\d{6})\b/.exec(parseMail(mail.raw).text)?.[1];
        if (code) return code;
      }
      return undefined;
    },
  };
}
