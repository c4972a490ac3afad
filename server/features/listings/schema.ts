import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Photo } from '#common/images';
import type { ApprovedSnapshot, PendingChanges } from '#common/listing-changes';
import { currencies, pricingPeriods } from '#common/money';
import { agentFeeKinds, agentFeePayers, furnishings } from '#common/move-in';
import { categories, propertyTypes } from '#common/property-enums';
import { reportOutcomes, reportReasons } from '#common/reports';
import { users } from '../../db/schema';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Listings (the listings feature's). Status (docs/design.md): not verified = Pending Approval;
 * verified and active = Live; verified and inactive = Approved. Only Live listings are public.
 */
export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    propertyType: text('property_type', { enum: propertyTypes }).notNull(),
    category: text('category', { enum: categories }).notNull().default('general'),
    // The public area line ("Adenta Housing Down, Adenta"): search, pages, JSON-LD (issue 50).
    address: text('address').notNull(),
    // Street and house number: the owner's, administrators' and a confirmed viewer's only, like
    // the pin and the GhanaPost GPS code (issue 50).
    streetAddress: text('street_address').notNull().default(''),
    city: text('city').notNull(),
    country: text('country').notNull(),
    // Where it is (issue 39): the exact point its owner set, which only they and
    // administrators see, and an optional GhanaPost GPS code (shown also to a renter with a
    // confirmed viewing). Everyone else, and search, get the public point: a blur of up to
    // 300 m kept by the database (trigger listing_public_point, migration 0041) from the exact
    // point and a secret per listing, the same for a listing every time, jumping rather than
    // creeping when the pin moves, so that it can be neither averaged out nor walked back.
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    ghanaPostGps: text('ghana_post_gps'),
    locationSalt: uuid('location_salt').notNull().defaultRandom(),
    publicLatitude: doublePrecision('public_latitude').notNull().default(0),
    publicLongitude: doublePrecision('public_longitude').notNull().default(0),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency', { enum: currencies }).notNull(),
    pricingPeriod: text('pricing_period', { enum: pricingPeriods }).notNull().default('month'),
    // The rent per month in cedis, dollars at the administrator's rate (exchange_rates): the
    // one scale of price filters and sorting across currencies and periods. Kept by a trigger
    // (migration 0023), which a rate change fires again for every dollar listing.
    monthlyPriceGhs: numeric('monthly_price_ghs', { mode: 'number' }).notNull().default(0),
    bedrooms: integer('bedrooms').notNull().default(1),
    bathrooms: integer('bathrooms').notNull().default(1),
    // The spec's search has a guests filter but listings state no capacity: two per bedroom,
    // at least one (docs/decisions/002-search.md).
    guestCapacity: integer('guest_capacity')
      .notNull()
      .generatedAlwaysAs(sql`greatest(1, bedrooms * 2)`),
    amenities: text('amenities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // What moving in costs (issue 20, common/move-in.ts): months of rent in advance, a deposit
    // and the agent's fee, in the listing's currency; and what comes with the place.
    advanceMonths: integer('advance_months').notNull().default(0),
    depositAmount: numeric('deposit_amount', { precision: 12, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    agentFeeKind: text('agent_fee_kind', { enum: agentFeeKinds }).notNull().default('none'),
    agentFeeValue: numeric('agent_fee_value', { precision: 12, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    agentFeePayer: text('agent_fee_payer', { enum: agentFeePayers }).notNull().default('tenant'),
    availableFrom: date('available_from', { mode: 'string' }),
    minLeaseMonths: integer('min_lease_months'),
    furnished: text('furnished', { enum: furnishings }).notNull().default('unfurnished'),
    utilitiesIncluded: text('utilities_included')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The move-in total in cedis, for the maxMoveIn filter: kept by the same trigger with
    // listing_move_in_total, the database's copy of common/move-in.ts (a test keeps them equal).
    moveInGhs: numeric('move_in_ghs', { mode: 'number' }).notNull().default(0),
    photos: jsonb('photos')
      .$type<Photo[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    averageRating: numeric('average_rating', { precision: 3, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    reviewCount: integer('review_count').notNull().default(0),
    // When its reviews last changed (issue 40: a review, an edit, an answer, a moderator's
    // decision), written with the rating: the row changes, so every server's search index and
    // the visitors' pages it keeps see the change, as they do any change of the listing.
    reviewsChangedAt: timestamp('reviews_changed_at', { withTimezone: true }),
    isVerified: boolean('is_verified').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    isFeatured: boolean('is_featured').notNull().default(false),
    // Why an administrator did not approve the photos; cleared when approved (issue 6).
    rejectionReason: text('rejection_reason'),
    // Set when an administrator hid the listing (isActive is then false): only an administrator
    // shows it again, and its owner sees why.
    hiddenByAdminAt: timestamp('hidden_by_admin_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    // Set when renters' reports hid the listing (issue 19; isActive is then false, and
    // activeBeforeReports keeps the owner's choice for when an administrator restores it).
    hiddenForReportsAt: timestamp('hidden_for_reports_at', { withTimezone: true }),
    activeBeforeReports: boolean('active_before_reports'),
    // Set when its owner marked it rented (issue 21; isActive is then false): out of search,
    // its page says so for RENTED_PAGE_DAYS, and the owner may make it available again.
    rentedAt: timestamp('rented_at', { withTimezone: true }),
    // When its owner last confirmed it available, renewed it, or it went live (issue 21; the
    // listing writer sets it whenever a listing becomes live). Unconfirmed for
    // LISTING_CONFIRM_DAYS it expires (expiredAt set, isActive false) until renewed; its owner
    // is reminded once, CONFIRM_REMINDER_DAYS in (confirmRemindedAt).
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
    confirmRemindedAt: timestamp('confirm_reminded_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    // What renters rely on (title, description, price, place, photos) as an administrator last
    // approved it: a change to any of it needs a new approval, which shows the difference.
    approvedSnapshot: jsonb('approved_snapshot').$type<ApprovedSnapshot>(),
    // An owner's edit of those fields or photos on an approved listing, waiting for review
    // (issue 34): the columns above keep the approved values renters see until an
    // administrator approves (applied) or rejects (dropped) it. Null when nothing waits.
    pendingChanges: jsonb('pending_changes').$type<PendingChanges>(),
    featuredOrder: integer('featured_order'),
    // Location text, lower-cased and without accents, for trigram matching; and its words for
    // full-text matching. Both are kept by the database itself.
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(immutable_unaccent(city || ' ' || country || ' ' || address || ' ' || title))`,
      ),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('simple', lower(immutable_unaccent(city || ' ' || country || ' ' || address || ' ' || title)))`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => {
    const live = sql`${table.isVerified} AND ${table.isActive}`;
    return [
      index('properties_owner_idx').on(table.ownerId),
      // Each matches an ORDER BY of search column for column, so a page is read straight off
      // the index instead of sorting every match.
      index('properties_live_newest_v2_idx')
        .on(table.createdAt.desc(), table.id.desc())
        .where(live),
      index('properties_live_price_idx').on(table.monthlyPriceGhs, table.id).where(live),
      index('properties_live_rating_v2_idx')
        .on(table.averageRating.desc(), table.reviewCount.desc(), table.id.desc())
        .where(live),
      index('properties_live_type_v2_idx')
        .on(table.propertyType, table.createdAt.desc(), table.id.desc())
        .where(live),
      index('properties_live_category_v2_idx')
        .on(table.category, table.createdAt.desc(), table.id.desc())
        .where(live),
      index('properties_live_city_idx')
        .on(table.city, table.createdAt.desc(), table.id.desc())
        .where(live),
      // Searches by area (bbox) and distance (near) read the public point.
      index('properties_live_public_point_idx')
        .using('gist', sql`point(${table.publicLongitude}, ${table.publicLatitude})`)
        .where(live),
      // The freshness job's scan: live listings, oldest confirmation first.
      index('properties_live_confirmed_idx').on(table.confirmedAt).where(live),
      index('properties_featured_idx')
        .on(table.featuredOrder)
        .where(sql`${table.isFeatured}`),
      index('properties_pending_idx')
        .on(table.createdAt)
        .where(sql`NOT ${table.isVerified}`),
      index('properties_search_text_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
      index('properties_search_vector_idx').using('gin', table.searchVector),
      index('properties_amenities_idx').using('gin', table.amenities),
      // Which listing holds a photo key (the orphan-file sweep: orphan-photos.ts).
      index('properties_photos_idx').using('gin', sql`${table.photos} jsonb_path_ops`),
      // And which pending change holds one (photos proposed but not yet approved).
      index('properties_pending_photos_idx')
        .using('gin', sql`(${table.pendingChanges} -> 'photos') jsonb_path_ops`)
        .where(sql`${table.pendingChanges} IS NOT NULL`),
    ];
  },
);

/**
 * A user's saved listings. Declared by listings, not by the favorites feature: it is a relation
 * of a listing (its key and cascade are the listing's), listings reads it to show a viewer
 * whether they saved a listing, and favorites uses listings (eslint.config.js serverFeatures),
 * so listings may not use favorites. The favorites feature writes it through
 * listings/service.ts; a hook would only hide the same read.
 */
export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The rent the saver last knew (issue 21): when the listing goes live again at a lower
    // rent, they are told once, and this becomes the new one. Off when they unsubscribed.
    seenPrice: numeric('seen_price', { precision: 12, scale: 2, mode: 'number' }),
    seenCurrency: text('seen_currency', { enum: currencies }),
    seenPeriod: text('seen_period', { enum: pricingPeriods }),
    priceAlerts: boolean('price_alerts').notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.propertyId] }),
    index('favorites_property_idx').on(table.propertyId),
  ],
);

export type PropertyRow = typeof properties.$inferSelect;

/**
 * Who revealed a listing's contact details, and when last: the per-account daily limit counts
 * these rows, and the owner's dashboard counts a listing's readers.
 */
export const contactReveals = pgTable(
  'contact_reveals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.propertyId] }),
    index('contact_reveals_user_last_idx').on(table.userId, table.lastAt),
    index('contact_reveals_property_idx').on(table.propertyId),
  ],
);

/**
 * Which listings' contact details were revealed from which IP address, and when last (issue
 * 34): one address may reveal at most `contactRevealsPerAddress.max` different listings a
 * day, whichever accounts ask, so a harvester cannot multiply the per-account limit with
 * accounts. In the database like the per-account rows, so it holds across servers; rows older
 * than the window are swept hourly.
 */
export const contactRevealAddresses = pgTable(
  'contact_reveal_addresses',
  {
    address: text('address').notNull(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.address, table.propertyId] }),
    index('contact_reveal_addresses_address_last_idx').on(table.address, table.lastAt),
    index('contact_reveal_addresses_last_idx').on(table.lastAt),
  ],
);

/**
 * Renters' reports of listings (issue 19), the reports feature's data. Declared by listings,
 * not in server/features/reports/schema.ts, because the listings feature reads it too (a
 * viewer's own report of a listing, listings/service.ts) while reports uses listings: listings
 * may not use reports (eslint.config.js serverFeatures would have a cycle). The reports feature
 * reaches it through listings/service.ts.
 */
/**
 * One account's report of one listing (a second is refused: unique). Open until an
 * administrator resolves it; open reports of the last 30 days can hide a listing
 * (features/reports/report-listing.ts).
 */
export const listingReports = pgTable(
  'listing_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: reportReasons }).notNull(),
    note: text('note'),
    // Who the reporter was when they reported (issue 34), for counting people rather than
    // accounts: their phone number (E.164) if verified then, else null (such a report goes to
    // the administrators' queue but never counts toward hiding), and their e-mail's mailbox
    // (common/email-identity.ts). Accounts sharing either are one reporter.
    reporterPhone: text('reporter_phone'),
    reporterEmailKey: text('reporter_email_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution', { enum: reportOutcomes }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionReason: text('resolution_reason'),
  },
  (table) => [
    uniqueIndex('listing_reports_property_reporter_idx').on(table.propertyId, table.reporterId),
    index('listing_reports_open_idx')
      .on(table.propertyId, table.createdAt)
      .where(sql`resolved_at IS NULL`),
    index('listing_reports_resolved_idx')
      .on(table.resolvedAt)
      .where(sql`resolved_at IS NOT NULL`),
    index('listing_reports_reporter_idx').on(table.reporterId),
  ],
);
