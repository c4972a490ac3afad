import { z } from 'zod';
import { passwordField } from './auth';
import {
  blankToUndefined,
  optionalText,
  pageParam,
  requiredText,
  wholeNumberParam,
} from './fields';
import { listingChangesSchema } from './listing-changes';
import { propertySchema } from './properties';

/**
 * The administrators' view of listings (spec accounts-and-admin: Admin panel, Property (admin
 * view), section 7): every status, with the owner's contact details.
 */
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_MAX_LIMIT = 100;
/** More would never be seen: the home page shows 6, the featured list is read 50 at a time. */
export const MAX_FEATURED = 50;

/** The Properties tab's filter (spec). */
export const adminStatusFilters = ['all', 'active', 'inactive', 'verified', 'unverified'] as const;
/**
 * What the API also accepts: the image approval queue reads `pending` (unverified and not
 * rejected, so a rejected listing leaves the queue until its owner edits it), `rejected`,
 * and `live` (verified and active: what the Featured tab may feature).
 */
export const adminStatusQueries = [...adminStatusFilters, 'pending', 'rejected', 'live'] as const;
export type AdminStatusFilter = (typeof adminStatusQueries)[number];
/** `oldest` serves the approval queue: whoever has waited longest comes first. */
export const adminSorts = ['newest', 'oldest'] as const;

export const adminPropertyQuerySchema = z.object({
  search: optionalText(200),
  status: z.preprocess(
    blankToUndefined,
    z.enum(adminStatusQueries, { error: 'invalidValue' }).default('all'),
  ),
  sort: z.preprocess(
    blankToUndefined,
    z.enum(adminSorts, { error: 'invalidValue' }).default('newest'),
  ),
  page: pageParam(),
  limit: wholeNumberParam(1, ADMIN_MAX_LIMIT, ADMIN_PAGE_SIZE),
});
export type AdminPropertyQuery = z.output<typeof adminPropertyQuerySchema>;

/**
 * A photo of a listing waiting for review that is also on another lister's listing (issue 50,
 * docs/decisions/035-stolen-photos.md): the same picture by its perceptual hash, resized,
 * re-compressed or cropped by a tenth.
 */
export const photoMatchSchema = z
  .object({
    photoKey: z
      .string()
      .describe('The photo of this listing (a key of `photos` or of the pending photos).'),
    otherListing: z
      .object({
        id: z.string().describe('The other listing’s id.'),
        title: z.string().describe('The other listing’s title.'),
        lister: z
          .object({
            id: z.string().describe('The other listing’s owner.'),
            displayName: z.string().describe('Their business name, else their full name.'),
          })
          .describe('Who listed the other listing: never this listing’s owner.'),
      })
      .describe('The listing that carries the same picture.'),
    otherPhotoKey: z.string().describe('The other listing’s photo (its key).'),
    otherPhotoUrl: z
      .string()
      .describe(
        'The other listing’s photo, 800 px wide or its largest (for the side-by-side view).',
      ),
    distance: z
      .number()
      .int()
      .describe('Bits that differ between the two photos’ 64-bit hashes (0 to 4; 0 is identical).'),
  })
  .describe('A photo that is also on another lister’s listing.');
export type PhotoMatch = z.infer<typeof photoMatchSchema>;

const pointSchema = z.object({ latitude: z.number(), longitude: z.number() });

/**
 * Where a listing is, for the approval card (issue 51): administrators may see the exact pin;
 * renters never do (they get `location`'s public point alone).
 */
export const adminPlaceSchema = z
  .object({
    pin: pointSchema.describe(
      'The exact pin: what approving approves (the proposed pin when a move waits for review).',
    ),
    previousPin: pointSchema
      .nullable()
      .describe(
        'The approved pin when the pin moved more than 1 km since the last approval (the old ' +
          'point; `pin` is the new one); null when it did not move.',
      ),
    publicArea: pointSchema
      .extend({ radiusMeters: z.number().int() })
      .describe(
        'The circle renters see now: its centre (the public point, 50 to 300 m from the ' +
          'approved pin, drawn again by the database when a moved pin is approved) and radius.',
      ),
    ghanaPostGps: z.string().nullable().describe('The GhanaPost GPS code its owner gave, or null.'),
    cityCentre: pointSchema
      .nullable()
      .describe(
        'The centre of the listing’s city (the proposed city when that changes), from the ' +
          'fixed city lists; null for a city not in them.',
      ),
    cityCentreMeters: z
      .number()
      .int()
      .nullable()
      .describe('How far `pin` is from the city’s centre, in metres; null without a centre.'),
  })
  .describe('Where the place is: the exact pin, the circle renters see, the code, the city.');
export type AdminPlace = z.infer<typeof adminPlaceSchema>;

export const adminPropertySchema = propertySchema.extend({
  ownerId: z.string(),
  ownerFirstName: z.string(),
  ownerLastName: z.string(),
  ownerEmail: z.string().nullable(),
  ownerPhone: z.string().nullable(),
  ownerBusinessName: z.string().nullable(),
  /** What changed since an administrator last approved it; null if never approved. */
  changesSinceApproval: listingChangesSchema.nullable(),
  photoMatches: z
    .array(photoMatchSchema)
    .describe(
      'For a listing waiting for review (new, or approved with changes waiting): its photos, ' +
        'approved and proposed, that another lister’s listing also carries, closest first, ' +
        'at most 3 other listings a photo. ' +
        'Empty for other listings and when none matches.',
    ),
  place: adminPlaceSchema,
});
export type AdminProperty = z.infer<typeof adminPropertySchema>;

export const adminPropertyListSchema = z.object({
  properties: z.array(adminPropertySchema),
  total: z.number().int(),
});

export const MAX_HIDE_REASON_LENGTH = 500;

/** Hide (with the reason its owner is shown; empty means none) or show a listing. */
export const visibilityBodySchema = z.object({
  isActive: z.boolean({ error: 'invalidValue' }),
  reason: z.string().trim().max(MAX_HIDE_REASON_LENGTH, { error: 'tooLong' }).optional(),
});

export const featuredBodySchema = z.object({
  isFeatured: z.boolean({ error: 'invalidValue' }),
  /** Where to put it (1 = first); the end of the list when absent. */
  featuredOrder: z
    .number({ error: 'invalidValue' })
    .int({ error: 'invalidValue' })
    .min(1, { error: 'invalidValue' })
    .max(MAX_FEATURED, { error: 'invalidValue' })
    .nullish(),
});

export const reorderFeaturedBodySchema = z.object({
  propertyOrders: z
    .array(
      z.object({
        id: z.string().max(100),
        order: z
          .number({ error: 'invalidValue' })
          .int({ error: 'invalidValue' })
          .min(1, { error: 'invalidValue' })
          .max(10_000, { error: 'invalidValue' }),
      }),
    )
    .min(1, { error: 'required' })
    .max(MAX_FEATURED, { error: 'invalidValue' }),
});
export type ReorderFeaturedBody = z.input<typeof reorderFeaturedBodySchema>;

/** Admin Management (issue 6): administrators, granting by email, and the audit log. */
export const administratorSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.string(),
});
export type Administrator = z.infer<typeof administratorSchema>;

export const grantAdminBodySchema = z.object({
  email: z
    .string({ error: 'emailRequired' })
    .trim()
    .toLowerCase()
    .max(254, { error: 'tooLong' })
    .pipe(z.email({ error: 'emailInvalid' })),
});

/**
 * Every action the audit log records (server/features/admin/audit.ts takes only these), so the
 * admin panel has a label for each in every language (issue 34: it showed `retry-delivery`).
 */
export const auditActions = [
  'approve',
  'reject',
  'show',
  'hide',
  'delete',
  'feature',
  'unfeature',
  'reorder',
  'grant-admin',
  'revoke-admin',
  'change-password',
  'revoke',
  'approve-video',
  'retry-delivery',
  'verification-approve',
  'verification-reject',
  'set_exchange_rate',
  'reports-dismiss',
  'reports-restore',
  'reports-remove',
  // An administrator read the conversation a report was sent from (issue 37).
  'read-reported-conversation',
  // An administrator hid a review or showed it again (issue 40).
  'review-hide',
  'review-restore',
  // An administrator marked a support or contact message handled, opened it again, or
  // answered it by e-mail (issue 51).
  'inbox-handled',
  'inbox-reopened',
  'inbox-reply',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  actor: z
    .object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
    })
    .nullable()
    .describe('The administrator who acted; null once their account is deleted.'),
  listing: z
    .object({
      id: z.string(),
      title: z
        .string()
        .nullable()
        .describe(
          'Its title now; for a deleted listing the title the entry recorded, null when none.',
        ),
      deleted: z.boolean().describe('The listing no longer exists.'),
    })
    .nullable()
    .describe(
      'The listing the action concerned (a listing acted on, or the listing of a review or ' +
        'conversation); null for none.',
    ),
  person: z
    .object({
      id: z.string(),
      firstName: z.string().nullable().describe('Null once the account is deleted.'),
      lastName: z.string().nullable(),
      email: z
        .string()
        .nullable()
        .describe('Their e-mail; for a deleted account the one the entry recorded, if any.'),
      phone: z.string().nullable(),
      deleted: z.boolean().describe('The account no longer exists.'),
    })
    .nullable()
    .describe(
      'The account the action concerned: the account acted on, the lister of a verification ' +
        'request or a video, the owner of a listing acted on; null for none.',
    ),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'invalidValue' })
    .int({ error: 'invalidValue' })
    .min(1, { error: 'invalidValue' })
    .max(500, { error: 'invalidValue' })
    .default(100),
});

/** POST /api/admin/change-password (spec: currentPassword, newPassword; at least 8). */
export const adminChangePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: 'currentPasswordRequired' })
    .min(1, { error: 'currentPasswordRequired' })
    .max(128, { error: 'passwordTooLong' }),
  newPassword: passwordField,
});

/** POST /api/admin/properties/:id/reject: the reason the owner will read. */
export const rejectBodySchema = z.object({ reason: requiredText(500) });
