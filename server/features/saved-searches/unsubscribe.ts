import { and, eq } from 'drizzle-orm';
import {
  ONE_CLICK_UNSUBSCRIBE_PATH,
  UNSUBSCRIBE_LINK_DAYS,
  type AlertFrequency,
  type UnsubscribeTarget,
} from '#common/saved-searches';
import type { Database } from '../../db/client';
import { savedSearches } from './schema';
import { AppError } from '../../lib/app-error';
import type { SignedTokens } from '../../lib/signed-tokens';
import { uuidShape } from '../../lib/ids';
import { favorites } from '../listings/service';

/**
 * The unsubscribe links of every alert (issues 21 and 34), signed out. A link is a signed
 * token for one purpose, naming a saved search (its alerts stop: frequency `off`, the search
 * stays saved) or a saver's favourite (its price-drop alerts stop; the favourite stays). It
 * opens /alerts/unsubscribe, which reads it (`describeUnsubscribe`, changes nothing: mail
 * scanners and link previews fetch links) and whose button posts it (`unsubscribe`); alert
 * e-mails also name the RFC 8058 one-click endpoint with the same token. A token carries its
 * expiry (`e`, ms), UNSUBSCRIBE_LINK_DAYS after it was signed.
 */
const UNSUBSCRIBE_PURPOSE = 'saved-search-unsubscribe';
const PRICE_ALERT_PURPOSE = 'price-alert-unsubscribe';
const DAY_MS = 86_400_000;
/**
 * Tokens signed before links had an expiry (decision 017 shipped on 2026-11-26) count as
 * signed that day: they work for UNSUBSCRIBE_LINK_DAYS from then, like any other.
 */
const UNDATED_EXPIRY = Date.UTC(2026, 10, 26) + UNSUBSCRIBE_LINK_DAYS * DAY_MS;

const expiryFrom = (now: Date) => now.getTime() + UNSUBSCRIBE_LINK_DAYS * DAY_MS;
const pagePath = (token: string) => `/alerts/unsubscribe?token=${token}`;

/** A signed link's token for a saved search and for the price alerts of one favourite. */
export type UnsubscribeLink = {
  /** The path of the page that asks before stopping (reached by a short link in an SMS). */
  page: string;
  /** The path of the RFC 8058 one-click endpoint (List-Unsubscribe of an alert e-mail). */
  oneClick: string;
};

function linkOf(token: string): UnsubscribeLink {
  return { page: pagePath(token), oneClick: `${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${token}` };
}

/** The links that stop a saved search's alerts, signed out. */
export async function unsubscribeLink(
  tokens: SignedTokens,
  search: { id: string; name: string; frequency: AlertFrequency },
  now: Date,
): Promise<UnsubscribeLink> {
  // The name rides along, so the page can still name the alerts once the search is deleted;
  // the frequency, so "Undo" brings back the alerts the reader had.
  const token = await tokens.sign(UNSUBSCRIBE_PURPOSE, {
    s: search.id,
    n: search.name.slice(0, 40),
    f: search.frequency,
    e: expiryFrom(now),
  });
  return linkOf(token);
}

/** The links that stop the price-drop alerts of one favourite. */
export async function priceAlertUnsubscribeLink(
  tokens: SignedTokens,
  favorite: { userId: string; propertyId: string; title: string },
  now: Date,
): Promise<UnsubscribeLink> {
  const token = await tokens.sign(PRICE_ALERT_PURPOSE, {
    u: favorite.userId,
    p: favorite.propertyId,
    n: favorite.title.slice(0, 40),
    e: expiryFrom(now),
  });
  return linkOf(token);
}

type Named =
  | { kind: 'saved-search'; searchId: string; name: string; frequency: AlertFrequency }
  | { kind: 'price-alerts'; userId: string; propertyId: string; name: string };

/**
 * What a token names; AppError unsubscribe_link_invalid when it is not one of ours,
 * unsubscribe_link_expired past its expiry.
 */
async function read(tokens: SignedTokens, token: string, now: Date): Promise<Named> {
  const favorite = await tokens.verify<Payload>(PRICE_ALERT_PURPOSE, token);
  if (favorite && isId(favorite.u) && isId(favorite.p)) {
    assertFresh(favorite, now);
    return {
      kind: 'price-alerts',
      userId: favorite.u,
      propertyId: favorite.p,
      name: nameOf(favorite),
    };
  }
  const search = await tokens.verify<Payload>(UNSUBSCRIBE_PURPOSE, token);
  if (!search || !isId(search.s)) throw new AppError('unsubscribe_link_invalid');
  assertFresh(search, now);
  const frequency = search.f === 'daily' ? 'daily' : 'instant';
  return { kind: 'saved-search', searchId: search.s, name: nameOf(search), frequency };
}

type Payload = { s?: unknown; u?: unknown; p?: unknown; n?: unknown; f?: unknown; e?: unknown };

function assertFresh(payload: Payload, now: Date) {
  const expiry = typeof payload.e === 'number' ? payload.e : UNDATED_EXPIRY;
  if (!(expiry > now.getTime())) throw new AppError('unsubscribe_link_expired');
}

/** Throws as `unsubscribe` would for a link that is not ours or has expired; changes nothing. */
export async function checkUnsubscribeLink(tokens: SignedTokens, token: string, now: Date) {
  await read(tokens, token, now);
}

const nameOf = (payload: Payload) => (typeof payload.n === 'string' ? payload.n : '');

/** What a link would stop, and whether it already is: read-only (the page's GET). */
export async function describeUnsubscribe(
  db: Database,
  tokens: SignedTokens,
  token: string,
  now: Date,
): Promise<UnsubscribeTarget> {
  const named = await read(tokens, token, now);
  if (named.kind === 'price-alerts') {
    const [favorite] = await db
      .select({ on: favorites.priceAlerts })
      .from(favorites)
      .where(and(eq(favorites.userId, named.userId), eq(favorites.propertyId, named.propertyId)));
    return { kind: named.kind, name: named.name, stopped: !favorite?.on };
  }
  const [search] = await db
    .select({ name: savedSearches.name, frequency: savedSearches.frequency })
    .from(savedSearches)
    .where(eq(savedSearches.id, named.searchId));
  // A deleted search sends nothing either: stopped, by the name the link carries.
  return {
    kind: named.kind,
    name: search?.name ?? named.name,
    stopped: !search || search.frequency === 'off',
  };
}

/**
 * Stops (or, with `undo`, starts again) what a link names: a saved search's frequency becomes
 * `off` (undo: the frequency it had when the alert was sent), a favourite's price alerts off
 * (undo: on). The saved search and the favourite stay. Doing it twice answers as once did.
 */
export async function unsubscribe(
  db: Database,
  tokens: SignedTokens,
  token: string,
  now: Date,
  options: { undo?: boolean } = {},
): Promise<UnsubscribeTarget> {
  const named = await read(tokens, token, now);
  const on = options.undo === true;
  if (named.kind === 'price-alerts') {
    await db
      .update(favorites)
      .set({ priceAlerts: on })
      .where(and(eq(favorites.userId, named.userId), eq(favorites.propertyId, named.propertyId)));
  } else {
    await db
      .update(savedSearches)
      .set({ frequency: on ? named.frequency : 'off' })
      .where(eq(savedSearches.id, named.searchId));
  }
  return describeUnsubscribe(db, tokens, token, now);
}

/**
 * The saved search or favourite a token names, read without checking the signature: the
 * per-target rate limit's key, spent once the token is checked (so a forged token cannot spend
 * another's budget).
 */
export function unsubscribeTargetKey(token: unknown): string {
  if (typeof token !== 'string') return 'none';
  try {
    const payload = JSON.parse(
      Buffer.from(token.split('.')[0] ?? '', 'base64url').toString(),
    ) as Payload;
    const key =
      typeof payload?.s === 'string' ? payload.s : `${String(payload?.u)}:${String(payload?.p)}`;
    return key.slice(0, 80);
  } catch {
    return 'none';
  }
}

const isId = (value: unknown): value is string =>
  typeof value === 'string' && uuidShape.test(value);
