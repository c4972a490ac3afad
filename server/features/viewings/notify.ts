import type { ConversationEvent } from '#common/conversations';
import { eq, inArray } from 'drizzle-orm';
import type { ViewingStep } from '#common/viewings';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { noticeContact, type NoticeKind } from '../../lib/notice-channels';
import {
  NotDelivered,
  type DeliveryId,
  type Notification,
  type Notifier,
} from '../../lib/notifier';
import { messageLink, type ShortLinks } from '../../lib/short-links';
import type { SignedTokens } from '../../lib/signed-tokens';
import { calendarPath } from './calendar-link';
import { relayableName } from '../conversations/service';
import { properties } from '../listings/service';
import type { ExactPlace } from './calendar';
import type { ViewingRow } from './schema';
import { zonedIso } from './slots';

/**
 * Who hears of a viewing's step, and how (issue 38). The other party always; a confirmation
 * both (each gets the calendar file), and the cancellation of a confirmed viewing both (each
 * calendar drops it). By e-mail to a verified address, else SMS to a verified number, as the
 * recipient's Account Settings choice for viewings allows (issue 50: email, sms, both or none).
 * Queued in the step's transaction (the delivery queue), so it goes exactly when the step holds.
 *
 * The choice is the recipient's, whichever side they are on. Issue 50 gives it to listers, who
 * asked not to be flooded; a renter keeps getting their own confirmations, reminders and
 * cancellations because the default is `both` and nothing a lister does changes it: only the
 * renter choosing otherwise in their own Account Settings does (then the viewing's page still
 * shows every step).
 */
export type NotifyDeps = {
  notifier: Notifier;
  links: ShortLinks;
  /** Signs a confirmation SMS's calendar link (calendar-link.ts); without it, none is sent. */
  tokens?: SignedTokens;
  publicUrl: string;
  log: { warn: (object: object, message: string) => void };
};

export type StepNotice = {
  step: ViewingStep;
  actorId: string;
  suggestedStartsAt: Date | null;
  cause: ConversationEvent['cause'];
  /** Whether the viewing was confirmed before this step (a cancellation's calendar file). */
  wasConfirmed: boolean;
};

/**
 * Where a person is told of `kind`: a verified e-mail, else a verified phone, as their choice
 * for that kind allows (lib/notice-channels.ts); null: nowhere.
 */
export function contactOf(
  user: UserRow,
  kind: NoticeKind,
): { channel: 'email' | 'sms'; to: string } | null {
  return noticeContact(user, kind);
}

/** Both parties' rows, renter first. */
async function partiesOf(tx: Database, viewing: ViewingRow) {
  const rows = await tx
    .select()
    .from(users)
    .where(inArray(users.id, [viewing.renterId, viewing.listerId]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { renter: byId.get(viewing.renterId), lister: byId.get(viewing.listerId) };
}

/**
 * A listing as viewings' notices name it: its title and public area line, and where exactly it
 * is (street address, GhanaPost GPS code, pin), which only a confirmed viewing's notices carry.
 */
export type NoticeListing = {
  title: string;
  address: string;
  streetAddress: string;
  ghanaPostGps: string | null;
  latitude: number;
  longitude: number;
};

/**
 * Where the house is exactly, as a confirmed viewing's notices (the confirmation, the
 * reminders) and its calendar file give it to both parties (issue 50); null for every other
 * notice: a request, a decline, an expiry, a cancellation.
 */
function placeOf(listing: NoticeListing, confirmed: boolean): ExactPlace | null {
  if (!confirmed) return null;
  return {
    streetAddress: listing.streetAddress || null,
    ghanaPostGps: listing.ghanaPostGps,
    latitude: listing.latitude,
    longitude: listing.longitude,
  };
}

/** What each of `viewing`'s notices says of it and its listing, for `recipient`. */
async function noticeFor(
  tx: Database,
  deps: NotifyDeps,
  viewing: ViewingRow,
  listing: NoticeListing,
  recipient: UserRow,
  other: UserRow | undefined,
  channel: 'email' | 'sms',
  now: Date,
  confirmed: boolean,
) {
  return {
    firstName: recipient.firstName,
    otherName: relayableName(other?.firstName),
    title: listing.title,
    address: listing.address,
    place: placeOf(listing, confirmed),
    viewingId: viewing.id,
    startsAt: zonedIso(viewing.startsAt, viewing.timeZone),
    endsAt: zonedIso(viewing.endsAt, viewing.timeZone),
    timeZone: viewing.timeZone,
    link: await messageLink(deps.links, deps.publicUrl, channel, `/viewings/${viewing.id}`, {
      now,
      db: tx,
    }),
  };
}

/** Sends one notice, logging (not failing the step) when no channel takes it at all. */
export async function deliver(
  tx: Database,
  deps: NotifyDeps,
  recipient: UserRow,
  contact: { channel: 'email' | 'sms'; to: string },
  notification: Notification,
  hold: { startAfterSeconds?: number } = {},
): Promise<DeliveryId> {
  const options = { db: tx, ...hold };
  const send =
    contact.channel === 'email'
      ? deps.notifier.email(contact.to, notification, recipient.locale, options)
      : deps.notifier.sms(contact.to, notification, recipient.locale, options);
  return send.catch((error: unknown) => {
    if (!(error instanceof NotDelivered)) throw error;
    deps.log.warn({ err: error, userId: recipient.id }, 'could not send a viewing notice');
    return undefined;
  });
}

type Notice = Awaited<ReturnType<typeof noticeFor>> & { calendarLink: string | null };

/**
 * Tells each party of `viewing` Abode can reach, renter first: `notification` makes their
 * notice from what every notice of the viewing says (`base`), or null to tell them nothing.
 * `confirmed`: the notice is of a confirmed viewing, and says where the house is exactly.
 */
export async function tellParties(
  tx: Database,
  deps: NotifyDeps,
  viewing: ViewingRow,
  listing: NoticeListing,
  now: Date,
  notification: (party: { recipient: UserRow; base: Notice }) => Notification | null,
  confirmed = false,
  hold: { startAfterSeconds?: number } = {},
  /** An SMS recipient's notice carries the viewing's signed calendar link (a confirmation). */
  withCalendarLink = false,
): Promise<string[]> {
  const { renter, lister } = await partiesOf(tx, viewing);
  const sent: string[] = [];
  for (const [recipient, other] of [
    [renter, lister],
    [lister, renter],
  ] as const) {
    const contact = recipient ? contactOf(recipient, 'viewings') : null;
    if (!recipient || !contact) continue;
    const base = await noticeFor(
      tx,
      deps,
      viewing,
      listing,
      recipient,
      other,
      contact.channel,
      now,
      confirmed,
    );
    const calendarLink =
      withCalendarLink && deps.tokens && contact.channel === 'sms'
        ? await messageLink(
            deps.links,
            deps.publicUrl,
            'sms',
            await calendarPath(deps.tokens, viewing, recipient.id),
            { now, db: tx },
          )
        : null;
    const told = notification({ recipient, base: { ...base, calendarLink } });
    const id = told ? await deliver(tx, deps, recipient, contact, told, hold) : undefined;
    if (id) sent.push(id);
  }
  return sent;
}

/**
 * Tells `viewing`'s step to whom it concerns (see above), held `hold.startAfterSeconds` before
 * it leaves when given (a request: request-notices.ts). Answers the queued notices' ids.
 */
export async function notifyStep(
  tx: Database,
  deps: NotifyDeps,
  viewing: ViewingRow,
  listing: NoticeListing,
  notice: StepNotice,
  now: Date,
  hold: { startAfterSeconds?: number } = {},
): Promise<string[]> {
  const bothTold =
    notice.step === 'confirmed' || (notice.step === 'cancelled' && notice.wasConfirmed);
  const calendar =
    notice.step === 'confirmed'
      ? 'publish'
      : bothTold && notice.step === 'cancelled'
        ? 'cancel'
        : null;
  return tellParties(
    tx,
    deps,
    viewing,
    listing,
    now,
    ({ recipient, base }) => {
      const byMe = recipient.id === notice.actorId;
      if (byMe && !bothTold) return null;
      return {
        kind: 'viewing-step',
        ...base,
        step: notice.step,
        byMe,
        suggestedStartsAt: notice.suggestedStartsAt
          ? zonedIso(notice.suggestedStartsAt, viewing.timeZone)
          : null,
        cause: notice.cause,
        calendar,
        at: now.toISOString(),
      };
    },
    notice.step === 'confirmed',
    hold,
    notice.step === 'confirmed',
  );
}

/**
 * Tells the renter that the lister said they did not come (issue 50), with the link to the
 * viewing's page, where they may answer "I was there". The lister, who said it, is told
 * nothing.
 */
export async function notifyNoShow(
  tx: Database,
  deps: NotifyDeps,
  viewing: ViewingRow,
  listing: NoticeListing,
  now: Date,
): Promise<void> {
  await tellParties(tx, deps, viewing, listing, now, ({ recipient, base }) =>
    recipient.id === viewing.renterId ? { kind: 'viewing-no-show', ...base } : null,
  );
}

/** The listing's columns notices name it by (NoticeListing). */
export const noticeListingColumns = {
  title: properties.title,
  address: properties.address,
  streetAddress: properties.streetAddress,
  ghanaPostGps: properties.ghanaPostGps,
  latitude: properties.latitude,
  longitude: properties.longitude,
};

/** The listing as notices name it. */
export async function listingOf(tx: Database, propertyId: string) {
  const [row] = await tx
    .select(noticeListingColumns)
    .from(properties)
    .where(eq(properties.id, propertyId));
  return row;
}
