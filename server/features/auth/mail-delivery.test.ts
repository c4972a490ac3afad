import { afterAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema';
import { parseMail, startSmtpServer } from '../../testing/smtp';
import { createTestApp, newAccount, sessionCookie } from '../../testing/test-app';

// With SMTP_URL set, account mail leaves over SMTP (here an in-process server), in the
// reader's language, and nothing is kept in the outbox.
const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const { app, database } = await createTestApp({ smtpUrl: smtp.url });

async function mailTo(address: string) {
  await expect.poll(() => smtp.received.some((m) => m.to.includes(address))).toBe(true);
  return parseMail(smtp.received.findLast((m) => m.to.includes(address))!.raw);
}

describe('account mail over SMTP', () => {
  it('sends the sign-up code in the chosen language, as text and HTML, and the code works', async () => {
    const body = newAccount({ firstName: 'Lucía' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body,
      headers: { 'accept-language': 'es' },
      remoteAddress: '10.60.0.1',
    });
    expect(response.statusCode).toBe(201);
    const mail = await mailTo(body.email!);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toBeDefined();
    expect(mail.html).toContain(code);
    expect(mail.text).toContain('Lucía');
    expect(mail.subject).toBe('Tu código de verificación de Abode');

    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-email-code',
      headers: { cookie: sessionCookie(response) },
      payload: { code },
    });
    expect(verified.statusCode).toBe(200);
    expect(await database.db.select().from(outboxMessages)).toEqual([]);
  });

  it('mails the reset link over SMTP', async () => {
    const body = newAccount();
    await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body,
      remoteAddress: '10.60.0.2',
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: body.email },
      remoteAddress: '10.60.0.2',
    });
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(body.email!)).length).toBe(2);
    const reset = await mailTo(body.email!);
    expect(reset.text).toMatch(/\/reset-password\?token=[\w-]{43}/);
    expect(reset.html).toMatch(/href="http:\/\/[^"]+\/reset-password\?token=[\w-]{43}"/);
  });
});
