import { eq } from 'drizzle-orm';
import { SegmentedMessage } from 'sms-segments-calculator';
import { beforeAll, describe, expect, it } from 'vitest';
import { languageCodes } from '#common/languages';
import { users } from '../../db/schema';
import { renderEmail, renderSms, type TemplateContext } from '../../lib/notification-templates';
import { createListing } from '../../testing/builders';
import { createTestApp, manualClock, notificationsTo, signUp } from '../../testing/test-app';
import { viewingNotifications } from './notifications';
import { viewings } from './schema';

// "No-show" cannot silence a renter (issue 50): a lister may say the renter did not come only
// within 48 hours after the slot and never once the renter has reviewed it; the renter is told
// and may answer "I was there", which keeps their right to review and leaves the no-show out of
// their record; the lister reads the answer in the pair's conversation.
// The clock: Saturday 21 November 2026, 12:00 in Accra (UTC+0); the viewings are a week on.
const clock = manualClock();
const publicUrl = 'https://abode.com.gh';
const { app, database } = await createTestApp({ publicUrl }, { clock: clock.now });
const db = database.db;
const HOUR = 3_600_000;

type Account = Awaited<ReturnType<typeof signUp>> & { email: string | null; phone: string | null };
let accounts = 0;
/** An account with a verified e-mail (or only a verified phone) and, for reviews, a phone. */
async function account(
  firstName: string,
  {
    userType = 'renter',
    how = 'email',
  }: { userType?: 'renter' | 'owner'; how?: 'email' | 'phone' } = {},
): Promise<Account> {
  accounts += 1;
  const phone = `+23324${String(7_000_000 + accounts).padStart(7, '0')}`;
  const created = await signUp(app, {
    firstName,
    userType,
    ...(how === 'phone' ? { registrationMethod: 'phone', phone, email: undefined } : {}),
  });
  const [row] = await db
    .update(users)
    .set({ emailVerified: how === 'email', phone, phoneVerified: true })
    .where(eq(users.id, created.userId))
    .returning();
  return { ...created, email: how === 'email' ? row!.email : null, phone: row!.phone };
}

let addresses = 0;
const call = (method: 'GET' | 'POST', url: string, who?: Account, payload?: object) => {
  addresses += 1;
  return app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
    remoteAddress: `10.42.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`,
  });
};
const step = (id: string, action: string, who?: Account) =>
  call('POST', `/api/viewings/${id}/${action}`, who, {});

let owner: Account;
let listingId: string;
beforeAll(async () => {
  owner = await account('Kofi', { userType: 'owner' });
  listingId = await createListing(db, owner.userId, { title: 'Chamber and hall, Osu' });
  const put = await app.inject({
    method: 'PUT',
    url: `/api/properties/${listingId}/viewing-hours`,
    headers: { cookie: owner.cookie },
    payload: {
      slotMinutes: 30,
      windows: [{ weekday: 6, start: '08:00', end: '18:00' }],
      blockedDates: [],
    },
  });
  expect(put.statusCode, put.body).toBe(200);
});

let slot = 0;
/**
 * A viewing confirmed by the owner for `renter`, next Saturday (28 November), each at a time
 * of its own; answers its id and when it ends.
 */
async function confirmed(renter: Account) {
  const startsAt = new Date(Date.parse('2026-11-28T08:00:00Z') + slot * 30 * 60_000);
  slot += 1;
  const booked = await call('POST', `/api/properties/${listingId}/viewings`, renter, {
    startsAt: startsAt.toISOString(),
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const id = booked.json().id as string;
  expect((await step(id, 'confirm', owner)).statusCode).toBe(200);
  return { id, endsAt: new Date(startsAt.getTime() + 30 * 60_000) };
}

/** Runs `body` with the clock at `at`, and puts it back. */
async function at<T>(when: Date, body: () => Promise<T>): Promise<T> {
  const shift = when.getTime() - clock.now().getTime();
  clock.advance(shift);
  try {
    return await body();
  } finally {
    clock.advance(-shift);
  }
}

const review = { rating: 4, asDescribed: 'mostly', askedForMoney: false, text: 'Clean, as shown.' };

describe('marking a no-show', () => {
  it('is open 48 hours after the slot’s end: at 47 h it holds, at 49 h 409 no_show_window_closed', async () => {
    const renter = await account('Ama');
    const early = await confirmed(renter);
    const late = await confirmed(renter);
    await at(new Date(early.endsAt.getTime() + 47 * HOUR), async () => {
      const marked = await step(early.id, 'no-show', owner);
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json()).toMatchObject({ renterNoShow: true, noShowDisputed: false });
    });
    await at(new Date(late.endsAt.getTime() + 49 * HOUR), async () => {
      const refused = await step(late.id, 'no-show', owner);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('no_show_window_closed');
    });
    // Before its time it is still the older refusal.
    const ahead = await step((await confirmed(renter)).id, 'no-show', owner);
    expect(ahead.json().code).toBe('viewing_no_show_refused');
  });

  it('is refused once the renter has reviewed the viewing (409 no_show_after_review)', async () => {
    const renter = await account('Abena');
    const { id, endsAt } = await confirmed(renter);
    await at(new Date(endsAt.getTime() + 2 * HOUR), async () => {
      const written = await call('POST', `/api/viewings/${id}/review`, renter, review);
      expect(written.statusCode, written.body).toBe(201);
      const refused = await step(id, 'no-show', owner);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('no_show_after_review');
      const seen = (await call('GET', `/api/viewings/${id}`, owner)).json();
      expect(seen.renterNoShow).toBe(false);
    });
  });

  it('is told to the renter by e-mail, with the link to answer, once; the lister is not told', async () => {
    const renter = await account('Efua');
    const { id, endsAt } = await confirmed(renter);
    await at(new Date(endsAt.getTime() + HOUR), async () => {
      expect((await step(id, 'no-show', owner)).statusCode).toBe(200);
      // Saying it twice changes nothing, and tells nobody again.
      expect((await step(id, 'no-show', owner)).statusCode).toBe(200);
    });
    const isNoShow = (row: { subject: string | null }) =>
      row.subject?.startsWith('The lister says you missed the viewing') ?? false;
    const mails = await notificationsTo(db, renter.email!, isNoShow, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      'The lister says you missed the viewing: “Chamber and hall, Osu”',
    );
    expect(mails[0]!.textBody).toContain('Kofi says you did not come to the viewing');
    expect(mails[0]!.textBody).toContain('“I was there”');
    expect(mails[0]!.textBody).toContain(`${publicUrl}/viewings/${id}`);
    expect(await notificationsTo(db, owner.email!, isNoShow)).toEqual([]);
  });

  it('reaches a renter with a phone only by SMS, one segment with a short link', async () => {
    const renter = await account('Yaw', { how: 'phone' });
    const { id, endsAt } = await confirmed(renter);
    await at(new Date(endsAt.getTime() + HOUR), async () => {
      expect((await step(id, 'no-show', owner)).statusCode).toBe(200);
    });
    const [text] = await notificationsTo(
      db,
      renter.phone!,
      (row) => row.textBody.startsWith('Abode: the lister says you missed'),
      1,
    );
    expect(new SegmentedMessage(text!.textBody).segmentsCount).toBe(1);
    const code = /\/l\/(\w{8})/.exec(text!.textBody)![1];
    expect((await app.inject({ url: `/l/${code}` })).headers.location).toBe(`/viewings/${id}`);
  });
});

describe('"I was there"', () => {
  it('is the renter’s answer to a no-show: 401, 403 for the lister, 404 for anyone else, 409 before one', async () => {
    const renter = await account('Akua');
    const stranger = await account('Kwame');
    const { id, endsAt } = await confirmed(renter);
    const before = await step(id, 'dispute-no-show', renter);
    expect(before.statusCode).toBe(409);
    expect(before.json().code).toBe('conflict');
    await at(new Date(endsAt.getTime() + HOUR), async () => {
      expect((await step(id, 'no-show', owner)).statusCode).toBe(200);
    });
    expect((await step(id, 'dispute-no-show')).statusCode).toBe(401);
    expect((await step(id, 'dispute-no-show', owner)).statusCode).toBe(403);
    const strangers = await step(id, 'dispute-no-show', stranger);
    expect(strangers.statusCode).toBe(404);
    expect(strangers.json().code).toBe('viewing_not_found');
    expect(
      (await step('00000000-0000-4000-8000-000000000000', 'dispute-no-show', renter)).statusCode,
    ).toBe(404);

    const disputed = await step(id, 'dispute-no-show', renter);
    expect(disputed.statusCode, disputed.body).toBe(200);
    // The viewing as GET /api/viewings/{id} answers it.
    const read = (await call('GET', `/api/viewings/${id}`, renter)).json();
    expect(disputed.json()).toEqual(read);
    expect(read).toMatchObject({ renterNoShow: true, noShowDisputed: true, renterRecord: null });
    // Again: the same answer, and nothing written twice.
    const again = await step(id, 'dispute-no-show', renter);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(read);

    // The lister reads it in the pair's conversation, once, and is told of it.
    const messages = (
      await call('GET', `/api/conversations/${read.conversationId}/messages`, owner)
    ).json().messages as { fromMe: boolean; event: { step: string; viewingId: string } | null }[];
    const lines = messages.filter((message) => message.event?.step === 'no_show_disputed');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ fromMe: false, event: { viewingId: id } });
    const [told] = await notificationsTo(
      db,
      owner.email!,
      (row) => row.subject?.startsWith('The renter says they came') ?? false,
      1,
    );
    expect(told!.textBody).toContain('Akua says they were at the viewing of “Chamber and hall');
    expect(told!.textBody).toContain(`${publicUrl}/viewings/${id}`);
  });

  it('leaves the no-show out of the renter’s record', async () => {
    const renter = await account('Esi');
    const first = await confirmed(renter);
    const second = await confirmed(renter);
    await at(new Date(second.endsAt.getTime() + HOUR), async () => {
      expect((await step(first.id, 'no-show', owner)).statusCode).toBe(200);
      const both = await step(second.id, 'no-show', owner);
      expect(both.json().renterRecord).toEqual({ booked: 2, cancelled: 0, noShows: 2 });
    });
    expect((await step(first.id, 'dispute-no-show', renter)).statusCode).toBe(200);
    const seen = (await call('GET', `/api/viewings/${second.id}`, owner)).json();
    expect(seen.renterRecord).toEqual({ booked: 2, cancelled: 0, noShows: 1 });
    const disputed = (await call('GET', `/api/viewings/${first.id}`, owner)).json();
    expect(disputed).toMatchObject({ renterNoShow: true, noShowDisputed: true });
  });

  it('keeps the renter’s right to review the viewing', async () => {
    const renter = await account('Adjoa');
    const { id, endsAt } = await confirmed(renter);
    await at(new Date(endsAt.getTime() + HOUR), async () => {
      expect((await step(id, 'no-show', owner)).statusCode).toBe(200);
      const refused = await call('POST', `/api/viewings/${id}/review`, renter, review);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().params?.reason).toBe('no_show');
      expect((await step(id, 'dispute-no-show', renter)).statusCode).toBe(200);
      const state = (await call('GET', `/api/viewings/${id}/review`, renter)).json();
      expect(state).toMatchObject({ canReview: true });
      const written = await call('POST', `/api/viewings/${id}/review`, renter, review);
      expect(written.statusCode, written.body).toBe(201);
    });
  });

  it('is limited to 20 a day per account (429), as cancelling is', async () => {
    const renter = await account('Kojo');
    const { id } = await confirmed(renter);
    const [row] = await db.select().from(viewings).where(eq(viewings.id, id));
    const missed = await db
      .insert(viewings)
      .values(
        Array.from({ length: 21 }, (_, index) => {
          const startsAt = new Date(Date.parse('2026-10-01T08:00:00Z') + index * 86_400_000);
          return {
            propertyId: row!.propertyId,
            renterId: renter.userId,
            listerId: owner.userId,
            conversationId: row!.conversationId,
            startsAt,
            endsAt: new Date(startsAt.getTime() + 30 * 60_000),
            timeZone: 'Africa/Accra',
            status: 'confirmed' as const,
            renterNoShowAt: new Date(startsAt.getTime() + HOUR),
          };
        }),
      )
      .returning({ id: viewings.id });
    for (const { id: each } of missed.slice(0, 20)) {
      expect((await step(each, 'dispute-no-show', renter)).statusCode).toBe(200);
    }
    const limited = await step(missed[20]!.id, 'dispute-no-show', renter);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
  });
});

describe('the words', () => {
  const context: TemplateContext = { forgotPasswordUrl: `${publicUrl}/forgot-password` };
  const notice = {
    kind: 'viewing-no-show' as const,
    firstName: 'Ama',
    otherName: 'Nana Akosua',
    title: 'Spacious “executive” three-bedroom townhouse — pool, garden and a lagoon view',
    address: 'Osu',
    place: null,
    viewingId: '00000000-0000-4000-8000-000000000001',
    startsAt: '2026-12-05T10:30:00+00:00',
    endsAt: '2026-12-05T11:00:00+00:00',
    timeZone: 'Africa/Accra',
    link: 'abode.com.gh/l/Ab3dEf9h',
  };

  it.each(languageCodes)(
    '%s: the no-show reaches the renter in one SMS segment with the link, and an e-mail that says how to answer',
    (locale) => {
      const sms = renderSms(viewingNotifications, notice, locale, context);
      expect(new SegmentedMessage(sms).segmentsCount, sms).toBe(1);
      expect(sms).toContain(notice.link);
      const email = renderEmail(viewingNotifications, notice, locale, context);
      expect(email.text).toContain(notice.link);
      expect(email.text).toContain('Nana Akosua');
      expect(email.subject.length).toBeGreaterThan(10);
    },
  );
});
