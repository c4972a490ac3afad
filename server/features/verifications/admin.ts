import { and, asc, count, desc, eq, isNotNull, lt, ne, sql } from 'drizzle-orm';
import {
  VERIFICATION_FILE_DAYS,
  VERIFICATIONS_PAGE_SIZE,
  type AdminVerification,
  type VerificationDecisionBody,
  type VerificationQuery,
} from '#common/verifications';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { listerVerifications } from './schema';
import { AppError, notFound } from '../../lib/app-error';
import { tellUser, type Notifier } from '../../lib/notifier';
import type { FileStorage } from '../../lib/storage';
import { recordAudit } from '../admin/service';
import { toVerificationJson } from './requests';

/**
 * The admin panel's Verifications (issue 19): requests waiting (oldest first), decided ones,
 * the decision (the applicant is told; audit-logged), the document photo for administrators
 * only, and the photo's deletion 30 days after the decision.
 */
export type VerificationAdminDeps = {
  db: Database;
  storage: FileStorage;
  notifier: Notifier;
  publicUrl: string;
  log: { warn: (object: object, message: string) => void };
  /** Listings show their lister's badges: the search index re-reads owners at once. */
  listingsChanged: () => Promise<void>;
};

export const verificationPhotoUrl = (id: string) => `/api/admin/verifications/${id}/photo`;

export async function listVerifications(
  db: Database,
  query: VerificationQuery,
): Promise<{ verifications: AdminVerification[]; total: number }> {
  const where = eq(listerVerifications.status, query.status);
  const [rows, [total]] = await Promise.all([
    db
      .select({ request: listerVerifications, applicant: users })
      .from(listerVerifications)
      .innerJoin(users, eq(users.id, listerVerifications.userId))
      .where(where)
      // Waiting: the oldest first, as a queue; decided: the latest first.
      .orderBy(
        query.status === 'pending'
          ? asc(listerVerifications.createdAt)
          : desc(listerVerifications.decidedAt),
        asc(listerVerifications.id),
      )
      .limit(VERIFICATIONS_PAGE_SIZE)
      .offset((query.page - 1) * VERIFICATIONS_PAGE_SIZE),
    db.select({ n: count() }).from(listerVerifications).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    verifications: rows.map(({ request, applicant }) => ({
      ...toVerificationJson(request),
      documentNumber: request.documentNumber,
      applicant: {
        id: applicant.id,
        name: `${applicant.firstName} ${applicant.lastName}`.trim(),
        email: applicant.email,
        phone: applicant.phone,
        userType: applicant.userType,
        businessName: applicant.businessName,
      },
      fileUrl: request.fileKey ? verificationPhotoUrl(request.id) : null,
    })),
  };
}

/**
 * Approves or rejects a waiting request: approval gives the account its badge (an agent
 * licence also becomes the account's licence number). 404 unknown, 409 already decided.
 */
export async function decideVerification(
  deps: VerificationAdminDeps,
  admin: UserRow,
  id: string,
  body: VerificationDecisionBody,
): Promise<'approved' | 'rejected'> {
  const approved = body.decision === 'approve';
  const reason = body.reason ?? null;
  await deps.db.transaction(async (tx) => {
    const [decided] = await tx
      .update(listerVerifications)
      .set({
        status: approved ? 'approved' : 'rejected',
        reason,
        decidedAt: sql`now()`,
        decidedBy: admin.id,
      })
      .where(and(eq(listerVerifications.id, id), eq(listerVerifications.status, 'pending')))
      .returning();
    if (!decided) {
      const [exists] = await tx
        .select({ id: listerVerifications.id })
        .from(listerVerifications)
        .where(eq(listerVerifications.id, id));
      throw exists ? new AppError('verification_decided') : notFound('verification_not_found');
    }
    if (approved) {
      await tx
        .update(users)
        .set(
          decided.kind === 'identity'
            ? { identityVerifiedAt: sql`now()` }
            : { licensedAgentAt: sql`now()`, licenseNumber: decided.documentNumber },
        )
        .where(eq(users.id, decided.userId));
    }
    await recordAudit(tx, admin, `verification-${body.decision}`, 'verification', id, {
      kind: decided.kind,
      userId: decided.userId,
      ...(reason ? { reason } : {}),
    });
    const link = new URL('/account-settings', deps.publicUrl).toString();
    await tellUser(
      deps,
      decided.userId,
      (firstName) => ({
        kind: 'verification-decided',
        firstName,
        verification: decided.kind,
        approved,
        reason,
        link,
      }),
      { db: tx },
    );
  });
  if (approved) await deps.listingsChanged();
  return approved ? 'approved' : 'rejected';
}

/** The document photo of a request, for an administrator's browser. */
export async function openVerificationPhoto(db: Database, storage: FileStorage, id: string) {
  const [row] = await db
    .select({ fileKey: listerVerifications.fileKey })
    .from(listerVerifications)
    .where(eq(listerVerifications.id, id));
  if (!row) throw notFound('verification_not_found');
  const file = row.fileKey ? await storage.open(row.fileKey) : null;
  if (!file) throw notFound('file_not_found');
  return file;
}

/**
 * Deletes the document photos of requests decided more than VERIFICATION_FILE_DAYS ago (the
 * hourly sweep): Abode keeps what it decided, not a copy of anyone's ID card. How many.
 */
export async function deleteDecidedDocumentPhotos(
  db: Database,
  storage: FileStorage,
): Promise<number> {
  const due = await db
    .select({ id: listerVerifications.id, fileKey: listerVerifications.fileKey })
    .from(listerVerifications)
    .where(
      and(
        isNotNull(listerVerifications.fileKey),
        ne(listerVerifications.status, 'pending'),
        lt(
          listerVerifications.decidedAt,
          sql`now() - make_interval(days => ${VERIFICATION_FILE_DAYS})`,
        ),
      ),
    )
    .limit(500);
  for (const row of due) {
    await storage.delete(row.fileKey!);
    await db
      .update(listerVerifications)
      .set({ fileKey: null, filesDeletedAt: sql`now()` })
      .where(eq(listerVerifications.id, row.id));
  }
  return due.length;
}
