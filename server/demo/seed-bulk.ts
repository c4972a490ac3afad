import { sql } from 'drizzle-orm';
import { amenityIds } from '#common/amenities';
import { propertyTypes } from '#common/property-enums';
import { countries } from '#common/locations';
import type { Photo } from '#common/images';
import type { Database } from '../db/client';

/**
 * Loads many synthetic live listings fast (benchmarks): the database generates the rows from
 * generate_series in batches, spread over every city, type, category, currency and period.
 * They share the given photos' files, which is fine for a throwaway benchmark database.
 */
export async function seedSyntheticListings(
  db: Database,
  count: number,
  ownerIds: string[],
  photos: Photo[],
  {
    batchSize = 10_000,
    firstNumber = 1,
  }: {
    batchSize?: number;
    /** The number of the first listing (its title says "#n"); later ones count on from it. */
    firstNumber?: number;
  } = {},
): Promise<void> {
  const places = countries.flatMap((c) =>
    c.cities.map((city) => ({ ...city, country: c.name, currency: c.currency })),
  );
  const cities = places.map((p) => p.name);
  const latitudes = places.map((p) => p.latitude);
  const longitudes = places.map((p) => p.longitude);
  const countryOf = places.map((p) => p.country);
  const currencyOf = places.map((p) => p.currency);
  const streets = [
    'Palm Street',
    'Liberation Road',
    'Harbour Street',
    'Hillside Road',
    'Market Lane',
    'Calle del Sol',
  ];
  const kinds = [...propertyTypes];
  const categories = ['general', 'student', 'corporate', 'tourist'];
  const periods = ['month', 'month', 'month', 'week', 'year'];
  const photosJson = JSON.stringify(photos);

  for (let start = 0; start < count; start += batchSize) {
    const size = Math.min(batchSize, count - start);
    await db.transaction(async (tx) => {
      await insertBatch(tx, start, size);
      // The change log (0019) got a row per listing: one "everything changed" row instead,
      // so a server that runs meanwhile reloads once rather than reading a million ids.
      await tx.execute(sql`DELETE FROM listing_changes WHERE xmin = pg_current_xact_id()::xid`);
      await tx.execute(
        sql`INSERT INTO listing_changes (property_id, owner_id) VALUES (NULL, NULL)`,
      );
    });
  }
  await db.execute(sql`VACUUM ANALYZE properties`);

  async function insertBatch(tx: Database, start: number, size: number) {
    await tx.execute(sql`
      INSERT INTO properties (owner_id, title, description, property_type, category, street_address, city,
        country, price, currency, pricing_period, bedrooms, bathrooms, amenities, photos,
        average_rating, review_count, is_verified, is_active, created_at, advance_months,
        agent_fee_kind, agent_fee_value, agent_fee_payer, available_from, furnished,
        latitude, longitude, address)
      SELECT
        (${sql.param(ownerIds)}::uuid[])[1 + (g % ${ownerIds.length})],
        initcap(replace(kind, '_', ' ')) || ' ' || (1 + g % 5) || '-bedroom in ' || city || ' #' || g,
        'Synthetic listing ' || g || ' for benchmarks.',
        kind, category,
        (1 + g % 200) || ' ' || (${sql.param(streets)}::text[])[1 + (g % ${streets.length})],
        city, country,
        round((CASE WHEN currency = 'GH₵' THEN 800 + spread % 8000 ELSE 400 + spread % 4000 END)::numeric, 0),
        currency, period,
        CASE WHEN kind IN ('studio', 'single_room', 'chamber_and_hall', 'hostel') THEN 1 ELSE 1 + g % 5 END,
        1 + g % 3,
        (SELECT coalesce(array_agg(a), '{}') FROM unnest(${sql.param([...amenityIds])}::text[]) WITH ORDINALITY AS t(a, i) WHERE (g >> (i::int % ${amenityIds.length})) % 2 = 1),
        ${photosJson}::jsonb,
        CASE WHEN g % 5 = 0 THEN 0 ELSE 3 + (g % 21) / 10.0 END,
        g % 50,
        g % 20 <> 0,
        g % 25 <> 0,
        now() - ((g % 365) || ' days')::interval - (g || ' seconds')::interval,
        -- Move-in terms of every kind (issue 20); the database derives their totals.
        (ARRAY[0, 0, 1, 3, 6, 12, 12, 24])[1 + g % 8],
        (ARRAY['none', 'percent', 'months', 'fixed'])[1 + (g / 8) % 4],
        (ARRAY[0, 10, 1, 300])[1 + (g / 8) % 4],
        (ARRAY['tenant', 'tenant', 'shared', 'landlord'])[1 + (g / 3) % 4],
        CASE WHEN g % 4 = 1 THEN current_date + (g % 120) END,
        (ARRAY['unfurnished', 'semi', 'furnished'])[1 + (g / 5) % 3],
        -- Pins up to about 5 km from the city's centre each way (issue 39's area searches).
        (${sql.param(latitudes)}::float8[])[1 + (g * 31) % ${cities.length}] + ((spread * 7) % 100003 / 100003.0 - 0.5) * 0.09,
        (${sql.param(longitudes)}::float8[])[1 + (g * 31) % ${cities.length}] + ((spread * 13) % 99991 / 99991.0 - 0.5) * 0.09,
        -- The public area line: the city (the street above is private, issue 50).
        city || ', ' || country
      FROM (
        -- g * 7919 passes int4 from g = 271 178 on: computed in bigint (--listings 1000000).
        SELECT g, g::bigint * 7919 AS spread,
          (${sql.param(cities)}::text[])[1 + (g * 31) % ${cities.length}] AS city,
          (${sql.param(countryOf)}::text[])[1 + (g * 31) % ${cities.length}] AS country,
          (${sql.param(currencyOf)}::text[])[1 + (g * 31) % ${cities.length}] AS currency,
          (${sql.param(kinds)}::text[])[1 + g % ${kinds.length}] AS kind,
          (${sql.param(categories)}::text[])[1 + (g / 4) % 4] AS category,
          (${sql.param(periods)}::text[])[1 + (g / 16) % 5] AS period
        FROM generate_series(${firstNumber + start}::int, ${firstNumber + start + size - 1}::int) AS g
      ) AS s
    `);
  }
}
