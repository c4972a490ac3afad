import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from '#common/saved-searches';
import { savedSearchAlerts, savedSearches } from './schema';
import { createSignedTokens } from '../../lib/signed-tokens';
import { createListing } from '../../testing/builders';
import { createTestApp, manualClock, signUp } from '../../testing/test-app';
import { matchListings } from './alerts';
import { rateLimits } from './rate-limits';
import { priceAlertUnsubscribeLink, unsubscribeLink } from './unsubscribe';
import { favorites } from '../listings/service';

// Unsubscribing (issue 34): the link's GET changes nothing (mail scanners and link previews
// fetch links); the page's button posts; a mail provider's RFC 8058 one-click posts from its
// own servers with a form body. Alerts stop, the saved search stays. Links last 90 days.
const clock = manualClock(new Date('2026-12-01T10:00:00Z'));
const testApp = await createTestApp({}, { clock: clock.now });
const { app, database } = testApp;
const db = database.db;
// The app's tokens: the same key, read from the database.
const tokens = createSignedTokens(db);
const DAY = 86_400_000;

let address = 0;
/** Each test its own client address, so the per-address limits are each test's own. */
const nextIp = () => `10.34.0.${(address += 1)}`;

/** A renter's saved search with instant alerts, and the links of an alert sent now. */
async function savedSearch(name = 'Flats in Osu') {
  const renter = await signUp(app);
  const [row] = await db
    .insert(savedSearches)
    .values({
      userId: renter.userId,
      name,
      query: { location: 'Osu' },
      channel: 'email',
      frequency: 'instant',
    })
    .returning();
  const links = await unsubscribeLink(tokens, row!, clock.now());
  return {
    renter,
    search: row!,
    links,
    token: new URL(links.page, 'http://x').searchParams.get('token')!,
  };
}
const frequencyOf = async (id: string) =>
  (await db.select().from(savedSearches).where(eq(savedSearches.id, id)))[0]?.frequency;

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers, remoteAddress: nextIp() });
const post = (url: string, payload: object, remoteAddress = nextIp()) =>
  app.inject({ method: 'POST', url, payload, remoteAddress });

describe('the unsubscribe link', () => {
  it('opens a page; its GET, by a browser or a scanner, changes nothing', async () => {
    const { search, links, token } = await savedSearch();
    expect(links.page).toBe(`/alerts/unsubscribe?token=${token}`);

    // A link sent before the page existed (the API address) sends a browser to the page.
    const old = `/api/saved-searches/unsubscribe?token=${token}`;
    const tapped = await get(old, { accept: 'text/html' });
    expect(tapped.statusCode).toBe(302);
    expect(tapped.headers.location).toBe(links.page);
    // Any other client reads what it would stop.
    const read = await get(old);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ kind: 'saved-search', name: 'Flats in Osu', stopped: false });
    expect(await frequencyOf(search.id)).toBe('instant');
  });

  it('stops the alerts by POST from the page, keeps the saved search, and can be undone', async () => {
    const { renter, search, token } = await savedSearch('Two rooms in Tema');
    const stopped = await post('/api/saved-searches/unsubscribe', { token });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toEqual({
      kind: 'saved-search',
      name: 'Two rooms in Tema',
      stopped: true,
    });
    expect(await frequencyOf(search.id)).toBe('off');
    const listed = await app.inject({
      url: '/api/saved-searches',
      headers: { cookie: renter.cookie },
    });
    expect(listed.json().savedSearches).toMatchObject([{ id: search.id, frequency: 'off' }]);
    // Twice: the same answer.
    expect((await post('/api/saved-searches/unsubscribe', { token })).json()).toMatchObject({
      stopped: true,
    });
    // Alerts stopped: a matching listing that goes live makes no alert.
    const owner = await signUp(app, { userType: 'owner' });
    const listing = await createListing(db, owner.userId, {
      city: 'Osu',
      address: '5 Oxford Street',
    });
    await matchListings({ ...alertDepsOf(), matching: async (_query, ids) => [...ids] }, [listing]);
    expect(
      await db
        .select()
        .from(savedSearchAlerts)
        .where(eq(savedSearchAlerts.savedSearchId, search.id)),
    ).toEqual([]);

    // Undo: the frequency the alert was sent with.
    const undone = await post('/api/saved-searches/resubscribe', { token });
    expect(undone.json()).toEqual({
      kind: 'saved-search',
      name: 'Two rooms in Tema',
      stopped: false,
    });
    expect(await frequencyOf(search.id)).toBe('instant');
  });

  it('takes an RFC 8058 one-click POST from a mail provider: no origin, no cookie, a form body', async () => {
    const { search, links } = await savedSearch();
    const urlencoded = await app.inject({
      method: 'POST',
      url: links.oneClick,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example',
      },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: nextIp(),
    });
    expect(urlencoded.statusCode).toBe(200);
    expect(await frequencyOf(search.id)).toBe('off');
    expect(
      await db.select().from(savedSearches).where(eq(savedSearches.id, search.id)),
    ).toHaveLength(1);

    const other = await savedSearch();
    expect(other.links.oneClick).toMatch(new RegExp(`^${ONE_CLICK_UNSUBSCRIBE_PATH}\\?token=`));
    const boundary = 'mailprovider42';
    const multipart = await app.inject({
      method: 'POST',
      url: other.links.oneClick,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\n` +
        `One-Click\r\n--${boundary}--\r\n`,
      remoteAddress: nextIp(),
    });
    expect(multipart.statusCode).toBe(200);
    expect(await frequencyOf(other.search.id)).toBe('off');
  });

  it('refuses a one-click POST without its body, and other routes still check the origin', async () => {
    const { search, links, token } = await savedSearch();
    for (const payload of ['', 'List-Unsubscribe=Yes', 'x'.repeat(10_000)]) {
      const refused = await app.inject({
        method: 'POST',
        url: links.oneClick,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
        remoteAddress: nextIp(),
      });
      expect(refused.statusCode, payload.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
    }
    const noToken = await app.inject({
      method: 'POST',
      url: ONE_CLICK_UNSUBSCRIBE_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: nextIp(),
    });
    expect(noToken.json().code).toBe('unsubscribe_link_invalid');
    // The page's POST is the web app's own: another site's page cannot post it.
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/saved-searches/unsubscribe',
      headers: { origin: 'https://evil.example' },
      payload: { token },
      remoteAddress: nextIp(),
    });
    expect(crossSite.json().code).toBe('cross_origin_refused');
    // Nor does the page's POST read form bodies.
    const form = await app.inject({
      method: 'POST',
      url: '/api/saved-searches/unsubscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}`,
      remoteAddress: nextIp(),
    });
    expect(form.statusCode).toBe(415);
    expect(await frequencyOf(search.id)).toBe('instant');
  });

  it('stops a favourite’s price alerts and keeps the favourite', async () => {
    const renter = await signUp(app);
    const owner = await signUp(app, { userType: 'owner' });
    const listing = await createListing(db, owner.userId, { title: 'Garden flat in Osu' });
    await db.insert(favorites).values({ userId: renter.userId, propertyId: listing });
    const links = await priceAlertUnsubscribeLink(
      tokens,
      { userId: renter.userId, propertyId: listing, title: 'Garden flat in Osu' },
      clock.now(),
    );
    const token = new URL(links.page, 'http://x').searchParams.get('token')!;
    const alertsOn = async () =>
      (
        await db
          .select()
          .from(favorites)
          .where(and(eq(favorites.userId, renter.userId), eq(favorites.propertyId, listing)))
      )[0]?.priceAlerts;
    expect((await get(`/api/saved-searches/unsubscribe?token=${token}`)).json()).toEqual({
      kind: 'price-alerts',
      name: 'Garden flat in Osu',
      stopped: false,
    });
    expect(await alertsOn()).toBe(true);
    expect((await post('/api/saved-searches/unsubscribe', { token })).json()).toMatchObject({
      kind: 'price-alerts',
      stopped: true,
    });
    expect(await alertsOn()).toBe(false);
  });

  it('lasts 90 days: an 89-day-old link works, a 91-day-old one is refused as expired', async () => {
    const young = await savedSearch();
    const old = await savedSearch();
    // Signed 91 days ago and 89 days ago, by the clock the app reads.
    const signedAt = (days: number) => new Date(clock.now().getTime() - days * DAY);
    const oldLinks = await unsubscribeLink(tokens, old.search, signedAt(91));
    const youngLinks = await unsubscribeLink(tokens, young.search, signedAt(89));
    const tokenOf = (page: string) => new URL(page, 'http://x').searchParams.get('token')!;

    const expired = await post('/api/saved-searches/unsubscribe', {
      token: tokenOf(oldLinks.page),
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('unsubscribe_link_expired');
    expect(
      (await get(`/api/saved-searches/unsubscribe?token=${tokenOf(oldLinks.page)}`)).statusCode,
    ).toBe(410);
    expect(await frequencyOf(old.search.id)).toBe('instant');

    const fresh = await post('/api/saved-searches/unsubscribe', {
      token: tokenOf(youngLinks.page),
    });
    expect(fresh.statusCode).toBe(200);
    expect(await frequencyOf(young.search.id)).toBe('off');

    const forged = await post('/api/saved-searches/unsubscribe', {
      token: `${tokenOf(youngLinks.page)}x`,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('unsubscribe_link_invalid');
  });

  it('limits stopping per saved search, whatever the address', async () => {
    const { token } = await savedSearch();
    const { max } = rateLimits.unsubscribesPerTarget;
    // Forged tokens naming the same search spend nothing of its budget.
    for (let i = 0; i <= max; i += 1) {
      const forged = await post('/api/saved-searches/unsubscribe', { token: `${token}x` });
      expect(forged.statusCode).toBe(400);
    }
    for (let i = 0; i < max; i += 1) {
      expect((await post('/api/saved-searches/unsubscribe', { token })).statusCode).toBe(200);
    }
    const refused = await post('/api/saved-searches/unsubscribe', { token });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    // Another saved search is not held up.
    const other = await savedSearch();
    expect((await post('/api/saved-searches/unsubscribe', { token: other.token })).statusCode).toBe(
      200,
    );
  });

  it('limits stopping per address, a mail provider’s one-click less tightly', async () => {
    const ip = '10.34.1.1';
    const { max } = rateLimits.unsubscribesPerIp;
    for (let i = 0; i < max; i += 1) {
      await post('/api/saved-searches/unsubscribe', { token: `guess${i}.x` }, ip);
    }
    const refused = await post('/api/saved-searches/unsubscribe', { token: 'guess.x' }, ip);
    expect(refused.statusCode).toBe(429);
    // A mail provider posts the one-click for all its users from a few addresses: more each.
    const provider = '10.34.1.2';
    for (let i = 0; i <= max; i += 1) {
      const oneClick = await app.inject({
        method: 'POST',
        url: `${ONE_CLICK_UNSUBSCRIBE_PATH}?token=guess${i}.x`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
        remoteAddress: provider,
      });
      expect(oneClick.statusCode).toBe(400);
    }
  });
});

/** What matchListings needs, from the test app (matching is given per call). */
function alertDepsOf() {
  return {
    db,
    notifier: app.notifier,
    tokens,
    links: { shorten: async () => 'https://abode.example/l/x' },
    publicUrl: 'https://abode.example',
    log: { warn: () => {} },
    clock: clock.now,
  };
}
