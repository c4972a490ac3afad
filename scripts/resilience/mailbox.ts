/**
 * The scenarios' inbox: an SMTP server in the scenario's process that the server sends its
 * e-mail to (SMTP_URL in `env`), so that a virtual user reads the code its sign-up e-mailed
 * and verifies its address, as a person would. Photo uploads need a verified e-mail or
 * phone (issue 50, 403 `uploads_need_verified_contact`).
 */
import { parseMail, startSmtpServer } from '../../server/testing/smtp';
import { onCleanup } from './harness';

export type Mailbox = {
  /** The server's environment for it: SMTP_URL. */
  env: Record<string, string>;
  /** The newest 6-digit code e-mailed to `email`, if one has arrived. */
  codeFor(email: string): string | undefined;
};

export async function startMailbox(): Promise<Mailbox> {
  const smtp = await startSmtpServer({ tolerateResets: true });
  onCleanup('mailbox', smtp.close);
  return {
    env: { SMTP_URL: smtp.url },
    codeFor(email) {
      for (let i = smtp.received.length - 1; i >= 0; i -= 1) {
        const mail = smtp.received[i]!;
        if (!mail.to.includes(email)) continue;
        const code = /\b(\d{6})\b/.exec(parseMail(mail.raw).text)?.[1];
        if (code) return code;
      }
      return undefined;
    },
  };
}
