import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  MAX_SAVED_SEARCHES,
  type AlertChannel,
  type SavedSearch,
  type SavedSearchInput,
  type SavedSearchPatch,
} from '#common/saved-searches';
import type { Database } from '../../db/client';
import { savedSearchAlerts, savedSearches } from './schema';
import type { UserRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { defaultName, savedQuery } from './saved-query';

/**
 * A user's saved searches (issue 21): at most MAX_SAVED_SEARCHES; alerts by SMS only to a
 * verified phone, by e-mail only to a verified address (an alert to an address nobody
 * confirmed would be mail to a stranger). Another user's saved search is not found.
 */
export { matchListings, nextDigest, sendDueAlerts, type AlertDeps } from './alerts';
export { notifyPriceDrops } from './price-drops';
export {
  checkUnsubscribeLink,
  describeUnsubscribe,
  unsubscribe,
  unsubscribeTargetKey,
} from './unsubscribe';
import { uuidShape } from '../../lib/ids';

/** The feature's tables, for the features that read them (eslint.config.js serverFeatures). */
export { alertSends, savedSearchAlerts, savedSearches } from './schema';

type Row = typeof savedSearches.$inferSelect;

export async function listSavedSearches(db: Database, user: UserRow): Promise<SavedSearch[]> {
  const rows = await db
    .select({ search: savedSearches, alertCount: alertsSent })
    .from(savedSearches)
    .where(eq(savedSearches.userId, user.id))
    .orderBy(desc(savedSearches.createdAt));
  return rows.map((row) => toJson(row.search, row.alertCount));
}

export async function createSavedSearch(
  db: Database,
  user: UserRow,
  input: SavedSearchInput,
): Promise<SavedSearch> {
  const { query, parsed } = savedQuery(input.query);
  assertChannel(user, input.channel);
  return db.transaction(async (tx) => {
    // One at a time per user, so two saves at once cannot both take the last place.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`saved-searches:${user.id}`}))`);
    const [held] = await tx
      .select({ n: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, user.id));
    if ((held?.n ?? 0) >= MAX_SAVED_SEARCHES) {
      throw new AppError('saved_searches_limit', { params: { max: MAX_SAVED_SEARCHES } });
    }
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId: user.id,
        name: input.name?.trim() || defaultName(parsed),
        query,
        channel: input.channel,
        frequency: input.frequency,
      })
      .returning();
    return toJson(row!, 0);
  });
}

export async function updateSavedSearch(
  db: Database,
  user: UserRow,
  id: string,
  patch: SavedSearchPatch,
): Promise<SavedSearch> {
  const current = await owned(db, user, id);
  const query = patch.query === undefined ? undefined : savedQuery(patch.query).query;
  // The channel is checked again whatever changed: a phone removed since cannot keep SMS.
  assertChannel(user, patch.channel ?? current.channel);
  const [row] = await db
    .update(savedSearches)
    .set({
      ...(patch.name === undefined ? {} : { name: patch.name.trim() }),
      ...(query === undefined ? {} : { query }),
      ...(patch.channel === undefined ? {} : { channel: patch.channel }),
      ...(patch.frequency === undefined ? {} : { frequency: patch.frequency }),
    })
    .where(eq(savedSearches.id, current.id))
    .returning();
  const [sent] = await db
    .select({ n: alertsSent })
    .from(savedSearches)
    .where(eq(savedSearches.id, current.id));
  return toJson(row!, sent?.n ?? 0);
}

export async function deleteSavedSearch(db: Database, user: UserRow, id: string): Promise<void> {
  const current = await owned(db, user, id);
  await db.delete(savedSearches).where(eq(savedSearches.id, current.id));
}

function assertChannel(user: UserRow, channel: AlertChannel) {
  if (channel === 'sms' && !(user.phone && user.phoneVerified)) {
    throw forbidden('saved_search_needs_verified_phone');
  }
  if (channel === 'email' && !(user.email && user.emailVerified)) {
    throw forbidden('saved_search_needs_verified_email');
  }
}

async function owned(db: Database, user: UserRow, id: string): Promise<Row> {
  if (!uuidShape.test(id)) throw notFound('saved_search_not_found');
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, user.id)));
  if (!row) throw notFound('saved_search_not_found');
  return row;
}

const alertsSent = sql<number>`(SELECT count(*)::int FROM ${savedSearchAlerts}
  WHERE ${savedSearchAlerts.savedSearchId} = ${savedSearches.id}
    AND ${savedSearchAlerts.outcome} = 'sent')`;

function toJson(row: Row, alertCount: number): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    channel: row.channel,
    frequency: row.frequency,
    createdAt: row.createdAt.toISOString(),
    lastAlertAt: row.lastAlertAt?.toISOString() ?? null,
    alertCount,
  };
}
