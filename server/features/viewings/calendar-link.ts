import { eq } from 'drizzle-orm';
import type { EmailAttachment } from '#common/outbox';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { notFound, notSignedIn } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { SignedTokens } from '../../lib/signed-tokens';
import { viewingCalendar } from './calendar';
import { viewingFor } from './list';
import { calendarWords } from './notifications';
import { viewings } from './schema';

/**
 * "Add to calendar" for everyone (issue 51), not only those whose e-mail carried the file:
 * GET /api/viewings/{id}/calendar.ics answers a party of the viewing signed in, or anyone with
 * the signed link their confirmation SMS carried, until the viewing has ended. A confirmed
 * viewing is its event, with where the house is exactly (the party may know it: issue 50); a
 * cancelled one its cancellation, which a calendar that kept the event applies.
 */
export const CALENDAR_PURPOSE = 'viewing-calendar';

/** A calendar link's token: the viewing, the party it was made for, until when (ms). */
type CalendarToken = { v: string; u: string; e: number };

export type CalendarDeps = {
  db: Database;
  tokens: SignedTokens;
  clock: () => Date;
  publicUrl: string;
};

/**
 * The path of viewing `id`'s calendar file signed for `userId`, valid until the viewing ends
 * (a confirmation SMS shortens it). The signing key is read before any transaction
 * (answers.ts): on PGlite a transaction holds the one connection.
 */
export async function calendarPath(
  tokens: SignedTokens,
  viewing: { id: string; endsAt: Date },
  userId: string,
): Promise<string> {
  const token = await tokens.sign(CALENDAR_PURPOSE, {
    v: viewing.id,
    u: userId,
    e: viewing.endsAt.getTime(),
  } satisfies CalendarToken);
  return `/api/viewings/${viewing.id}/calendar.ics?token=${encodeURIComponent(token)}`;
}

/** The calendar file of viewing `id` for the signed-in `user` or the holder of `token`. */
export async function viewingCalendarFile(
  deps: CalendarDeps,
  id: string,
  reader: { user: UserRow | null; token: string | undefined },
): Promise<EmailAttachment> {
  if (!isUuid(id)) throw notFound('viewing_not_found');
  const now = deps.clock();
  let readerId: string;
  if (reader.token !== undefined) {
    const claim = await deps.tokens.verify<CalendarToken>(CALENDAR_PURPOSE, reader.token);
    // Another viewing's link, an altered one, or one past its viewing: as if none existed.
    if (!claim || claim.v !== id || claim.e <= now.getTime()) throw notFound('viewing_not_found');
    readerId = claim.u;
  } else if (reader.user) {
    readerId = reader.user.id;
  } else {
    throw notSignedIn();
  }
  const [row] = await deps.db
    .select({ renterId: viewings.renterId, listerId: viewings.listerId, locale: users.locale })
    .from(viewings)
    .innerJoin(users, eq(users.id, readerId))
    .where(eq(viewings.id, id));
  const side = row?.renterId === readerId ? 'renter' : row?.listerId === readerId ? 'lister' : null;
  if (!row || !side) throw notFound('viewing_not_found');
  const viewing = await viewingFor(deps.db, { id: readerId }, id, side);
  const ahead = new Date(viewing.endsAt) > now;
  const method =
    viewing.status === 'confirmed' && ahead
      ? 'publish'
      : viewing.status === 'cancelled'
        ? 'cancel'
        : null;
  // A request not answered yet, declined or expired is no event of anyone's calendar.
  if (!method) throw notFound('viewing_not_found');
  const words = calendarWords(row.locale);
  const link = `${deps.publicUrl}/viewings/${id}`;
  const { pin, streetAddress, ghanaPostGps } = viewing.property;
  return viewingCalendar(
    {
      viewingId: id,
      startsAt: viewing.startsAt,
      endsAt: viewing.endsAt,
      summary: words.summary(viewing.property.title),
      description: words.description(link),
      address: viewing.property.address,
      place:
        method === 'publish' && pin
          ? { streetAddress, ghanaPostGps, latitude: pin.latitude, longitude: pin.longitude }
          : null,
      link,
      stamp: now,
    },
    method,
  );
}
