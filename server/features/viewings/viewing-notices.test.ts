import { eq, sql } from 'drizzle-orm';
import { SegmentedMessage } from 'sms-segments-calculator';
import { describe, expect, it } from 'vitest';
import { languageCodes } from '#common/languages';
import { listingGoneCauses, viewingSteps } from '#common/viewings';
import { rowsOf } from '../../db/client';
import { users } from '../../db/schema';
import { renderEmail, renderSms, type TemplateContext } from '../../lib/notification-templates';
import { createListing } from '../../testing/builders';
import {
  createTestApp,
  manualClock,
  notificationsTo,
  releaseHeldNotices,
  signUp,
} from '../../testing/test-app';
import { viewingTestDeps } from '../../testing/viewings';
import { viewingNotifications } from './notifications';
import { remindDue, reminderTimes } from './reminders';
import { viewings } from './schema';

// What viewings tell people (issue 38): each step reaches the other party by e-mail, or SMS in
// one segment without a verified address; the confirmation carries the calendar file to both,
// a cancellation its cancelled version; both are reminded the evening before (18:00 where the
// place is) and 2 hours before, once, and only while the viewing stands.
// The clock: Saturday 21 November 2026, 12:00 in Accra.
const clock = manualClock();
const publicUrl = 'https://abode.com.gh';
const { app, database } = await createTestApp({ publicUrl }, { clock: clock.now });
const db = database.db;
const deps = viewingTestDeps(app, db, clock.now, publicUrl);

type Account = Awaited<ReturnType<typeof signUp>> & { email: string | null; phone: string | null };
let accounts = 0;
async function account(firstName: string, how: 'email' | 'phone', userType = 'renter') {
  accounts += 1;
  const phone = `+23324${String(8_000_000 + accounts).padStart(7, '0')}`;
  const created = await signUp(app, {
    firstName,
    userType: userType as 'renter' | 'owner',
    ...(how === 'phone' ? { registrationMethod: 'phone', phone, email: undefined } : {}),
  });
  const [row] = await db
    .update(users)
    .set({ emailVerified: how === 'email', phoneVerified: how === 'phone' })
    .where(eq(users.id, created.userId))
    .returning();
  return { ...created, email: row!.email, phone: row!.phone } satisfies Account;
}

const call = (url: string, who: Account, payload: object = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: { cookie: who.cookie },
    payload,
    remoteAddress: `10.41.0.${(accounts % 250) + 1}`,
  });

/** An owner's listing with Saturday hours, and a renter's request for 10:30 next Saturday. */
async function requested(renterHow: 'email' | 'phone' = 'email') {
  const owner = await account('Kofi', 'email', 'owner');
  const listingId = await createListing(db, owner.userId, {
    title: 'Chamber and hall, Osu',
    address: 'Osu',
    streetAddress: '12 Oxford Street',
    ghanaPostGps: 'GA-123-4567',
    latitude: 5.556,
    longitude: -0.182,
  });
  await app.inject({
    method: 'PUT',
    url: `/api/properties/${listingId}/viewing-hours`,
    headers: { cookie: owner.cookie },
    payload: {
      slotMinutes: 30,
      windows: [{ weekday: 6, start: '10:00', end: '14:00' }],
      blockedDates: [],
    },
  });
  const renter = await account('Ama', renterHow);
  const response = await call(`/api/properties/${listingId}/viewings`, renter, {
    startsAt: '2026-11-28T10:30:00Z',
  });
  expect(response.statusCode, response.body).toBe(201);
  return { owner, renter, listingId, viewingId: response.json().id as string };
}

/** The e-mails to `to` whose subject starts with `subject` (not the sign-up's code). */
const mailsTo = (to: string | null, subject: string) =>
  notificationsTo(db, to!, (row) => row.subject?.startsWith(subject) ?? false, 1);

describe('each step reaches the other party', () => {
  it('a request reaches the lister by e-mail, naming the renter, the place and the time', async () => {
    const { owner, viewingId } = await requested();
    // Held 10 minutes first (request-notices.test.ts).
    await releaseHeldNotices(db);
    const [mail] = await mailsTo(owner.email, 'Viewing request');
    expect(mail!.subject).toBe(
      'Viewing request: “Chamber and hall, Osu”, Sat, Nov 28, 10:30 AM GMT',
    );
    expect(mail!.textBody).toContain('Ama would like to see “Chamber and hall, Osu”');
    expect(mail!.textBody).toContain('Viewings booked on Abode are free.');
    expect(mail!.textBody).toContain(`${publicUrl}/viewings/${viewingId}`);
    expect(mail!.attachments).toEqual([]);
    // Nothing of where exactly before a confirmation (issue 50).
    expect(mail!.textBody).not.toMatch(/Oxford|GA-123-4567/);
  });

  it('a confirmation reaches both, each with the calendar file of the viewing', async () => {
    const { owner, renter, viewingId } = await requested();
    expect((await call(`/api/viewings/${viewingId}/confirm`, owner)).statusCode).toBe(200);
    const confirmed = (row: { subject: string | null }) =>
      row.subject?.startsWith('Viewing confirmed') ?? false;
    const [toRenter] = await notificationsTo(db, renter.email!, confirmed, 1);
    const [toOwner] = await notificationsTo(db, owner.email!, confirmed, 1);
    expect(toRenter!.textBody).toContain(
      'Kofi confirmed your viewing of “Chamber and hall, Osu” on Sat, Nov 28, 10:30 AM GMT, at Osu.',
    );
    // Where exactly, now that it is confirmed (issue 50).
    expect(toRenter!.textBody).toContain('Address: 12 Oxford Street. GhanaPost GPS: GA-123-4567.');
    expect(toOwner!.textBody).toContain('You confirmed Ama’s viewing');
    for (const mail of [toRenter!, toOwner!]) {
      const [file] = mail.attachments;
      expect(file!.filename).toBe('viewing.ics');
      expect(file!.contentType).toContain('text/calendar');
      const ics = file!.content.replace(/\r\n /g, '');
      expect(ics).toContain('METHOD:PUBLISH');
      expect(ics).toContain(`UID:viewing-${viewingId}@abode`);
      expect(ics).toContain('DTSTART:20261128T103000Z');
      expect(ics).toContain('DTEND:20261128T110000Z');
      expect(ics).toContain('LOCATION:12 Oxford Street\\, Osu\\, GhanaPost GPS GA-123-4567');
      expect(ics).toContain('GEO:5.556;-0.182');
      expect(ics).toContain('STATUS:CONFIRMED');
    }
  });

  it('cancelling a confirmed viewing sends both its cancelled calendar file', async () => {
    const { owner, renter, viewingId } = await requested();
    await call(`/api/viewings/${viewingId}/confirm`, owner);
    const cancel = await call(`/api/viewings/${viewingId}/cancel`, renter, { reason: 'Sorry' });
    expect(cancel.statusCode).toBe(200);
    const cancelled = (row: { subject: string | null }) =>
      row.subject?.startsWith('Viewing cancelled') ?? false;
    const [toOwner] = await notificationsTo(db, owner.email!, cancelled, 1);
    const [toRenter] = await notificationsTo(db, renter.email!, cancelled, 1);
    expect(toOwner!.textBody).toContain('Ama cancelled the viewing');
    expect(toRenter!.textBody).toContain('You cancelled the viewing');
    for (const mail of [toOwner!, toRenter!]) {
      // Cancelled: the place is no longer given (issue 50).
      expect(mail.textBody).not.toMatch(/Oxford|GA-123-4567/);
      const ics = mail.attachments[0]!.content;
      expect(ics).not.toMatch(/Oxford|GA-123-4567|GEO:/);
      expect(ics).toContain('METHOD:CANCEL');
      expect(ics).toContain('STATUS:CANCELLED');
      expect(ics).toContain('SEQUENCE:1');
      expect(ics).toContain(`UID:viewing-${viewingId}@abode`);
    }
  });

  it('a renter with a phone only hears of a decline by SMS, one segment with a short link', async () => {
    const { owner, renter, viewingId } = await requested('phone');
    await call(`/api/viewings/${viewingId}/decline`, owner, {
      suggestedStartsAt: '2026-11-28T12:00:00Z',
    });
    const [text] = await notificationsTo(
      db,
      renter.phone!,
      (row) => row.textBody.startsWith('Abode: viewing'),
      1,
    );
    expect(new SegmentedMessage(text!.textBody).segmentsCount).toBe(1);
    expect(text!.textBody).toMatch(
      /^Abode: viewing of "Chamber and hall, Osu" Sat, Nov 28, 10:30 AM GMT declined\. abode\.com\.gh\/l\/\w{8}$/,
    );
    const code = /\/l\/(\w{8})/.exec(text!.textBody)![1];
    const opened = await app.inject({ url: `/l/${code}` });
    expect(opened.headers.location).toBe(`/viewings/${viewingId}`);
  });

  it('a renter with a phone only gets the GhanaPost GPS code by SMS once confirmed, and in the reminder (issue 50)', async () => {
    const { owner, renter, viewingId } = await requested('phone');
    const texts = async () =>
      notificationsTo(db, renter.phone!, (row) => row.textBody.startsWith('Abode'), 0);
    // The request's own texts (none to the renter) carry no code.
    expect((await texts()).some((row) => row.textBody.includes('GA-123-4567'))).toBe(false);
    await call(`/api/viewings/${viewingId}/confirm`, owner);
    const [confirmed] = await notificationsTo(
      db,
      renter.phone!,
      (row) => row.textBody.includes('confirmed'),
      1,
    );
    expect(new SegmentedMessage(confirmed!.textBody).segmentsCount).toBe(1);
    expect(confirmed!.textBody).toMatch(
      /^Abode: viewing of ".*" confirmed for Sat, Nov 28, 10:30 AM GMT\. GPS GA-123-4567\. abode\.com\.gh\/l\/\w{8}$/,
    );
    await remindDue(deps, new Date('2026-11-28T08:30:00Z'));
    const [reminded] = await notificationsTo(
      db,
      renter.phone!,
      (row) => row.textBody.startsWith('Abode reminder'),
      1,
    );
    expect(reminded!.textBody).toContain('GPS GA-123-4567.');
    expect(new SegmentedMessage(reminded!.textBody).segmentsCount).toBe(1);
    // Cancelled: its text carries no code.
    await call(`/api/viewings/${viewingId}/cancel`, owner, { reason: 'Sorry' });
    const [cancelled] = await notificationsTo(
      db,
      renter.phone!,
      (row) => row.textBody.includes('cancelled'),
      1,
    );
    expect(cancelled!.textBody).not.toContain('GA-123-4567');
  });

  it('the viewing gives the street address, code and pin to the renter only while confirmed (issue 50)', async () => {
    const { owner, renter, viewingId } = await requested();
    const place = async (who: Account) => {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/viewings/${viewingId}`,
        headers: { cookie: who.cookie },
      });
      expect(answer.statusCode).toBe(200);
      const { address, streetAddress, ghanaPostGps, pin } = answer.json().property;
      return { address, streetAddress, ghanaPostGps, pin };
    };
    const hidden = { address: 'Osu', streetAddress: null, ghanaPostGps: null, pin: null };
    const shown = {
      address: 'Osu',
      streetAddress: '12 Oxford Street',
      ghanaPostGps: 'GA-123-4567',
      pin: { latitude: 5.556, longitude: -0.182 },
    };
    expect(await place(renter)).toEqual(hidden);
    expect(await place(owner)).toEqual(shown);
    await call(`/api/viewings/${viewingId}/confirm`, owner);
    expect(await place(renter)).toEqual(shown);
    await call(`/api/viewings/${viewingId}/cancel`, owner, { reason: 'Sorry' });
    expect(await place(renter)).toEqual(hidden);
  });

  it('the lister is not also sent the unread-message reminder for a step', async () => {
    const { viewingId } = await requested();
    const reminders = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from pgboss.job where name = 'conversation-reminders' and data->>'conversationId' = (select conversation_id::text from viewings where id = ${viewingId})`,
    );
    expect(reminders[0]!.n).toBe(0);
  });
});

/** The reminders a viewing has had. */
async function sentOf(viewingId: string): Promise<string[]> {
  const [row] = await db.select().from(viewings).where(eq(viewings.id, viewingId));
  return row!.remindersSent;
}

describe('reminders', () => {
  it('are due at 18:00 the evening before where the place is, and 2 hours before', () => {
    const accra = reminderTimes(new Date('2026-11-28T10:30:00Z'), 'Africa/Accra');
    expect(accra.evening.toISOString()).toBe('2026-11-27T18:00:00.000Z');
    expect(accra.soon.toISOString()).toBe('2026-11-28T08:30:00.000Z');
    const losAngeles = reminderTimes(new Date('2027-03-14T17:00:00Z'), 'America/Los_Angeles');
    // 18:00 on Saturday 13 March is still standard time (UTC−8).
    expect(losAngeles.evening.toISOString()).toBe('2027-03-14T02:00:00.000Z');
  });

  it('remind both parties once, when due by the clock, while the viewing stands', async () => {
    const { owner, renter, viewingId } = await requested();
    await call(`/api/viewings/${viewingId}/confirm`, owner);
    const [row] = await db.select().from(viewings).where(eq(viewings.id, viewingId));
    expect(row!.eveningReminderAt?.toISOString()).toBe('2026-11-27T18:00:00.000Z');
    expect(row!.soonReminderAt?.toISOString()).toBe('2026-11-28T08:30:00.000Z');

    const reminder = (row: { subject: string | null }) =>
      row.subject?.startsWith('Reminder: viewing') ?? false;
    // Other tests' viewings share the scan: each assertion reads this viewing's own row.
    await remindDue(deps, new Date('2026-11-27T17:59:00Z'));
    expect(await sentOf(viewingId)).toEqual([]);
    await remindDue(deps, new Date('2026-11-27T18:00:00Z'));
    expect(await sentOf(viewingId)).toEqual(['evening']);
    await remindDue(deps, new Date('2026-11-27T18:01:00Z'));
    const [toRenter] = await notificationsTo(db, renter.email!, reminder, 1);
    expect(toRenter!.textBody).toContain(
      'Tomorrow: your viewing of “Chamber and hall, Osu” with Kofi',
    );
    expect(toRenter!.textBody).toContain('Address: 12 Oxford Street. GhanaPost GPS: GA-123-4567.');
    const [toOwner] = await notificationsTo(db, owner.email!, reminder, 1);
    expect(toOwner!.textBody).toContain('with Ama');

    // Cancelled: the 2-hour reminder is not sent.
    await call(`/api/viewings/${viewingId}/cancel`, renter);
    await remindDue(deps, new Date('2026-11-28T08:30:00Z'));
    expect(await sentOf(viewingId)).toEqual(['evening']);
    expect(await notificationsTo(db, renter.email!, reminder, 1)).toHaveLength(1);
  });

  it('send only the nearer one when the scan comes late, and none for a time past at confirmation', async () => {
    const { owner, renter, viewingId } = await requested();
    await call(`/api/viewings/${viewingId}/confirm`, owner);
    // No scan ran in the evening (the servers were down): "in 2 hours" says it all.
    await remindDue(deps, new Date('2026-11-28T08:45:00Z'));
    expect(await sentOf(viewingId)).toEqual(['evening', 'soon']);
    await remindDue(deps, new Date('2026-11-28T08:50:00Z'));
    const reminders = await notificationsTo(
      db,
      renter.email!,
      (row) => row.subject?.startsWith('Reminder: viewing') ?? false,
      1,
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.textBody).toContain('In 2 hours:');

    const late = await requested();
    clock.advance(Date.parse('2026-11-27T20:00:00Z') - clock.now().getTime());
    try {
      expect((await call(`/api/viewings/${late.viewingId}/confirm`, late.owner)).statusCode).toBe(
        200,
      );
      const [row] = await db.select().from(viewings).where(eq(viewings.id, late.viewingId));
      expect(row!.eveningReminderAt).toBeNull();
      expect(row!.soonReminderAt?.toISOString()).toBe('2026-11-28T08:30:00.000Z');
    } finally {
      clock.advance(Date.parse('2026-11-21T12:00:00Z') - clock.now().getTime());
    }
  });
});

describe('the words', () => {
  const context: TemplateContext = { forgotPasswordUrl: `${publicUrl}/forgot-password` };
  const notice = {
    firstName: 'Ama',
    otherName: 'Nana Akosua',
    title: 'Spacious “executive” three-bedroom townhouse — pool, garden and a lagoon view',
    address: 'Osu',
    // A confirmed viewing's notices carry its code (issue 50): they still fit one segment.
    place: {
      streetAddress: '12 Oxford Street',
      ghanaPostGps: 'GA-123-4567',
      latitude: 5.556,
      longitude: -0.182,
    },
    viewingId: '00000000-0000-4000-8000-000000000001',
    startsAt: '2026-12-05T10:30:00+00:00',
    endsAt: '2026-12-05T11:00:00+00:00',
    timeZone: 'Africa/Accra',
    link: 'abode.com.gh/l/Ab3dEf9h',
  };

  it.each(languageCodes.flatMap((locale) => viewingSteps.map((step) => [locale, step] as const)))(
    '%s, %s: an SMS of one segment with the link, an e-mail that says viewings are free',
    (locale, step) => {
      const notification = {
        kind: 'viewing-step' as const,
        ...notice,
        step,
        byMe: false,
        suggestedStartsAt: null,
        cause: null,
        calendar: null,
        at: '2026-11-28T12:00:00Z',
      };
      const sms = renderSms(viewingNotifications, notification, locale, context);
      expect(new SegmentedMessage(sms).segmentsCount, sms).toBe(1);
      expect(sms).toContain(notice.link);
      const email = renderEmail(viewingNotifications, notification, locale, context);
      expect(email.text).toContain(notice.link);
      expect(email.subject.length).toBeGreaterThan(10);
    },
  );

  // Issue 51: Abode's own cancellation, its listing gone, says why in each language.
  it.each(
    languageCodes.flatMap((locale) => listingGoneCauses.map((cause) => [locale, cause] as const)),
  )('%s, cancelled for %s: an SMS of one segment, an e-mail that says why', (locale, cause) => {
    const notification = {
      kind: 'viewing-step' as const,
      ...notice,
      step: 'cancelled' as const,
      byMe: false,
      suggestedStartsAt: null,
      cause,
      calendar: null,
      at: '2026-11-28T12:00:00Z',
    };
    const sms = renderSms(viewingNotifications, notification, locale, context);
    expect(new SegmentedMessage(sms).segmentsCount, sms).toBe(1);
    expect(sms).toContain(notice.link);
    const email = renderEmail(viewingNotifications, notification, locale, context);
    const plain = renderEmail(
      viewingNotifications,
      { ...notification, cause: null },
      locale,
      context,
    );
    // Not "the other party cancelled": the listing's leaving is said instead.
    expect(email.text).not.toBe(plain.text);
    expect(email.text).toContain(notice.link);
  });

  it.each(languageCodes)('%s: a reminder SMS of one segment', (locale) => {
    const sms = renderSms(
      viewingNotifications,
      { kind: 'viewing-reminder', ...notice, when: 'soon' },
      locale,
      context,
    );
    expect(new SegmentedMessage(sms).segmentsCount, sms).toBe(1);
    expect(sms).toContain(notice.link);
  });
});
