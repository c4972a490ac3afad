import { safeAfterSignIn, type AfterSignIn } from '#common/auth-rules';

/**
 * What a visitor was doing when they were sent to sign in (issue 51: the heart, Save this
 * search), kept in this tab from the moment they signed in or signed up until they reach the
 * page they were sent back to, where it is done once. Only the sign-in and sign-up pages keep
 * it, on success: a link alone (`/login?then=…` for a reader already signed in) does nothing.
 */
const KEY = 'abode.afterSignIn';
/** Long enough to verify a new account's code on the way; a stale one is forgotten. */
const FRESH_MS = 30 * 60_000;

type Kept = { then: AfterSignIn; next: string; at: number };

/** After a sign-in or a sign-up: `then` (the page's parameter) to do on reaching `next`. */
export function keepAfterSignIn(then: string | null, next: string): void {
  const checked = safeAfterSignIn(then);
  try {
    if (checked)
      sessionStorage.setItem(KEY, JSON.stringify({ then: checked, next, at: Date.now() }));
  } catch {
    // Storage off (a private window): the visitor saves again by hand.
  }
}

/**
 * What to do on the page at `path` (pathname and search), once: taken out of storage when it
 * is for this page (the search part included), forgotten when it is stale.
 */
export function takeAfterSignIn(path: string): AfterSignIn | null {
  let kept: Kept | null;
  try {
    kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Kept | null;
  } catch {
    return null;
  }
  if (!kept) return null;
  const stale = typeof kept.at !== 'number' || Date.now() - kept.at > FRESH_MS;
  if (stale) sessionStorage.removeItem(KEY);
  if (stale || kept.next !== path) return null;
  sessionStorage.removeItem(KEY);
  return safeAfterSignIn(kept.then);
}
