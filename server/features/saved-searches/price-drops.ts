import { and, eq, inArray, sql } from 'drizzle-orm';
import { monthlyGhs, type Currency, type PricingPeriod } from '#common/money';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { SignedTokens } from '../../lib/signed-tokens';
import { isLive, favorites, properties } from '../listings/service';
import { defaultChannel, linkFor, sendAlert, unsubscribeLinksFor } from './alert-delivery';
import type { AlertDeps } from './alerts';
import { alertsLeftToday, lockAlertsOf, recordAlertSent } from './daily-cap';
import { priceAlertUnsubscribeLink } from './unsubscribe';

/**
 * A favourite's rent dropped (issue 21): when a listing goes live again (a price edit is
 * reviewed, so a new rent shows on approval), each saver whose last known rent was higher is
 * told once, by e-mail or else SMS, within the daily cap; the rent they know becomes the new
 * one whatever it did. Compared per month, in cedis at the rate in use when the currency
 * changed, else in the listing's own currency (a new exchange rate is no drop).
 */
type Rent = { price: number; currency: Currency; period: PricingPeriod };

export function droppedBelow(seen: Rent, now: Rent, ghsPerUsd: number): boolean {
  const rate = seen.currency === now.currency ? 1 : ghsPerUsd;
  const monthly = (rent: Rent) => monthlyGhs(rent.price, rent.currency, rent.period, rate);
  // Cents apart at least: a yearly rent restated per month is not a drop.
  return monthly(now) < monthly(seen) - 0.005;
}

export async function notifyPriceDrops(
  deps: AlertDeps & { tokens: SignedTokens; ghsPerUsd: () => Promise<number> },
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const now = deps.clock();
  const rate = await deps.ghsPerUsd();
  await deps.tokens.ready(); // read outside the transactions: PGlite has one connection
  const rows = await deps.db
    .select({
      userId: favorites.userId,
      propertyId: favorites.propertyId,
      seenPrice: favorites.seenPrice,
      seenCurrency: favorites.seenCurrency,
      seenPeriod: favorites.seenPeriod,
      priceAlerts: favorites.priceAlerts,
      title: properties.title,
      price: properties.price,
      currency: properties.currency,
      period: properties.pricingPeriod,
    })
    .from(favorites)
    .innerJoin(properties, eq(properties.id, favorites.propertyId))
    .where(and(inArray(favorites.propertyId, [...ids]), isLive));
  let told = 0;
  for (const row of rows) {
    const current: Rent = { price: row.price, currency: row.currency, period: row.period };
    const seen =
      row.seenPrice !== null && row.seenCurrency && row.seenPeriod
        ? { price: row.seenPrice, currency: row.seenCurrency, period: row.seenPeriod }
        : null;
    if (
      seen &&
      seen.price === current.price &&
      seen.currency === current.currency &&
      seen.period === current.period
    )
      continue;
    const dropped = seen !== null && row.priceAlerts && droppedBelow(seen, current, rate);
    told += await deps.db.transaction(async (tx) => {
      // Only the run that moves the known rent tells: two servers tell a drop once.
      const moved = await tx
        .update(favorites)
        .set({
          seenPrice: current.price,
          seenCurrency: current.currency,
          seenPeriod: current.period,
        })
        .where(
          and(
            eq(favorites.userId, row.userId),
            eq(favorites.propertyId, row.propertyId),
            seen
              ? and(
                  eq(favorites.seenPrice, seen.price),
                  eq(favorites.seenCurrency, seen.currency),
                  eq(favorites.seenPeriod, seen.period),
                )
              : sql`${favorites.seenPrice} IS NULL`,
          ),
        )
        .returning({ userId: favorites.userId });
      if (moved.length === 0 || !dropped) return 0;
      return tellDrop(deps, tx, row, seen, current, now);
    });
  }
  return told;
}

async function tellDrop(
  deps: AlertDeps & { tokens: SignedTokens },
  tx: Database,
  row: { userId: string; propertyId: string; title: string },
  was: Rent,
  now: Rent,
  at: Date,
): Promise<number> {
  await lockAlertsOf(tx, row.userId);
  const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
  const channel = user ? defaultChannel(user) : null;
  if (!user || !channel) return 0;
  if ((await alertsLeftToday(tx, user.id, at)) <= 0) {
    deps.log.warn({ userId: user.id }, 'price drop not told: daily alert cap reached');
    return 0;
  }
  const link = linkFor(deps, tx, channel, at);
  const sent = await sendAlert(deps, tx, user, channel, {
    kind: 'favorite-price-drop',
    firstName: user.firstName,
    title: row.title,
    was,
    now,
    link: await link(`/property/${row.propertyId}`),
    ...(await unsubscribeLinksFor(
      deps,
      link,
      await priceAlertUnsubscribeLink(
        deps.tokens,
        { userId: user.id, propertyId: row.propertyId, title: row.title },
        at,
      ),
    )),
    manageLink: new URL('/search?saved=true', deps.publicUrl).toString(),
  });
  if (!sent) return 0;
  await recordAlertSent(tx, user.id, 'price-drop', at);
  return 1;
}
