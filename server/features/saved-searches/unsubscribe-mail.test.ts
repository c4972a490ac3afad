import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { savedSearches } from './schema';
import { users } from '../../db/schema';
import { createListing } from '../../testing/builders';
import { parseMail, startSmtpServer } from '../../testing/smtp';
import { createTestApp, signUp, signUpAdmin } from '../../testing/test-app';
import { properties } from '../listings/service';

// RFC 8058 (issue 34): alert e-mails leave over SMTP with List-Unsubscribe (the one-click
// address, https) and List-Unsubscribe-Post; mail a person asked for (a code) has neither.
// The headers are made from the queued message, so they travel through the delivery queue.
const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const testApp = await createTestApp({ smtpUrl: smtp.url, publicUrl: 'https://abode.example' });
const { app, database } = testApp;
const db = database.db;
const admin = await signUpAdmin(testApp);
const owner = await signUp(app, { userType: 'owner' });

const mailsTo = (address: string) =>
  smtp.received.filter((m) => m.to.includes(address)).map((m) => parseMail(m.raw));
async function mailTo(address: string, about: RegExp) {
  await expect
    .poll(() => mailsTo(address).some((mail) => about.test(mail.subject)), { timeout: 10_000 })
    .toBe(true);
  return mailsTo(address).findLast((mail) => about.test(mail.subject))!;
}
async function approve(id: string) {
  await db.update(properties).set({ isVerified: false }).where(eq(properties.id, id));
  const response = await app.inject({
    method: 'POST',
    url: `/api/admin/properties/${id}/approve`,
    headers: { cookie: admin.cookie },
  });
  expect(response.statusCode).toBe(200);
}
/** Posts the header's address as a mail provider does: from its server, a form body. */
async function oneClick(header: string) {
  const url = new URL(/^<(https:\/\/[^>]+)>$/.exec(header)![1]!);
  return app.inject({
    method: 'POST',
    url: url.pathname + url.search,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
}

describe('alert e-mails and RFC 8058', () => {
  it('gives a saved search’s alert the one-click headers, which stop it; a code mail has none', async () => {
    const renter = await signUp(app);
    const email = renter.body.email!;
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, renter.userId));
    const saved = await app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: { cookie: renter.cookie },
      payload: {
        name: 'Ho rooms',
        query: { location: 'Ho' },
        channel: 'email',
        frequency: 'instant',
      },
    });
    expect(saved.statusCode).toBe(201);
    const id = await createListing(db, owner.userId, { city: 'Ho', address: '2 Market Road' });
    await approve(id);

    const alert = await mailTo(email, /Ho rooms/);
    const header = alert.headers.get('list-unsubscribe')!;
    expect(header).toMatch(
      /^<https:\/\/abode\.example\/api\/saved-searches\/unsubscribe\/one-click\?token=[\w.-]+>$/,
    );
    expect(alert.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The link in the text opens the page, which asks first.
    expect(alert.text).toContain('https://abode.example/alerts/unsubscribe?token=');

    const code = mailsTo(email).find((mail) => /code/i.test(mail.subject))!;
    expect(code).toBeDefined();
    expect(code.headers.has('list-unsubscribe')).toBe(false);
    expect(code.headers.has('list-unsubscribe-post')).toBe(false);

    expect((await oneClick(header)).statusCode).toBe(200);
    const [row] = await db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.id, saved.json().id));
    expect(row?.frequency).toBe('off');
  });

  it('gives a price drop the one-click headers', async () => {
    const renter = await signUp(app);
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, renter.userId));
    const id = await createListing(db, owner.userId, { title: 'Loft in Cantonments', price: 4000 });
    await app.listingSearch.changed([id]);
    const saved = await app.inject({
      method: 'POST',
      url: `/api/favorites/${id}`,
      headers: { cookie: renter.cookie },
    });
    expect(saved.statusCode).toBe(200);
    await db.update(properties).set({ price: 3500 }).where(eq(properties.id, id));
    await approve(id);

    const drop = await mailTo(renter.body.email!, /Price drop/);
    expect(drop.headers.get('list-unsubscribe')).toMatch(
      /^<https:\/\/abode\.example\/api\/saved-searches\/unsubscribe\/one-click\?token=[\w.-]+>$/,
    );
    expect(drop.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });
});
