import { eq } from 'drizzle-orm';
import { SegmentedMessage } from 'sms-segments-calculator';
import { describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { createListing } from '../../testing/builders';
import { createTestApp, notificationsTo, signUp, signUpAdmin } from '../../testing/test-app';
import { droppedBelow } from './price-drops';
import { favorites, properties } from '../listings/service';

// A favourite's rent dropped (issue 21): its saver is told once per drop, by e-mail (or SMS
// without one), when the new rent goes live; unsubscribed in one tap.
const testApp = await createTestApp();
const { app, database } = testApp;
const db = database.db;
const admin = await signUpAdmin(testApp);
const owner = await signUp(app, { userType: 'owner' });

type Account = Awaited<ReturnType<typeof signUp>>;
async function saver(contact: 'email' | 'phone'): Promise<Account & { to: string }> {
  const account = await signUp(app);
  const phone = `+23320${String(Date.now()).slice(-7)}`;
  await db
    .update(users)
    .set(
      contact === 'email' ? { emailVerified: true } : { email: null, phone, phoneVerified: true },
    )
    .where(eq(users.id, account.userId));
  return { ...account, to: contact === 'email' ? account.body.email! : phone };
}
const call = (method: 'GET' | 'POST', url: string, who: Account | null) =>
  app.inject({ method, url, headers: who ? { cookie: who.cookie } : {} });

/** The owner's new rent, reviewed and approved: when savers are told. */
async function reprice(id: string, price: number, pricingPeriod: 'month' | 'year' = 'month') {
  await db
    .update(properties)
    .set({ price, pricingPeriod, isVerified: false })
    .where(eq(properties.id, id));
  expect((await call('POST', `/api/admin/properties/${id}/approve`, admin)).statusCode).toBe(200);
}

const dropsTo = (recipient: string, atLeast = 0) =>
  notificationsTo(
    db,
    recipient,
    (message) => /price drop/i.test(`${message.subject ?? ''} ${message.textBody}`),
    atLeast,
  );
/** Waits until the listing-live job has moved the saver's known rent to `price`. */
const known = (userId: string, id: string, price: number) =>
  vi.waitFor(
    async () => {
      const [row] = await db.select().from(favorites).where(eq(favorites.propertyId, id));
      if (row?.userId !== userId || row.seenPrice !== price) throw new Error('not yet');
      return row;
    },
    { timeout: 10_000, interval: 50 },
  );

describe('price drops of favourites', () => {
  it('tells the saver once per drop, by e-mail, with the old and new rent', async () => {
    const me = await saver('email');
    const id = await createListing(db, owner.userId, { title: 'Garden flat in Osu', price: 3000 });
    await app.listingSearch.changed([id]);
    expect((await call('POST', `/api/favorites/${id}`, me)).statusCode).toBe(200);

    await reprice(id, 2500);
    const [drop] = await dropsTo(me.to, 1);
    expect(drop?.subject).toBe('Price drop: “Garden flat in Osu”');
    expect(drop?.textBody).toContain('from GH₵ 3,000 / month to GH₵ 2,500 / month');
    expect(drop?.textBody).toContain(`/property/${id}`);

    // Approved again at the same rent, or a rise: nothing; a drop from the risen rent: told.
    await reprice(id, 2500);
    await reprice(id, 2800);
    await known(me.userId, id, 2800);
    expect(await dropsTo(me.to)).toHaveLength(1);
    await reprice(id, 2600);
    expect(await dropsTo(me.to, 2)).toHaveLength(2);

    // The same rent stated per year is no drop.
    await reprice(id, 2600 * 12, 'year');
    await known(me.userId, id, 2600 * 12);
    expect(await dropsTo(me.to)).toHaveLength(2);

    // Its unsubscribe link works signed out: it opens the page, whose POST stops the price
    // alerts; the favourite stays.
    const stop = /Stop these alerts: (\S+)/.exec((await dropsTo(me.to)).at(-1)!.textBody)![1]!;
    expect(new URL(stop).pathname).toBe('/alerts/unsubscribe');
    const stopped = await app.inject({
      method: 'POST',
      url: '/api/saved-searches/unsubscribe',
      payload: { token: new URL(stop).searchParams.get('token') },
    });
    expect(stopped.json()).toEqual({
      kind: 'price-alerts',
      name: 'Garden flat in Osu',
      stopped: true,
    });
    await reprice(id, 2000 * 12, 'year');
    await known(me.userId, id, 24000);
    expect(await dropsTo(me.to)).toHaveLength(2);
    expect(
      (await call('GET', '/api/favorites', me)).json().map((p: { id: string }) => p.id),
    ).toEqual([id]);
  });

  it('texts a saver without e-mail, in one segment', async () => {
    const me = await saver('phone');
    const id = await createListing(db, owner.userId, {
      title: 'Spacious three bedroom townhouse with a pool, a garden and a view of the lagoon',
      price: 12_000,
    });
    await app.listingSearch.changed([id]);
    await call('POST', `/api/favorites/${id}`, me);
    await reprice(id, 9_500);
    const [text] = await dropsTo(me.to, 1);
    expect(text?.textBody).toMatch(
      /GHS 12,000\/month -> GHS 9,500\/month \S+\/l\/\S+ Stop: \S+\/l\/\S+$/,
    );
    expect(new SegmentedMessage(text!.textBody).segmentsCount).toBe(1);
  });
});

describe('what counts as a drop', () => {
  it('compares monthly rents, across currencies at the rate', () => {
    const month = (price: number, currency: 'GH₵' | '$' = 'GH₵') => ({
      price,
      currency,
      period: 'month' as const,
    });
    expect(droppedBelow(month(3000), month(2999.99), 15)).toBe(true);
    expect(droppedBelow(month(3000), month(3000), 15)).toBe(false);
    expect(droppedBelow(month(3000), { price: 36_000, currency: 'GH₵', period: 'year' }, 15)).toBe(
      false,
    );
    expect(droppedBelow(month(3000), month(190, '$'), 15)).toBe(true);
    expect(droppedBelow(month(3000), month(210, '$'), 15)).toBe(false);
    // Same currency: a new exchange rate changes nothing.
    expect(droppedBelow(month(200, '$'), month(200, '$'), 1)).toBe(false);
  });
});
