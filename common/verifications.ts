import { z } from 'zod';
import { blankToUndefined, optionalText, pageParam, pathId } from './fields';

/**
 * Verified listers (issue 19): an owner or agent shows Abode an identity document or an agent
 * licence; once an administrator approves it, their listings carry the badge. Renters in this
 * market fear fake agents most, so the badge says who checked what.
 */
export const verificationKinds = ['identity', 'agent_licence'] as const;
export type VerificationKind = (typeof verificationKinds)[number];
export const identityDocuments = ['ghana_card', 'passport'] as const;
export type IdentityDocument = (typeof identityDocuments)[number];
export const verificationStatuses = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

/** The document photo's files are deleted this long after the decision. */
export const VERIFICATION_FILE_DAYS = 30;
export const MAX_DOCUMENT_NUMBER_LENGTH = 40;
export const MAX_VERIFICATION_REASON_LENGTH = 500;
export const VERIFICATIONS_PAGE_SIZE = 20;

/**
 * A lister's badges, on every listing JSON (detail and search): how Abode knows the person
 * behind the listing. `identityVerified` and `licensedAgent` come from an administrator's
 * check of a document; the other two from a code sent to the address.
 */
export const listerBadgesSchema = z.object({
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  identityVerified: z.boolean(),
  licensedAgent: z.boolean(),
});
export type ListerBadges = z.infer<typeof listerBadgesSchema>;

/** The document numbers Abode takes, each in its usual shape (upper-cased). */
const numberShapes = {
  // Ghana Card personal ID: GHA-123456789-0.
  ghana_card: /^GHA-\d{9}-\d$/,
  passport: /^[A-Z0-9]{6,12}$/,
  // Licence numbers differ by issuer; letters, digits, slashes, dashes and spaces.
  agent_licence: /^[A-Z0-9][A-Z0-9/ -]{2,39}$/,
} as const;

/**
 * The text fields of POST /api/account/verifications (multipart; the photo is the `photo`
 * file). `document` is required for `identity` and ignored for `agent_licence`.
 */
export const verificationRequestSchema = z
  .object({
    kind: z.enum(verificationKinds, { error: 'invalidValue' }),
    document: z.preprocess(blankToUndefined, z.enum(identityDocuments).optional()),
    documentNumber: z
      .string({ error: 'required' })
      .trim()
      .min(1, { error: 'required' })
      .max(MAX_DOCUMENT_NUMBER_LENGTH, { error: 'tooLong' })
      .transform((value) => value.toUpperCase()),
  })
  .superRefine((body, context) => {
    if (body.kind === 'identity' && !body.document) {
      context.addIssue({ code: 'custom', path: ['document'], message: 'required' });
      return;
    }
    const shape = numberShapes[body.kind === 'identity' ? body.document! : 'agent_licence'];
    if (!shape.test(body.documentNumber)) {
      context.addIssue({ code: 'custom', path: ['documentNumber'], message: 'invalidValue' });
    }
  })
  .transform((body) => ({
    ...body,
    document: body.kind === 'identity' ? (body.document ?? null) : null,
  }));
export type VerificationRequest = z.infer<typeof verificationRequestSchema>;
export type VerificationRequestInput = z.input<typeof verificationRequestSchema>;

export const verificationQuerySchema = z.object({
  status: z.enum(verificationStatuses, { error: 'invalidValue' }).default('pending'),
  page: pageParam(),
});
export type VerificationQuery = z.infer<typeof verificationQuerySchema>;

export const verificationDecisionBodySchema = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: 'invalidValue' }),
    reason: optionalText(MAX_VERIFICATION_REASON_LENGTH),
  })
  .superRefine((body, context) => {
    if (body.decision === 'reject' && !body.reason) {
      context.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
    }
  });
export type VerificationDecisionBody = z.infer<typeof verificationDecisionBodySchema>;

export const verificationIdParamsSchema = z.object({ id: pathId() });

/** A request as its applicant sees it (GET /api/account/verifications). */
export const verificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(verificationKinds),
  document: z.enum(identityDocuments).nullable(),
  status: z.enum(verificationStatuses),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Verification = z.infer<typeof verificationSchema>;
export const verificationListSchema = z.array(verificationSchema);

/** A request as administrators see it: the applicant and the document's number and photo. */
export const adminVerificationSchema = verificationSchema.extend({
  documentNumber: z.string(),
  applicant: z.object({
    id: z.uuid(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    userType: z.string(),
    businessName: z.string().nullable(),
  }),
  /** Where an administrator's browser reads the photo; null once deleted. */
  fileUrl: z.string().nullable(),
});
export type AdminVerification = z.infer<typeof adminVerificationSchema>;

export const adminVerificationListSchema = z.object({
  verifications: z.array(adminVerificationSchema),
  total: z.number().int(),
});
