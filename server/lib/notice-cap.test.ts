import { eq, sql } from 'drizzle-orm';
import { SegmentedMessage } from 'sms-segments-calculator';
import { describe, expect, it } from 'vitest';
import { foldedNotices, noticeTallies } from '../db/notice-schema';
import { outboxMessages } from '../db/schema';
import { createTestApp, deliveriesSettled, manualClock } from '../testing/test-app';
import { NOTICES_PER_DAY } from './notice-cap';
import type { Notification } from './notifier';
import { sendNoticeDigests } from '../features/notifications/digest';
import { digestNotifications } from '../features/notifications/notifications';
import { languageCodes } from '#common/languages';
import { renderEmail, renderSms } from './notification-templates';
import { createShortLinks } from './short-links';

// Notices nobody can pump (issue 50): a person gets at most 10 SMS and 30 e-mails a day of
// everything but codes and resets; the rest are folded into one daily digest.
// The clock: Saturday 21 November 2026, 12:00 UTC (Accra).
const clock = manualClock();
const publicUrl = 'https://abode.com.gh';
const { app, database } = await createTestApp({ publicUrl }, { clock: clock.now });
const db = database.db;
const digestDeps = {
  db,
  notifier: app.notifier,
  links: createShortLinks(db, publicUrl),
  publicUrl,
};

let numbers = 0;
const newNumber = () => `+23320${String(5_000_000 + ++numbers).padStart(7, '0')}`;

const viewingNotice = (n: number): Notification =>
  ({
    kind: 'viewing-reminder',
    firstName: 'Kofi',
    otherName: 'Ama',
    title: `Chamber and hall ${n}`,
    address: 'Osu',
    place: null,
    viewingId: '00000000-0000-4000-8000-000000000001',
    startsAt: '2026-11-28T10:30:00+00:00',
    endsAt: '2026-11-28T11:00:00+00:00',
    timeZone: 'Africa/Accra',
    link: 'abode.com.gh/l/abc123',
    when: 'soon',
  }) as unknown as Notification;

const outboxTo = async (to: string) => {
  await deliveriesSettled(db);
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, to))
    .orderBy(outboxMessages.createdAt);
};

describe('the digest', () => {
  it('fits one SMS segment in every language with every group counted in two digits', () => {
    for (const locale of languageCodes) {
      const text = renderSms(
        digestNotifications,
        {
          kind: 'notice-digest',
          counts: { viewings: 24, messages: 13, reviews: 12, listings: 11, alerts: 10 },
          cap: 10,
          link: 'abode.com.gh/l/abc123',
          settingsLink: `${publicUrl}/account-settings`,
        },
        locale,
        { forgotPasswordUrl: `${publicUrl}/forgot-password` },
      );
      expect(new SegmentedMessage(text).segmentsCount, `${locale}: ${text}`).toBe(1);
      expect(text).toContain('70');
    }
  });

  it('says by e-mail how many of each group waited, with links to the app and the settings', () => {
    for (const locale of languageCodes) {
      const mail = renderEmail(
        digestNotifications,
        {
          kind: 'notice-digest',
          counts: { viewings: 4, messages: 1 },
          cap: 30,
          link: `${publicUrl}/dashboard`,
          settingsLink: `${publicUrl}/account-settings`,
        },
        locale,
        { forgotPasswordUrl: `${publicUrl}/forgot-password` },
      );
      expect(mail.subject, locale).toContain('5');
      // The groups in their order, viewings first.
      expect(mail.text, locale).toMatch(/• 4 [^\n]*\n+• 1 /);
      expect(mail.text, locale).toContain('30');
      expect(mail.html, locale).toContain(`href="${publicUrl}/dashboard"`);
      expect(mail.html, locale).toContain(`href="${publicUrl}/account-settings"`);
    }
  });
});

describe('the daily cap of notices per recipient', () => {
  it('sends 10 SMS of a day, folds the rest, and still sends codes', async () => {
    const phone = newNumber();
    for (let n = 0; n < 14; n++) await app.notifier.sms(phone, viewingNotice(n), 'en');
    expect(await outboxTo(phone)).toHaveLength(NOTICES_PER_DAY.sms);
    const folded = await db.select().from(foldedNotices).where(eq(foldedNotices.recipient, phone));
    expect(folded.map((row) => row.kind)).toEqual(Array(4).fill('viewing-reminder'));
    // A code is not a notice of the cap: a person locked out gets it.
    await app.notifier.sms(phone, { kind: 'phone-verification', code: '123456' }, 'en');
    const after = await outboxTo(phone);
    expect(after).toHaveLength(NOTICES_PER_DAY.sms + 1);
    expect(after.at(-1)!.textBody).toContain('123456');
  });

  it('caps e-mails at 30 a day, by address whatever its case', async () => {
    const email = `flooded${++numbers}@example.com`;
    for (let n = 0; n < 32; n++) {
      await app.notifier.email(n % 2 ? email : email.toUpperCase(), viewingNotice(n), 'en');
    }
    await deliveriesSettled(db);
    const rows = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxMessages)
      .where(sql`lower(${outboxMessages.recipient}) = ${email}`);
    expect(rows[0]!.n).toBe(NOTICES_PER_DAY.email);
  });

  it('forwards every support and contact message to the support address, past 30 a day', async () => {
    const support = `support${++numbers}@abode.example`;
    for (let n = 0; n < NOTICES_PER_DAY.email + 5; n++) {
      await app.notifier.email(
        support,
        {
          kind: 'inbox-message',
          source: 'support',
          subject: `Upload stops ${n}`,
          body: 'The photo upload stops at 50 %.',
          fields: [['email', 'esi@example.com']],
        },
        'en',
      );
    }
    const forwarded = await outboxTo(support);
    expect(forwarded).toHaveLength(NOTICES_PER_DAY.email + 5);
    expect(forwarded.at(-1)!.subject).toContain(`Upload stops ${NOTICES_PER_DAY.email + 4}`);
  });

  it('folds the rest into one digest at 18:00, then counts anew the next day', async () => {
    const phone = newNumber();
    for (let n = 0; n < 13; n++) await app.notifier.sms(phone, viewingNotice(n), 'fr');
    expect(await outboxTo(phone)).toHaveLength(10);
    // Before 18:00 nothing is due.
    expect(await sendNoticeDigests(digestDeps, clock.now())).toBe(0);
    clock.advance(6 * 3600_000); // 18:00
    expect(await sendNoticeDigests(digestDeps, clock.now())).toBeGreaterThanOrEqual(1);
    const texts = await outboxTo(phone);
    expect(texts).toHaveLength(11);
    const digest = texts.at(-1)!.textBody;
    expect(digest).toMatch(
      /^Abode : 3 autres notifications aujourd'hui : 3 visites\. Voir : abode\.com\.gh\/l\/\w+$/,
    );
    expect(new SegmentedMessage(digest).segmentsCount).toBe(1);
    // Sent once: nothing is left to fold.
    expect(await sendNoticeDigests(digestDeps, clock.now())).toBe(0);
    expect(await db.select().from(foldedNotices).where(eq(foldedNotices.recipient, phone))).toEqual(
      [],
    );
    // The next day the recipient has 10 again.
    clock.advance(7 * 3600_000); // 01:00 on Sunday
    for (let n = 0; n < 3; n++) await app.notifier.sms(phone, viewingNotice(n), 'fr');
    expect(await outboxTo(phone)).toHaveLength(14);
    const tallies = await db.select().from(noticeTallies).where(eq(noticeTallies.recipient, phone));
    expect(tallies.map((row) => [row.day, row.sent]).sort()).toEqual([
      ['2026-11-21', 10],
      ['2026-11-22', 3],
    ]);
  });
});
