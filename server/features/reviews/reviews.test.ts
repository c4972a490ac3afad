import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createListing } from '../../testing/builders';
import {
  createTestApp,
  manualClock,
  notificationsTo,
  signUp,
  signUpAdmin,
} from '../../testing/test-app';
import { auditLog } from '../admin/service';
import { listingReports } from '../listings/service';
import { moveViewingEarlier } from '../viewings/service';
import { inviteDue } from './invitations';
import { reviewInvitations, reviews } from './schema';

// Reviews (issue 40): only the renter of a confirmed viewing whose time has passed reviews,
// once, within 30 days, with a verified phone; the listing's rating is its visible reviews';
// the lister answers and reports; administrators hide and restore.
// The clock: Saturday 21 November 2026, 12:00 in Accra (UTC+0).
const clock = manualClock();
const publicUrl = 'https://abode.com.gh';
const testApp = await createTestApp({ publicUrl }, { clock: clock.now });
const { app, database } = testApp;
const db = database.db;

type Account = Awaited<ReturnType<typeof signUp>>;
let counter = 0;
const nextAddress = () => {
  counter += 1;
  return `10.40.${Math.floor(counter / 250)}.${counter % 250}`;
};

const call = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  who?: Account,
  payload?: unknown,
  address = nextAddress(),
) =>
  app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: address,
  });

/** An account with a verified e-mail, and a verified phone unless `phone` is false. */
async function person(
  firstName: string,
  options: { userType?: 'renter' | 'owner' | 'agent'; phone?: boolean; businessName?: string } = {},
) {
  const account = await signUp(app, {
    firstName,
    userType: options.userType ?? 'renter',
    ...(options.businessName ? { businessName: options.businessName } : {}),
  });
  counter += 1;
  await db
    .update(users)
    .set({
      emailVerified: true,
      ...(options.phone === false
        ? {}
        : { phone: `+23324${String(4000000 + counter)}`, phoneVerified: true }),
    })
    .where(eq(users.id, account.userId));
  return account;
}

const saturdays = {
  slotMinutes: 30,
  windows: [{ weekday: 6, start: '10:00', end: '14:00' }],
  blockedDates: [],
};

let owner: Account;
/** Each listing's lister, when not `owner`. */
const listers = new Map<string, Account>();
beforeAll(async () => {
  owner = await person('Kofi', { userType: 'owner' });
});

async function newListing(title = 'Chamber and hall, Osu', lister = owner) {
  const id = await createListing(db, lister.userId, { title });
  listers.set(id, lister);
  const hours = await call('PUT', `/api/properties/${id}/viewing-hours`, lister, saturdays);
  expect(hours.statusCode, hours.body).toBe(200);
  return id;
}

/** A viewing of `listingId` by `renter`: booked at the first free time, confirmed unless told. */
async function viewing(listingId: string, renter: Account, confirm = true) {
  const lister = listers.get(listingId) ?? owner;
  const slots = await call('GET', `/api/properties/${listingId}/viewing-slots`, renter);
  const startsAt = slots.json().slots[0].startsAt as string;
  const booked = await call('POST', `/api/properties/${listingId}/viewings`, renter, { startsAt });
  expect(booked.statusCode, booked.body).toBe(201);
  const id = booked.json().id as string;
  if (confirm)
    expect((await call('POST', `/api/viewings/${id}/confirm`, lister)).statusCode).toBe(200);
  return id;
}

let moved = 0;
/**
 * A confirmed viewing that took place about `hoursAgo` hours ago (an hour more for each one
 * moved before it, so two of one listing never share a time).
 */
async function pastViewing(listingId: string, renter: Account, hoursAgo = 2) {
  const id = await viewing(listingId, renter);
  moved += 1;
  hoursAgo += moved;
  const startsAt = (await call('GET', `/api/viewings/${id}`, renter)).json().startsAt as string;
  const hoursAhead = Math.ceil((Date.parse(startsAt) - clock.now().getTime()) / 3_600_000);
  await moveViewingEarlier(db, id, hoursAhead + hoursAgo);
  return id;
}

const review = { rating: 4, asDescribed: 'mostly', askedForMoney: false, text: 'Clean, as shown.' };
const write = (viewingId: string, who: Account | undefined, body: unknown = review) =>
  call('POST', `/api/viewings/${viewingId}/review`, who, body);
const refusal = (response: { json(): { code: string; params?: { reason?: string } } }) => {
  const body = response.json();
  return `${body.code}:${body.params?.reason}`;
};

describe('writing a review', () => {
  it('is the renter’s, after a confirmed viewing; the listing and its reviews show it', async () => {
    const listingId = await newListing();
    const renter = await person('Ama');
    const viewingId = await pastViewing(listingId, renter);
    const state = await call('GET', `/api/viewings/${viewingId}/review`, renter);
    expect(state.json()).toMatchObject({ canReview: true, refusal: null, review: null });

    const written = await write(viewingId, renter);
    expect(written.statusCode, written.body).toBe(201);
    const listing = (await call('GET', `/api/properties/${listingId}`)).json();
    expect(listing).toMatchObject({ averageRating: 4, rating: 4, reviewCount: 1 });
    expect(listing.lister.handle).toMatch(/^kofi-[0-9a-f]{8}$/);

    const list = await call('GET', `/api/properties/${listingId}/reviews`);
    expect(list.statusCode).toBe(200);
    const viewedAt = (
      await db.select().from(reviews).where(eq(reviews.viewingId, viewingId))
    )[0]!.viewedAt.toISOString();
    expect(list.json()).toEqual({
      reviews: [
        {
          id: written.json().id,
          rating: 4,
          asDescribed: 'mostly',
          text: 'Clean, as shown.',
          createdAt: clock.now().toISOString(),
          editedAt: null,
          viewedAt,
          author: { firstName: 'Ama' },
          reply: null,
          askedForMoney: false,
        },
      ],
      summary: { averageRating: 4, reviewCount: 1, asDescribedShare: 0, askedForMoneyRecently: 0 },
      page: 1,
      totalPages: 1,
    });
    // Once: per viewing, and per renter and listing.
    expect(refusal(await write(viewingId, renter))).toBe('review_exists:undefined');
    expect((await write(viewingId, renter)).statusCode).toBe(409);
  });

  it('is refused with the reason: not the renter, not confirmed, too early, too late, no phone', async () => {
    const listingId = await newListing();
    const renter = await person('Esi');
    const stranger = await person('Yaw');
    const pending = await viewing(listingId, renter, false);
    const pendingAnswer = await write(pending, renter);
    expect(pendingAnswer.statusCode).toBe(403);
    expect(refusal(pendingAnswer)).toBe('review_not_allowed:not_confirmed');
    await call('POST', `/api/viewings/${pending}/cancel`, renter, {});
    expect(refusal(await write(pending, renter))).toBe('review_not_allowed:cancelled');

    const upcoming = await viewing(listingId, renter);
    expect(refusal(await write(upcoming, renter))).toBe('review_not_allowed:too_early');
    expect(refusal(await write(upcoming, stranger))).toBe('review_not_allowed:not_renter');
    expect(refusal(await write(upcoming, owner))).toBe('review_not_allowed:not_renter');

    const old = await pastViewing(await newListing(), renter, 31 * 24);
    expect(refusal(await write(old, renter))).toBe('review_not_allowed:too_late');

    const noPhone = await person('Kojo', { phone: false });
    const theirs = await pastViewing(await newListing(), noPhone);
    const answer = await write(theirs, noPhone);
    expect(answer.statusCode).toBe(403);
    expect(refusal(answer)).toBe('review_not_allowed:phone_not_verified');
    const page = (await call('GET', `/api/viewings/${theirs}/review`, noPhone)).json();
    expect(page).toMatchObject({ canReview: false, refusal: 'phone_not_verified' });
    // Nobody but its two parties reads a viewing's review state.
    expect((await call('GET', `/api/viewings/${theirs}/review`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/viewings/${theirs}/review`)).statusCode).toBe(401);
    expect((await write(theirs, undefined)).statusCode).toBe(401);
  });

  it('is refused after the lister said the renter did not come', async () => {
    const listingId = await newListing();
    const renter = await person('Abena');
    const id = await pastViewing(listingId, renter);
    expect((await call('POST', `/api/viewings/${id}/no-show`, owner)).statusCode).toBe(200);
    expect(refusal(await write(id, renter))).toBe('review_not_allowed:no_show');
  });

  it('names its author by first name, and not at all when the name carries a number', async () => {
    const renter = await person('MoMo 0244123456');
    const listingId = await newListing();
    const id = await pastViewing(listingId, renter);
    expect((await write(id, renter)).statusCode).toBe(201);
    const shown = (await call('GET', `/api/properties/${listingId}/reviews`)).json().reviews;
    expect(shown[0].author).toEqual({ firstName: '' });
  });

  it('answers bad input with 400 naming the field, and keeps text as text', async () => {
    const renter = await person('Efua');
    const id = await pastViewing(await newListing(), renter);
    for (const body of [
      { ...review, rating: 6 },
      { ...review, rating: 0 },
      { ...review, rating: 3.5 },
      { ...review, asDescribed: 'perhaps' },
      { ...review, askedForMoney: 'yes' },
      { ...review, text: 'x'.repeat(2001) },
      { rating: 4 },
    ]) {
      const answer = await write(id, renter, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    const html = '<script>alert(1)</script> <b>nice</b>';
    expect((await write(id, renter, { ...review, text: html })).statusCode).toBe(201);
    const [row] = await db.select().from(reviews).where(eq(reviews.viewingId, id));
    expect(row!.text).toBe(html);
  });

  it('saying money was asked for files an asked_for_money report of the listing', async () => {
    const listingId = await newListing();
    const renter = await person('Akua');
    const id = await pastViewing(listingId, renter);
    const answer = await write(id, renter, {
      ...review,
      rating: 1,
      asDescribed: 'no',
      askedForMoney: true,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const reports = await db
      .select()
      .from(listingReports)
      .where(eq(listingReports.propertyId, listingId));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ reporterId: renter.userId, reason: 'asked_for_money' });
    expect(reports[0]!.reporterPhone).not.toBeNull();
    // Public, with its warning, and counted in the listing's safety box for 90 days (issue 50).
    const read = async () => (await call('GET', `/api/properties/${listingId}/reviews`)).json();
    const shown = await read();
    expect(shown.reviews[0].askedForMoney).toBe(true);
    expect(shown.summary.askedForMoneyRecently).toBe(1);
    clock.advance(91 * 86_400_000);
    try {
      expect((await read()).summary.askedForMoneyRecently).toBe(0);
    } finally {
      clock.advance(-91 * 86_400_000);
    }
  });

  it('averages the listing’s visible reviews, and its author may change theirs for 48 hours', async () => {
    const listingId = await newListing();
    const first = await person('Adjoa');
    const second = await person('Kwesi');
    const one = await pastViewing(listingId, first);
    const two = await pastViewing(listingId, second);
    const created = await write(one, first, { ...review, rating: 5, asDescribed: 'yes' });
    await write(two, second, { ...review, rating: 2, asDescribed: 'no' });
    const summary = async () =>
      (await call('GET', `/api/properties/${listingId}/reviews`)).json().summary;
    expect(await summary()).toEqual({
      averageRating: 3.5,
      reviewCount: 2,
      asDescribedShare: 0.5,
      askedForMoneyRecently: 0,
    });
    // Search's least rating reads the same average, from the index and in SQL alike.
    const found = async (query: string) =>
      (await call('GET', `/api/properties/search?${query}&limit=50`))
        .json()
        .properties.map((p: { id: string }) => p.id);
    expect(await found('minRating=3.5')).toContain(listingId);
    expect(await found('minRating=3.51')).not.toContain(listingId);
    expect(await found('minRating=1&sort=rating')).toContain(listingId);
    for (const bad of ['0', '5.5', 'four']) {
      expect((await call('GET', `/api/properties/search?minRating=${bad}`)).statusCode).toBe(400);
    }

    const reviewId = created.json().id as string;
    const edit = (who: Account, body: unknown) =>
      call('PUT', `/api/reviews/${reviewId}`, who, body);
    expect((await edit(second, { ...review, rating: 1 })).statusCode).toBe(404);
    clock.advance(47 * 3_600_000);
    const edited = await edit(first, { ...review, rating: 4, asDescribed: 'yes' });
    expect(edited.statusCode, edited.body).toBe(204);
    expect(await summary()).toEqual({
      averageRating: 3,
      reviewCount: 2,
      asDescribedShare: 0.5,
      askedForMoneyRecently: 0,
    });
    const listing = (await call('GET', `/api/properties/${listingId}`)).json();
    expect(listing).toMatchObject({ averageRating: 3, reviewCount: 2 });
    clock.advance(2 * 3_600_000);
    const late = await edit(first, { ...review, rating: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('review_edit_closed');
  });

  it('takes at most 5 edits of one review a day, from whatever address', async () => {
    const renter = await person('Dede');
    const id = await pastViewing(await newListing(), renter);
    const reviewId = (await write(id, renter)).json().id as string;
    for (let n = 0; n < 5; n++) {
      const edited = await call('PUT', `/api/reviews/${reviewId}`, renter, {
        ...review,
        rating: 5,
      });
      expect(edited.statusCode).toBe(204);
    }
    const sixth = await call('PUT', `/api/reviews/${reviewId}`, renter, review);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('rate_limited');
  });

  it('takes at most 10 reviews per account a day', async () => {
    const renter = await person('Nana');
    const ids: string[] = [];
    for (let n = 0; n < 11; n++) ids.push(await pastViewing(await newListing(`Room ${n}`), renter));
    for (const id of ids.slice(0, 10)) expect((await write(id, renter)).statusCode).toBe(201);
    const eleventh = await write(ids[10]!, renter);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().code).toBe('rate_limited');
  });
});

describe('the invitation', () => {
  it('goes the morning after the viewing, once, by e-mail with the review page’s link', async () => {
    const listingId = await newListing('Self-contained, Labone');
    const renter = await person('Afia');
    const id = await pastViewing(listingId, renter, 1);
    const deps = {
      db,
      notifier: app.notifier,
      links: { shorten: async (path: string) => `${publicUrl}${path}` },
      publicUrl,
      log: app.log,
    };
    const startsAt = new Date((await call('GET', `/api/viewings/${id}`, renter)).json().startsAt);
    const dayAfter = new Date(startsAt);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    dayAfter.setUTCHours(8, 59, 0, 0);
    const invited = async () =>
      (await db.select().from(reviewInvitations).where(eq(reviewInvitations.viewingId, id))).length;
    await inviteDue(deps, dayAfter);
    expect(await invited()).toBe(0);
    dayAfter.setUTCHours(9, 0, 0, 0);
    expect(await inviteDue(deps, dayAfter)).toBeGreaterThanOrEqual(1);
    expect(await invited()).toBe(1);
    expect(await inviteDue(deps, dayAfter)).toBe(0);
    const email = renter.body.email!;
    const sent = await notificationsTo(
      db,
      email,
      (n) => n.subject === 'How was your viewing of “Self-contained, Labone”?',
      1,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.textBody).toContain(`${publicUrl}/viewings/${id}/review`);
    // A verified phone already: nothing to add before reviewing.
    expect(sent[0]!.textBody).not.toContain('verified phone');

    // Issue 51: a renter without one is told, before the link, what the review will ask.
    const unphoned = await person('Kojo', { phone: false });
    const viewed = await pastViewing(listingId, unphoned, 1);
    const start = new Date(
      (await call('GET', `/api/viewings/${viewed}`, unphoned)).json().startsAt,
    );
    start.setUTCDate(start.getUTCDate() + 1);
    start.setUTCHours(9, 0, 0, 0);
    await inviteDue(deps, start);
    const [told] = await notificationsTo(
      db,
      unphoned.body.email!,
      (n) => n.subject === 'How was your viewing of “Self-contained, Labone”?',
      1,
    );
    expect(told!.textBody).toContain(
      'A review needs a verified phone number, so that each renter reviews once: the button takes you to add and verify yours, then back to the review.',
    );
  });
});

describe('the invitation, not sent', () => {
  it('for a place the renter reviewed already, nor for a viewing the lister said was missed', async () => {
    const listingId = await newListing('Two rooms, Madina');
    const renter = await person('Kwabena');
    const first = await pastViewing(listingId, renter, 30);
    expect((await write(first, renter)).statusCode).toBe(201);
    const second = await pastViewing(listingId, renter, 3);
    const missed = await pastViewing(await newListing('Studio, Spintex'), renter, 3);
    expect((await call('POST', `/api/viewings/${missed}/no-show`, owner)).statusCode).toBe(200);
    const deps = {
      db,
      notifier: app.notifier,
      links: { shorten: async (path: string) => `${publicUrl}${path}` },
      publicUrl,
      log: app.log,
    };
    await inviteDue(deps, new Date(clock.now().getTime() + 2 * 86_400_000));
    const invited = await db.select().from(reviewInvitations);
    const ids = invited.map((row) => row.viewingId);
    expect(ids).not.toContain(second);
    expect(ids).not.toContain(missed);
  });
});

describe('the lister', () => {
  it('answers a review once and reports it; nobody else may', async () => {
    const owner = await person('Kobina', { userType: 'owner' });
    const listingId = await newListing('Two bedrooms, Dzorwulu', owner);
    const renter = await person('Yaa');
    const id = await pastViewing(listingId, renter);
    const reviewId = (await write(id, renter)).json().id as string;

    const reply = (who: Account, text: string) =>
      call('POST', `/api/reviews/${reviewId}/reply`, who, { text });
    expect((await reply(renter, 'Thanks')).json().code).toBe('review_lister_only');
    expect((await reply(owner, '   ')).statusCode).toBe(400);
    expect((await reply(owner, 'Thank you for coming!')).statusCode).toBe(204);
    expect((await reply(owner, 'Again')).json().code).toBe('review_reply_exists');
    const shown = (await call('GET', `/api/properties/${listingId}/reviews`)).json().reviews[0];
    expect(shown.reply).toEqual({
      text: 'Thank you for coming!',
      createdAt: clock.now().toISOString(),
    });

    const mine = (await call('GET', '/api/user/reviews', owner)).json();
    expect(mine.reviews.map((r: { id: string }) => r.id)).toContain(reviewId);
    expect((await call('GET', '/api/user/reviews', renter)).json().reviews).toEqual([]);

    const report = (who: Account, body: unknown) =>
      call('POST', `/api/reviews/${reviewId}/reports`, who, body);
    expect((await report(renter, { reason: 'false' })).statusCode).toBe(403);
    expect((await report(owner, { reason: 'other' })).statusCode).toBe(400);
    expect(
      (await report(owner, { reason: 'not_a_real_visit', note: 'Never came' })).statusCode,
    ).toBe(201);
    expect((await report(owner, { reason: 'false' })).json().code).toBe('review_report_exists');
  });
});

describe('administrators', () => {
  it('hide a reported review (out of the list and the rating, author told, audited) and restore it', async () => {
    const admin = await signUpAdmin(testApp);
    const listingId = await newListing();
    const renter = await person('Serwaa');
    const id = await pastViewing(listingId, renter);
    const reviewId = (await write(id, renter, { ...review, rating: 1 })).json().id as string;
    await call('POST', `/api/reviews/${reviewId}/reports`, owner, { reason: 'offensive' });

    expect((await call('GET', '/api/admin/reviews', owner)).statusCode).toBe(403);
    const queue = (await call('GET', '/api/admin/reviews?status=reported', admin)).json();
    const queued = queue.reviews.find((r: { id: string }) => r.id === reviewId);
    expect(queued).toMatchObject({
      property: { id: listingId },
      reports: [{ reason: 'offensive' }],
    });

    const decide = (body: unknown) =>
      call('POST', `/api/admin/reviews/${reviewId}/decision`, admin, body);
    expect((await decide({ action: 'hide' })).statusCode).toBe(400);
    expect(
      (
        await call('POST', `/api/admin/reviews/${reviewId}/decision`, owner, {
          action: 'hide',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(403);
    expect((await decide({ action: 'hide', reason: 'Insults the owner' })).statusCode).toBe(204);
    expect((await call('GET', `/api/properties/${listingId}/reviews`)).json()).toMatchObject({
      reviews: [],
      summary: { reviewCount: 0, averageRating: 0 },
    });
    expect((await call('GET', `/api/properties/${listingId}`)).json()).toMatchObject({
      reviewCount: 0,
    });
    expect((await decide({ action: 'hide', reason: 'again' })).json().code).toBe(
      'review_decision_conflict',
    );
    const hidden = (await call('GET', '/api/admin/reviews?status=hidden', admin)).json();
    expect(hidden.reviews.map((r: { id: string }) => r.id)).toContain(reviewId);
    await notificationsTo(db, renter.body.email!, (n) => n.subject === 'Your review was hidden', 1);

    expect((await decide({ action: 'restore' })).statusCode).toBe(204);
    expect((await call('GET', `/api/properties/${listingId}`)).json()).toMatchObject({
      reviewCount: 1,
      averageRating: 1,
    });
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, reviewId));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['review-hide', 'review-restore']);
  });
});

describe('words held for an administrator (issue 50)', () => {
  it('a review carrying a number, an address or a link waits, unseen, until an administrator publishes it', async () => {
    const admin = await signUpAdmin(testApp);
    const listingId = await newListing();
    const renter = await person('Abena');
    const id = await pastViewing(listingId, renter);
    const written = await write(id, renter, {
      ...review,
      rating: 5,
      text: 'Great place! Call the agent on zero two four one two three four five six seven.',
    });
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json().status).toBe('held');
    const reviewId = written.json().id as string;
    const publicList = async () =>
      (await call('GET', `/api/properties/${listingId}/reviews`)).json();
    expect((await publicList()).reviews).toEqual([]);
    expect((await call('GET', `/api/properties/${listingId}`)).json()).toMatchObject({
      reviewCount: 0,
    });
    // Its author is told it waits; clean words do not release it.
    const state = async () => (await call('GET', `/api/viewings/${id}/review`, renter)).json();
    expect((await state()).review.status).toBe('held');
    const clean = { ...review, rating: 5, text: 'Great place.' };
    expect((await call('PUT', `/api/reviews/${reviewId}`, renter, clean)).statusCode).toBe(204);
    expect((await state()).review.status).toBe('held');
    expect((await publicList()).reviews).toEqual([]);

    const held = (await call('GET', '/api/admin/reviews?status=held', admin)).json();
    const mine = held.reviews.find((r: { id: string }) => r.id === reviewId);
    expect(mine).toMatchObject({ status: 'held', heldReasons: ['phone_number'] });
    expect(
      (await call('POST', `/api/admin/reviews/${reviewId}/decision`, admin, { action: 'restore' }))
        .statusCode,
    ).toBe(204);
    expect((await publicList()).reviews.map((r: { id: string }) => r.id)).toEqual([reviewId]);
    expect((await state()).review.status).toBe('published');

    // A published review edited into a link is held again, not published with it.
    const linked = { ...review, rating: 5, text: 'Book at www.cheap-rooms.example now' };
    expect((await call('PUT', `/api/reviews/${reviewId}`, renter, linked)).statusCode).toBe(204);
    expect((await state()).review.status).toBe('held');
    expect((await publicList()).reviews).toEqual([]);
  });

  it('a hidden review stays hidden whatever its author writes', async () => {
    const admin = await signUpAdmin(testApp);
    const listingId = await newListing();
    const renter = await person('Efua');
    const id = await pastViewing(listingId, renter);
    const reviewId = (await write(id, renter)).json().id as string;
    await call('POST', `/api/admin/reviews/${reviewId}/decision`, admin, {
      action: 'hide',
      reason: 'Not about the place',
    });
    expect(
      (await call('PUT', `/api/reviews/${reviewId}`, renter, { ...review, text: 'Fine words' }))
        .statusCode,
    ).toBe(204);
    expect((await call('GET', `/api/properties/${listingId}/reviews`)).json().reviews).toEqual([]);
    expect((await call('GET', `/api/viewings/${id}/review`, renter)).json().review.status).toBe(
      'hidden',
    );
  });

  it('a lister’s answer asking for money or carrying an e-mail address waits too; the review shows without it', async () => {
    const admin = await signUpAdmin(testApp);
    const listingId = await newListing();
    const renter = await person('Adwoa');
    const id = await pastViewing(listingId, renter);
    const reviewId = (await write(id, renter)).json().id as string;
    const answer = await call('POST', `/api/reviews/${reviewId}/reply`, owner, {
      text: 'Thanks! Next time write to kofi.homes＠gmail.com first.',
    });
    expect(answer.statusCode, answer.body).toBe(204);
    const shown = (await call('GET', `/api/properties/${listingId}/reviews`)).json().reviews;
    expect(shown.map((r: { id: string; reply: unknown }) => [r.id, r.reply])).toEqual([
      [reviewId, null],
    ]);
    const held = (await call('GET', '/api/admin/reviews?status=held', admin)).json();
    expect(held.reviews.find((r: { id: string }) => r.id === reviewId)).toMatchObject({
      status: 'published',
      heldReply: { text: 'Thanks! Next time write to kofi.homes＠gmail.com first.' },
    });
  });
});

describe('reviews that count: their author is independent of the lister (issue 50)', () => {
  /** A lister of their own, so that no other test's reviews are theirs. */
  async function ownLister(name: string) {
    const lister = await person(name, { userType: 'owner' });
    const listingId = await newListing(`${name}'s chamber and hall`, lister);
    return { lister, listingId };
  }
  const counted = async (listingId: string) =>
    (await call('GET', `/api/properties/${listingId}/reviews`)).json().summary.reviewCount;
  async function notCounted(reviewId: string) {
    const admin = await signUpAdmin(testApp);
    const list = (await call('GET', '/api/admin/reviews?status=not_counted', admin)).json();
    return list.reviews.find((r: { id: string }) => r.id === reviewId) ?? null;
  }
  /** Runs `steps` three days back (the 30 days before a viewing that took place today). */
  async function daysBefore(steps: () => Promise<void>) {
    clock.advance(-3 * 86_400_000);
    try {
      await steps();
    } finally {
      clock.advance(3 * 86_400_000);
    }
  }
  const phoneOf = async (who: Account) =>
    (await db.select({ phone: users.phone }).from(users).where(eq(users.id, who.userId)))[0]!
      .phone!;

  it('a renter who signs up and books the same day counts', async () => {
    const { listingId } = await ownLister('Yaa');
    const renter = await person('Akosua');
    const id = await pastViewing(listingId, renter);
    const reviewId = (await write(id, renter)).json().id as string;
    expect(await counted(listingId)).toBe(1);
    expect(await notCounted(reviewId)).toBeNull();
  });

  it('a review by a number the lister uses or used does not count, nor shows', async () => {
    const { lister, listingId } = await ownLister('Kojo');
    const oldNumber = await phoneOf(lister);
    // The lister moves to another number, and a second account takes the first.
    await db.update(users).set({ phone: '+233209990001' }).where(eq(users.id, lister.userId));
    const friend = await person('Kwabena', { phone: false });
    await db
      .update(users)
      .set({ phone: oldNumber, phoneVerified: true })
      .where(eq(users.id, friend.userId));
    const id = await pastViewing(listingId, friend);
    const written = await write(id, friend, { ...review, rating: 5 });
    expect(written.statusCode, written.body).toBe(201);
    expect(await counted(listingId)).toBe(0);
    expect((await call('GET', `/api/properties/${listingId}`)).json()).toMatchObject({
      reviewCount: 0,
      averageRating: 0,
    });
    expect(await notCounted(written.json().id)).toMatchObject({
      status: 'not_counted',
      notCountedReason: 'same_phone',
    });
  });

  it('one number counts once per lister, whatever accounts it moved through', async () => {
    const { lister, listingId } = await ownLister('Esi');
    const second = await newListing('Esi’s second place', lister);
    const first = await person('Mansa');
    const number = await phoneOf(first);
    const one = await pastViewing(listingId, first);
    expect((await write(one, first)).statusCode).toBe(201);
    // The same number, on a new account.
    await db.update(users).set({ phone: '+233209990002' }).where(eq(users.id, first.userId));
    const again = await person('Mansa', { phone: false });
    await db
      .update(users)
      .set({ phone: number, phoneVerified: true })
      .where(eq(users.id, again.userId));
    const two = await pastViewing(second, again);
    const written = await write(two, again, { ...review, rating: 5 });
    expect(written.statusCode).toBe(201);
    expect(await counted(second)).toBe(0);
    expect(await notCounted(written.json().id)).toMatchObject({
      notCountedReason: 'phone_counted',
    });
  });

  it('an address or a device the author and the lister shared in the 30 days before does not count; a mobile network’s does', async () => {
    const { lister, listingId } = await ownLister('Fiifi');
    const friend = await person('Ato');
    // Both used Abode from one home address, days before the viewing.
    await daysBefore(async () => {
      await call('GET', '/api/auth/user', lister, undefined, '10.77.0.1');
      await call('GET', '/api/auth/user', friend, undefined, '10.77.0.1');
    });
    const id = await pastViewing(listingId, friend);
    const written = await write(id, friend, { ...review, rating: 5 });
    expect(await notCounted(written.json().id)).toMatchObject({
      notCountedReason: 'shared_address',
    });

    // The same device (its cookie), from different addresses.
    const { lister: other, listingId: otherListing } = await ownLister('Nii');
    const buddy = await person('Tetteh');
    const device = `device-${'x'.repeat(20)}`;
    const withDevice = (who: Account, address: string) =>
      app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { cookie: `${who.cookie}; abode_device=${device}` },
        remoteAddress: address,
      });
    await daysBefore(async () => {
      await withDevice(other, '10.78.0.1');
      await withDevice(buddy, '10.78.0.2');
    });
    const viewed = await pastViewing(otherListing, buddy);
    const byBuddy = await write(viewed, buddy, { ...review, rating: 5 });
    expect(await notCounted(byBuddy.json().id)).toMatchObject({
      notCountedReason: 'shared_device',
    });

    // An address more than 5 accounts used is a mobile network's: it says nothing.
    const { lister: third, listingId: thirdListing } = await ownLister('Kweku');
    const stranger = await person('Afia');
    const carrier = '10.79.0.1';
    const riders = [third, stranger];
    for (let n = 0; n < 5; n++) riders.push(await person(`Rider${n}`));
    await daysBefore(async () => {
      for (const who of riders) await call('GET', '/api/auth/user', who, undefined, carrier);
    });
    const ride = await pastViewing(thirdListing, stranger);
    const byStranger = await write(ride, stranger);
    expect(await notCounted(byStranger.json().id)).toBeNull();
    expect(await counted(thirdListing)).toBe(1);
  });
});

describe('the lister’s page', () => {
  it('shows an agent by business name, with live listings and reviews; renters have none', async () => {
    const agent = await person('Kwame', { userType: 'agent', businessName: 'Osu Homes Ltd' });
    const listingId = await createListing(db, agent.userId, { title: 'Agent flat' });
    const listing = (await call('GET', `/api/properties/${listingId}`)).json();
    const handle = listing.lister.handle as string;
    expect(handle).toMatch(/^osu-homes-ltd-[0-9a-f]{8}$/);
    const page = await call('GET', `/api/listers/${handle}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      handle,
      displayName: 'Osu Homes Ltd',
      userType: 'agent',
      listings: [{ id: listingId, title: 'Agent flat' }],
      reviews: { reviewCount: 0, averageRating: 0, asDescribedShare: null, latest: [] },
    });
    expect(JSON.stringify(page.json())).not.toContain(agent.userId);

    const renter = await person('Adwoa');
    const [row] = await db
      .select({ handle: users.handle })
      .from(users)
      .where(eq(users.id, renter.userId));
    expect((await call('GET', `/api/listers/${row!.handle}`)).json().code).toBe('lister_not_found');
    expect((await call('GET', '/api/listers/nobody-00000000')).statusCode).toBe(404);
  });

  it('lists every review of the lister’s listings, ten a page, newest first (issue 51)', async () => {
    const lister = await person('Yaw', { userType: 'owner' });
    const flat = await newListing('Yaw’s flat', lister);
    const room = await newListing('Yaw’s room', lister);
    const written: string[] = [];
    for (let n = 0; n < 12; n++) {
      const renter = await person(`Renter${n}`);
      const viewed = await pastViewing(n % 2 ? flat : room, renter);
      const response = await write(viewed, renter, { ...review, rating: n < 6 ? 5 : 3 });
      expect(response.statusCode, response.body).toBe(201);
      written.unshift(response.json().id);
      clock.advance(60_000);
    }
    clock.advance(-12 * 60_000);
    const handle = (await call('GET', `/api/properties/${flat}`)).json().lister.handle as string;
    const profile = (await call('GET', `/api/listers/${handle}`)).json();
    expect(profile.reviews.latest).toHaveLength(5);

    const first = await call('GET', `/api/listers/${handle}/reviews`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      page: 1,
      totalPages: 2,
      summary: { reviewCount: 12, averageRating: 4 },
    });
    const second = (await call('GET', `/api/listers/${handle}/reviews?page=2`)).json();
    expect(second.page).toBe(2);
    const ids = [...first.json().reviews, ...second.reviews].map((r: { id: string }) => r.id);
    expect(ids).toEqual(written);
    // Past the last page: none, still the summary.
    const past = (await call('GET', `/api/listers/${handle}/reviews?page=3`)).json();
    expect(past).toMatchObject({ reviews: [], page: 3, totalPages: 2 });

    expect((await call('GET', `/api/listers/${handle}/reviews?page=0`)).statusCode).toBe(400);
    expect((await call('GET', `/api/listers/${handle}/reviews?page=x`)).statusCode).toBe(400);
    const unknown = await call('GET', '/api/listers/nobody-00000000/reviews');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('lister_not_found');
  });
});
