import { and, eq, lt } from 'drizzle-orm';
import type { NotificationKind } from '#common/deliveries';
import { isLanguageCode } from '#common/languages';
import type { Database } from '../../db/client';
import { foldedNotices } from '../../db/notice-schema';
import { NOTICES_PER_DAY, type CappedChannel } from '../../lib/notice-cap';
import type { Notifier } from '../../lib/notifier';
import { messageLink, type ShortLinks } from '../../lib/short-links';
import type { DigestGroup } from './notifications';

/**
 * The daily digest of notices past a person's cap (issue 50, server/lib/notice-cap.ts): sent
 * at 18:00 UTC (Ghana's evening) for what was held back before then, one message per address
 * or number and channel. The hourly schedule catches a missed hour.
 */
export const DIGEST_QUEUE = 'notice-digest';
export const DIGEST_HOUR_UTC = 18;

/**
 * The group each kind is counted in; null for the kinds never held back (codes, resets, the
 * digest itself). A kind added to common/deliveries.ts must be placed here to compile.
 */
const groupOfKind: Record<NotificationKind, DigestGroup | null> = {
  'email-verification': null,
  'phone-verification': null,
  'password-reset': null,
  'password-reset-code': null,
  'password-changed': null,
  'notice-digest': null,
  'inbox-reply': null,
  'listing-approved': 'listings',
  'listing-rejected': 'listings',
  'listing-changes-rejected': 'listings',
  'listing-hidden-for-reports': 'listings',
  'listing-removed': 'listings',
  'report-outcome': 'listings',
  'verification-decided': 'listings',
  'listing-confirm-reminder': 'listings',
  'listing-expired': 'listings',
  'video-ready': 'listings',
  'saved-search-alert': 'alerts',
  'favorite-price-drop': 'alerts',
  'inbox-message': 'messages',
  'unread-messages': 'messages',
  'viewing-step': 'viewings',
  'viewing-reminder': 'viewings',
  'viewing-no-show': 'viewings',
  'review-invitation': 'reviews',
  'review-decision': 'reviews',
};

/** The last 18:00 UTC at or before `now`: what was held back before it goes now. */
export function digestCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCHours(DIGEST_HOUR_UTC, 0, 0, 0);
  if (cutoff > now) cutoff.setUTCDate(cutoff.getUTCDate() - 1);
  return cutoff;
}

export type DigestDeps = {
  db: Database;
  notifier: Notifier;
  links: ShortLinks;
  publicUrl: string;
};

const BATCH = 200;

/** Sends the digests due at `now`; answers how many. */
export async function sendNoticeDigests(deps: DigestDeps, now: Date): Promise<number> {
  const cutoff = digestCutoff(now);
  let sent = 0;
  for (;;) {
    const due = await deps.db
      .selectDistinct({ channel: foldedNotices.channel, recipient: foldedNotices.recipient })
      .from(foldedNotices)
      .where(lt(foldedNotices.foldedAt, cutoff))
      .limit(BATCH);
    for (const { channel, recipient } of due) {
      if (await sendDigest(deps, channel, recipient, cutoff, now)) sent += 1;
    }
    if (due.length < BATCH) return sent;
  }
}

/** One recipient's digest, written in the transaction that takes their held-back notices. */
async function sendDigest(
  deps: DigestDeps,
  channel: CappedChannel,
  recipient: string,
  cutoff: Date,
  now: Date,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const taken = await tx
      .delete(foldedNotices)
      .where(
        and(
          eq(foldedNotices.channel, channel),
          eq(foldedNotices.recipient, recipient),
          lt(foldedNotices.foldedAt, cutoff),
        ),
      )
      .returning({
        kind: foldedNotices.kind,
        locale: foldedNotices.locale,
        at: foldedNotices.foldedAt,
      });
    if (taken.length === 0) return false;
    const counts: Partial<Record<DigestGroup, number>> = {};
    for (const { kind } of taken) {
      const group = groupOfKind[kind as NotificationKind] ?? 'listings';
      counts[group] = (counts[group] ?? 0) + 1;
    }
    // In the language of the latest notice held back: the person's language then.
    const latest = taken.reduce((a, b) => (b.at > a.at ? b : a));
    const locale = isLanguageCode(latest.locale) ? latest.locale : 'en';
    const message = {
      kind: 'notice-digest' as const,
      counts,
      cap: NOTICES_PER_DAY[channel],
      link: await messageLink(deps.links, deps.publicUrl, channel, '/dashboard', { now, db: tx }),
      settingsLink: new URL('/account-settings', deps.publicUrl).toString(),
    };
    if (channel === 'email') await deps.notifier.email(recipient, message, locale, { db: tx });
    else await deps.notifier.sms(recipient, message, locale, { db: tx });
    return true;
  });
}
