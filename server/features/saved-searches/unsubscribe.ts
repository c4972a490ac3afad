import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { savedSearches } from '../../db/alert-schema';
import { favorites } from '../../db/schema';
import type { SignedTokens } from '../../lib/signed-tokens';

/**
 * The one-tap unsubscribe of every alert (issue 21), signed out, through one address
 * (GET /api/saved-searches/unsubscribe): a signed token for one purpose, naming a saved search
 * (its alerts stop: it is deleted) or a saver's favourite (its price-drop alerts stop).
 */
const UNSUBSCRIBE_PURPOSE = 'saved-search-unsubscribe';
const PRICE_ALERT_PURPOSE = 'price-alert-unsubscribe';
const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The path of a signed link that stops a saved search's alerts, signed out. */
export async function unsubscribePath(
  tokens: SignedTokens,
  search: { id: string; name: string },
): Promise<string> {
  // The name rides along, so the page can still say which alerts stopped on a second tap.
  const token = await tokens.sign(UNSUBSCRIBE_PURPOSE, {
    s: search.id,
    n: search.name.slice(0, 40),
  });
  return `/api/saved-searches/unsubscribe?token=${token}`;
}

/** The path of a signed link that stops the price-drop alerts of one favourite. */
export async function priceAlertUnsubscribePath(
  tokens: SignedTokens,
  favorite: { userId: string; propertyId: string; title: string },
): Promise<string> {
  const token = await tokens.sign(PRICE_ALERT_PURPOSE, {
    u: favorite.userId,
    p: favorite.propertyId,
    n: favorite.title.slice(0, 40),
  });
  return `/api/saved-searches/unsubscribe?token=${token}`;
}

/**
 * Stops what a signed unsubscribe link names: a saved search is deleted (saving the search
 * again brings its alerts back); a favourite stays saved, without price alerts. Answers the
 * name it shows; null when the link is not one of ours. A link used twice answers as the
 * first time did, by name, from the token.
 */
export async function unsubscribe(
  db: Database,
  tokens: SignedTokens,
  token: string,
): Promise<{ name: string } | null> {
  const favorite = await tokens.verify<{ u?: unknown; p?: unknown; n?: unknown }>(
    PRICE_ALERT_PURPOSE,
    token,
  );
  if (favorite && isId(favorite.u) && isId(favorite.p)) {
    await db
      .update(favorites)
      .set({ priceAlerts: false })
      .where(and(eq(favorites.userId, favorite.u), eq(favorites.propertyId, favorite.p)));
    return { name: typeof favorite.n === 'string' ? favorite.n : '' };
  }
  const payload = await tokens.verify<{ s?: unknown; n?: unknown }>(UNSUBSCRIBE_PURPOSE, token);
  if (!payload || !isId(payload.s)) return null;
  const [gone] = await db
    .delete(savedSearches)
    .where(eq(savedSearches.id, payload.s))
    .returning({ name: savedSearches.name });
  return { name: gone?.name ?? (typeof payload.n === 'string' ? payload.n : '') };
}

const isId = (value: unknown): value is string =>
  typeof value === 'string' && uuidShape.test(value);
