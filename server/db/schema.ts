import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
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
import { languageCodes } from '#common/languages';
import { planIds } from '#common/plans';
import { currencies, pricingPeriods } from '#common/money';
import { agentFeeKinds, agentFeePayers, furnishings } from '#common/move-in';
import { categories, propertyTypes } from '#common/property-enums';
import { contactMethods, contactUserTypes, inboxSources, supportCategories } from '#common/inbox';
import { providerCategories, providerStatuses } from '#common/providers';
import { scanResults, videoStatuses } from '#common/videos';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  // Stored lower-cased (email) and in E.164 (phone), so a plain unique index is exact.
  email: text('email').unique(),
  phone: text('phone').unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  userType: text('user_type', { enum: ['renter', 'owner', 'agent', 'both'] })
    .notNull()
    .default('renter'),
  businessName: text('business_name'),
  licenseNumber: text('license_number'),
  profileImageUrl: text('profile_image_url'),
  isAdmin: boolean('is_admin').notNull().default(false),
  // The language of messages sent when the user is not making the request (approvals).
  locale: text('locale', { enum: languageCodes }).notNull().default('en'),
  // The listing plan the user chose (common/plans.ts; the purchase itself is simulated): it
  // sets how many photos a listing may carry. None chosen: Basic's limits.
  plan: text('plan', { enum: planIds }),
  planChosenAt: timestamp('plan_chosen_at', { withTimezone: true }),
  emailVerified: boolean('email_verified').notNull().default(false),
  phoneVerified: boolean('phone_verified').notNull().default(false),
  // Set when an administrator approved the lister's identity document or agent licence
  // (issue 19, trust-schema.ts listerVerifications): the badges on their listings.
  identityVerifiedAt: timestamp('identity_verified_at', { withTimezone: true }),
  licensedAgentAt: timestamp('licensed_agent_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Only the SHA-256 of the session token is stored: a leaked table opens no session. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '30 days'`),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export type UserRow = typeof users.$inferSelect;

/**
 * Every message the product would send when no mail or SMS transport is configured: codes and
 * links still reach the developer through /dev/mailbox (docs/design.md).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_messages_created_at_idx').on(table.createdAt)],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Listings. Status (docs/design.md): not verified = Pending Approval; verified and active = Live;
 * verified and inactive = Approved. Only Live listings are public.
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
    address: text('address').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
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
      // Which listing holds a photo key (the orphan-file sweep: features/uploads/service.ts).
      index('properties_photos_idx').using('gin', sql`${table.photos} jsonb_path_ops`),
      // And which pending change holds one (photos proposed but not yet approved).
      index('properties_pending_photos_idx')
        .using('gin', sql`(${table.pendingChanges} -> 'photos') jsonb_path_ops`)
        .where(sql`${table.pendingChanges} IS NOT NULL`),
    ];
  },
);

/** A user's saved listings. */
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
 * Photos uploaded but not yet part of a listing. A listing takes a photo only from its own
 * owner's uploads (so nobody can point at another user's files), and the row goes when it
 * does; photos nobody used within a day are deleted by a sweep (uploads/service.ts).
 */
export const photoUploads = pgTable(
  'photo_uploads',
  {
    key: text('key').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    photo: jsonb('photo').$type<Photo>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('photo_uploads_owner_idx').on(table.ownerId),
    index('photo_uploads_created_idx').on(table.createdAt),
  ],
);

/**
 * The one live verification code per account and channel: a new code replaces the old. Only a
 * hash is kept; `target` is the address it was sent to, so a code stops working when the
 * address changes.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // 'phone-reset': the code of a password reset by SMS (features/auth/phone-reset.ts), kept
    // apart from the number's verification code so that neither can stand in for the other.
    channel: text('channel', { enum: ['email', 'phone', 'phone-reset'] }).notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // The queued message carrying the code (pgboss job id): the verify page says if it failed.
    deliveryId: uuid('delivery_id'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.channel] })],
);

/**
 * Every code sent, by address or number: one address gets at most one code a minute and a
 * bounded number an hour, whichever account or route asks (issue 15); the account it was
 * sent for tells a newcomer's first code from others' repeats (issue 34,
 * features/auth/verification.ts). Rows older than an hour are swept.
 */
export const codeSends = pgTable(
  'code_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    target: text('target').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    // No foreign key: a deleted account's sends still count against the address's budget.
    userId: uuid('user_id'),
  },
  (table) => [index('code_sends_target_sent_at_idx').on(table.target, table.sentAt)],
);

/** Password reset links: only the token's hash, single use, short-lived. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

/** Who did what to what, and when: every administrator action (issue 6). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_created_idx').on(table.createdAt)],
);

/**
 * One row per browser that has opened a page (spec: Visitor record). The IP address is kept
 * truncated (analytics/ip.ts); city and country come from GeoLite2 when it is configured.
 */
export const visitors = pgTable(
  'visitors',
  {
    visitorId: text('visitor_id').primaryKey(),
    // The last account seen on this browser; kept when it signs out.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ipAddress: text('ip_address'),
    city: text('city'),
    country: text('country'),
    landingPage: text('landing_page').notNull(),
    pagesViewed: integer('pages_viewed').notNull().default(0),
    firstVisit: timestamp('first_visit', { withTimezone: true }).notNull().defaultNow(),
    lastVisit: timestamp('last_visit', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('visitors_last_visit_idx').on(table.lastVisit)],
);

/** Every page load the web app reports; the figures of the User Analytics tab come from here. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    visitorId: text('visitor_id')
      .notNull()
      .references(() => visitors.visitorId, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    path: text('path').notNull(),
    title: text('title').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('page_views_viewed_at_idx').on(table.viewedAt),
    // An owner's dashboard counts the views of each of their listings' pages by path.
    index('page_views_path_idx').on(table.path),
  ],
);

/** Home maintenance businesses that asked to be listed (spec: Service provider). */
export const serviceProviders = pgTable(
  'service_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: text('category_id', { enum: providerCategories }).notNull(),
    businessName: text('business_name').notNull(),
    contactPerson: text('contact_person').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    businessAddress: text('business_address').notNull(),
    serviceArea: text('service_area').notNull(),
    yearsExperience: integer('years_experience').notNull(),
    servicesOffered: text('services_offered').notNull(),
    emergencyAvailable: boolean('emergency_available').notNull().default(false),
    description: text('description'),
    status: text('status', { enum: providerStatuses }).notNull().default('pending'),
    // Who sent it, when signed in; a business may also register without an account.
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('service_providers_status_idx').on(table.status, table.createdAt),
    // One open application or listing per business and trade.
    uniqueIndex('service_providers_open_email_category_idx')
      .on(table.email, table.categoryId)
      .where(sql`status <> 'rejected'`),
  ],
);

/** Support and contact form messages (spec: Support message, Contact message). */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source', { enum: inboxSources }).notNull(),
    // The support form's name, or the contact form's first and last name.
    name: text('name').notNull().default(''),
    email: text('email'),
    phone: text('phone'),
    contactMethod: text('contact_method', { enum: contactMethods }),
    userType: text('user_type', { enum: contactUserTypes }),
    category: text('category', { enum: supportCategories }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    // Set once the copy to the support address was handed over (messages before issue 18).
    forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
    // The queued copy to the support address (pgboss job id): forwarded once it is sent.
    forwardDeliveryId: uuid('forward_delivery_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('inbox_messages_created_idx').on(table.createdAt)],
);

/**
 * Listing videos (spec: Pending video, Approved video; docs/design.md, Videos). The file first waits
 * in quarantine (DATA_DIR/quarantine) while it is scanned, then lives in the file storage under
 * `fileName`; an administrator's edited version under `editedFileName`. An infected upload is
 * deleted with its row and only logged.
 */
export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The listing it was uploaded for, when known (the edit page knows; the wizard not yet).
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    // The uploader's file name, cleaned, for display and downloads only.
    originalName: text('original_name').notNull(),
    // Server-chosen (common/videos.ts videoFileNamePattern); the name in URLs and storage.
    fileName: text('file_name').notNull().unique(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    status: text('status', { enum: videoStatuses }).notNull().default('scanning'),
    // null while scanning.
    scanResult: text('scan_result', { enum: scanResults }),
    editedFileName: text('edited_file_name').unique(),
    editedSize: bigint('edited_size', { mode: 'number' }),
    editedMimeType: text('edited_mime_type'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('videos_user_idx').on(table.userId, table.status),
    index('videos_pending_idx')
      .on(table.uploadedAt)
      .where(sql`status <> 'approved'`),
  ],
);
