import { UNSUBSCRIBE_LINK_DAYS, type AlertChannel } from '#common/saved-searches';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { NotDelivered, type Notification, type Notifier } from '../../lib/notifier';
import { messageLink, type ShortLinks } from '../../lib/short-links';
import type { UnsubscribeLink } from './unsubscribe';

/** How alerts leave (saved searches, price drops): the channel's address, links, the queue. */
type DeliveryDeps = {
  notifier: Notifier;
  links: ShortLinks;
  publicUrl: string;
  log: { warn: (object: object, message: string) => void };
};

/** The channel's address if the user verified it; else nobody can get the alert. */
export function recipient(user: UserRow, channel: AlertChannel): string | null {
  if (channel === 'sms') return user.phoneVerified ? user.phone : null;
  return user.emailVerified ? user.email : null;
}

/** Where a user's own alerts go when they chose nothing (price drops): e-mail, else SMS. */
export function defaultChannel(user: UserRow): AlertChannel | null {
  if (recipient(user, 'email')) return 'email';
  return recipient(user, 'sms') ? 'sms' : null;
}

/**
 * Makes a path of this site a link for the channel: the full address in an e-mail, a short
 * link in a text message (one segment), without "https://", as phones make "abode.com.gh/l/…"
 * a link all the same.
 */
export function linkFor(deps: DeliveryDeps, tx: Database, channel: AlertChannel, now: Date) {
  return (path: string, days = LINK_DAYS) =>
    messageLink(deps.links, deps.publicUrl, channel, path, { days, now, db: tx });
}

/** How long an alert's short links to listings and searches work. */
const LINK_DAYS = 30;

/**
 * An alert's unsubscribe links (issue 34): the page that asks before stopping, as the
 * channel's link, lasting as long as the token in it; and for e-mail the RFC 8058 one-click
 * address, a full https address of this site, for the List-Unsubscribe header.
 */
export async function unsubscribeLinksFor(
  deps: DeliveryDeps,
  link: ReturnType<typeof linkFor>,
  paths: UnsubscribeLink,
): Promise<{ unsubscribeLink: string; oneClickLink: string }> {
  return {
    unsubscribeLink: await link(paths.page, UNSUBSCRIBE_LINK_DAYS),
    oneClickLink: new URL(paths.oneClick, deps.publicUrl).toString(),
  };
}

/**
 * Queues an alert in the caller's transaction; false when the channel has no verified address.
 * A provider's refusal is logged: the alert counts as sent (the queue retries what it can).
 */
export async function sendAlert(
  deps: DeliveryDeps,
  tx: Database,
  user: UserRow,
  channel: AlertChannel,
  message: Notification,
): Promise<boolean> {
  const to = recipient(user, channel);
  if (!to) return false;
  const send =
    channel === 'sms'
      ? deps.notifier.sms(to, message, user.locale, { db: tx })
      : deps.notifier.email(to, message, user.locale, { db: tx });
  await send.catch((error: unknown) => {
    if (!(error instanceof NotDelivered)) throw error;
    deps.log.warn({ err: error, userId: user.id, kind: message.kind }, 'could not send an alert');
  });
  return true;
}
