import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { DIGEST_HOUR_UTC } from '#common/saved-searches';
import type { SearchQuery } from '#common/properties';
import type { Database } from '../../db/client';
import { savedSearchAlerts, savedSearches } from './schema';
import { users, type UserRow } from '../../db/schema';
import type { Notifier } from '../../lib/notifier';
import type { AlertListing } from './notifications';
import type { ShortLinks } from '../../lib/short-links';
import type { SignedTokens } from '../../lib/signed-tokens';
import { isLive, properties } from '../listings/service';
import { alertsLeftToday, lockAlertsOf, recordAlertSent } from './daily-cap';
import { parsedQuery } from './saved-query';
import { linkFor, recipient, sendAlert, unsubscribeLinksFor } from './alert-delivery';
import { unsubscribeLink } from './unsubscribe';

/**
 * The alerts of saved searches (issue 21), in two steps run by the job queue:
 * - `matchListings`: listings that just went live (approval, restore, renewal: the listing
 *   writer's `listing.live` event) are tried against every saved search by the search's own code
 *   (`listingSearch.matching`); each match is a row of saved_search_alerts, due now (instant)
 *   or at the next 08:00 Africa/Accra (daily). The row's key makes it once per pair, ever.
 * - `sendDueAlerts`: each saved search with due rows gets one message listing them, unless its
 *   user already had MAX_ALERTS_PER_DAY alerts today (daily-cap.ts; the rows then wait). Per user under
 *   a lock, so two servers never send the same rows or pass the cap together; the message is
 *   queued in the transaction that marks the rows sent.
 */
export type AlertDeps = {
  db: Database;
  matching: (query: SearchQuery, ids: readonly string[]) => Promise<string[]>;
  notifier: Notifier;
  tokens: SignedTokens;
  links: ShortLinks;
  publicUrl: string;
  log: { warn: (object: object, message: string) => void };
  clock: () => Date;
};

const DAY_MS = 86_400_000;
/** Listings named in one message; the rest are behind its "see every match" link. */
const LISTINGS_PER_MESSAGE = 10;
const SEARCHES_PER_PASS = 500;

/** The next digest time after `now`: 08:00 in Accra, which keeps UTC all year. */
export function nextDigest(now: Date): Date {
  const today = Date.UTC(
    now.getUTCFullYear(),
    now.getUTCMonth(),
    now.getUTCDate(),
    DIGEST_HOUR_UTC,
  );
  return new Date(today > now.getTime() ? today : today + DAY_MS);
}

/** Records the saved searches each listing matches; how many matches were new. */
export async function matchListings(deps: AlertDeps, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const now = deps.clock();
  let added = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const searches = await deps.db
      .select()
      .from(savedSearches)
      .where(sql`${savedSearches.id} > ${after}`)
      .orderBy(asc(savedSearches.id))
      .limit(SEARCHES_PER_PASS);
    for (const search of searches) {
      if (search.frequency === 'off') continue; // its alerts were stopped
      const query = parsedQuery(search.query);
      if (!query) continue; // a search the schema no longer takes alerts nothing
      const matched = await deps.matching(query, ids);
      if (matched.length === 0) continue;
      const dueAt = search.frequency === 'instant' ? now : nextDigest(now);
      const rows = await deps.db
        .insert(savedSearchAlerts)
        .values(
          matched.map((propertyId) => ({
            savedSearchId: search.id,
            propertyId,
            matchedAt: now,
            dueAt,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: savedSearchAlerts.propertyId });
      added += rows.length;
    }
    if (searches.length < SEARCHES_PER_PASS) return added;
    after = searches.at(-1)!.id;
  }
}

/** Sends every due alert the daily cap allows; how many messages went out. */
export async function sendDueAlerts(deps: AlertDeps): Promise<number> {
  const now = deps.clock();
  const due = await deps.db
    .selectDistinct({ userId: savedSearches.userId })
    .from(savedSearchAlerts)
    .innerJoin(savedSearches, eq(savedSearches.id, savedSearchAlerts.savedSearchId))
    .where(and(isNull(savedSearchAlerts.sentAt), lte(savedSearchAlerts.dueAt, now)));
  if (due.length === 0) return 0;
  await deps.tokens.ready(); // read outside the transactions: PGlite has one connection
  let sent = 0;
  for (const { userId } of due) sent += await sendUsersAlerts(deps, userId, now);
  return sent;
}

async function sendUsersAlerts(deps: AlertDeps, userId: string, now: Date): Promise<number> {
  return deps.db.transaction(async (tx) => {
    await lockAlertsOf(tx, userId);
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) return 0;
    let left = await alertsLeftToday(tx, userId, now);
    const searches = await tx
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId))
      .orderBy(asc(savedSearches.createdAt));
    let sent = 0;
    for (const search of searches) {
      const rows = await dueRows(tx, search.id, now);
      if (rows.length === 0) continue;
      // A listing no longer live, or the user's own, is dropped, never sent later.
      // So is every alert of a search whose alerts were stopped after it matched.
      const gone = rows.filter(
        (row) => search.frequency === 'off' || !row.live || row.ownerId === userId,
      );
      await mark(
        tx,
        search.id,
        gone.map((row) => row.propertyId),
        now,
        'dropped',
      );
      const listings = rows.filter((row) => !gone.includes(row));
      if (listings.length === 0) continue;
      if (left <= 0) break; // they wait for tomorrow
      await mark(
        tx,
        search.id,
        listings.map((row) => row.propertyId),
        now,
        'sent',
      );
      await tx
        .update(savedSearches)
        .set({ lastAlertAt: now })
        .where(eq(savedSearches.id, search.id));
      if (await deliver(deps, tx, user, search, listings, now)) {
        await recordAlertSent(tx, userId, 'saved-search', now);
        left -= 1;
        sent += 1;
      }
    }
    return sent;
  });
}

async function dueRows(tx: Database, savedSearchId: string, now: Date) {
  return tx
    .select({
      propertyId: savedSearchAlerts.propertyId,
      live: sql<boolean>`(${isLive})`,
      ownerId: properties.ownerId,
      title: properties.title,
      city: properties.city,
      price: properties.price,
      currency: properties.currency,
      period: properties.pricingPeriod,
    })
    .from(savedSearchAlerts)
    .innerJoin(properties, eq(properties.id, savedSearchAlerts.propertyId))
    .where(
      and(
        eq(savedSearchAlerts.savedSearchId, savedSearchId),
        isNull(savedSearchAlerts.sentAt),
        lte(savedSearchAlerts.dueAt, now),
      ),
    )
    .orderBy(asc(savedSearchAlerts.matchedAt))
    .for('update', { of: savedSearchAlerts, skipLocked: true });
}

async function mark(
  tx: Database,
  savedSearchId: string,
  propertyIds: string[],
  now: Date,
  outcome: 'sent' | 'dropped',
) {
  if (propertyIds.length === 0) return;
  await tx
    .update(savedSearchAlerts)
    .set({ sentAt: now, outcome })
    .where(
      and(
        eq(savedSearchAlerts.savedSearchId, savedSearchId),
        inArray(savedSearchAlerts.propertyId, propertyIds),
      ),
    );
}

type DueRow = Awaited<ReturnType<typeof dueRows>>[number];

/**
 * Queues the message on the saved search's channel; false when that channel is gone (no
 * verified phone or address any more): the alerts count as sent, as nobody can get them.
 */
async function deliver(
  deps: AlertDeps,
  tx: Database,
  user: UserRow,
  search: typeof savedSearches.$inferSelect,
  rows: DueRow[],
  now: Date,
): Promise<boolean> {
  const sms = search.channel === 'sms';
  if (!recipient(user, search.channel)) return false;
  const link = linkFor(deps, tx, search.channel, now);
  // A digest by SMS names no listing (one segment): the count and the search's link.
  const listings: AlertListing[] = [];
  for (const row of sms && rows.length > 1 ? [] : rows.slice(0, LISTINGS_PER_MESSAGE)) {
    listings.push({
      title: row.title,
      city: row.city,
      price: row.price,
      currency: row.currency,
      period: row.period,
      link: await link(`/property/${row.propertyId}`),
    });
  }
  return sendAlert(deps, tx, user, search.channel, {
    kind: 'saved-search-alert',
    firstName: user.firstName,
    searchName: search.name,
    count: rows.length,
    listings,
    searchLink: await link(`/search?${new URLSearchParams(search.query)}`),
    ...(await unsubscribeLinksFor(deps, link, await unsubscribeLink(deps.tokens, search, now))),
    manageLink: new URL('/account/saved-searches', deps.publicUrl).toString(),
  });
}
