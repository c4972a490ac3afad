import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { savedSearches } from '../../db/alert-schema';
import type { SignedTokens } from '../../lib/signed-tokens';

/**
 * The one-tap unsubscribe of every alert (issue 21): a signed token for this purpose alone,
 * naming the saved search, that works signed out (GET /api/saved-searches/unsubscribe).
 */
const UNSUBSCRIBE_PURPOSE = 'saved-search-unsubscribe';
const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A signed link that stops a saved search's alerts, signed out (GET …/unsubscribe). */
export async function unsubscribeLink(
  tokens: SignedTokens,
  publicUrl: string,
  search: { id: string; name: string },
): Promise<string> {
  // The name rides along, so the page can still say which alerts stopped on a second tap.
  const token = await tokens.sign(UNSUBSCRIBE_PURPOSE, {
    s: search.id,
    n: search.name.slice(0, 40),
  });
  return new URL(`/api/saved-searches/unsubscribe?token=${token}`, publicUrl).toString();
}

/**
 * Stops the alerts of the saved search a signed unsubscribe link names: the saved search is
 * deleted (saving the search again brings them back). Its name; null when the link is not
 * one of ours. A link used twice answers as the first time did, by name, from the token.
 */
export async function unsubscribe(
  db: Database,
  tokens: SignedTokens,
  token: string,
): Promise<{ name: string } | null> {
  const payload = await tokens.verify<{ s?: unknown; n?: unknown }>(UNSUBSCRIBE_PURPOSE, token);
  if (!payload || typeof payload.s !== 'string' || !uuidShape.test(payload.s)) return null;
  const [gone] = await db
    .delete(savedSearches)
    .where(eq(savedSearches.id, payload.s))
    .returning({ name: savedSearches.name });
  return { name: gone?.name ?? (typeof payload.n === 'string' ? payload.n : '') };
}
