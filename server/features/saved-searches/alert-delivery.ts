import type { AlertChannel } from '#common/saved-searches';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { NotDelivered, type Message, type Messenger } from '../../lib/messenger';
import type { ShortLinks } from '../../lib/short-links';

/** How alerts leave (saved searches, price drops): the channel's address, links, the queue. */
type DeliveryDeps = {
  messenger: Messenger;
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
  return async (path: string) => {
    if (channel === 'email') return new URL(path, deps.publicUrl).toString();
    const short = await deps.links.shorten(path, { days: 30, now, db: tx });
    return short.replace(/^https:\/\//, '');
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
  message: Message,
): Promise<boolean> {
  const to = recipient(user, channel);
  if (!to) return false;
  const send =
    channel === 'sms'
      ? deps.messenger.sms(to, message, user.locale, { db: tx })
      : deps.messenger.email(to, message, user.locale, { db: tx });
  await send.catch((error: unknown) => {
    if (!(error instanceof NotDelivered)) throw error;
    deps.log.warn({ err: error, userId: user.id, kind: message.kind }, 'could not send an alert');
  });
  return true;
}
