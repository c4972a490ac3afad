import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Verification, VerificationRequest } from '#common/verifications';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { listerVerifications } from './schema';
import { AppError, forbidden } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/database-errors';
import type { FileStorage } from '../../lib/storage';

/**
 * A lister's request to be verified (issue 19): who may ask, and storing the document photo
 * privately. The photo's name never matches /files (listing photo variants only), so no
 * public route serves it; administrators read it through their own route (admin.ts).
 */

type VerificationRow = typeof listerVerifications.$inferSelect;

export function toVerificationJson(row: VerificationRow): Verification {
  return {
    id: row.id,
    kind: row.kind,
    document: row.document,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * Refused before the body is read: renters (only listers' listings carry badges), an agent
 * licence from anyone but an agent.
 */
export function assertMayApply(user: UserRow): void {
  if (user.userType === 'renter') throw forbidden('verification_listers_only');
}

const alreadyVerified = (user: UserRow, kind: VerificationRequest['kind']) =>
  kind === 'identity' ? user.identityVerifiedAt !== null : user.licensedAgentAt !== null;

/** A new private file name for a document photo (never a listing photo's shape). */
const documentFileName = () => `vdoc_${randomBytes(12).toString('hex')}.webp`;

export async function requestVerification(
  deps: { db: Database; storage: FileStorage },
  user: UserRow,
  request: VerificationRequest,
  photo: Buffer,
): Promise<Verification> {
  if (request.kind === 'agent_licence' && user.userType !== 'agent') {
    throw forbidden('verification_agents_only');
  }
  if (alreadyVerified(user, request.kind)) throw new AppError('already_verified');
  const [waiting] = await deps.db
    .select({ id: listerVerifications.id })
    .from(listerVerifications)
    .where(
      and(
        eq(listerVerifications.userId, user.id),
        eq(listerVerifications.kind, request.kind),
        eq(listerVerifications.status, 'pending'),
      ),
    );
  if (waiting) throw new AppError('verification_pending');
  const fileKey = documentFileName();
  // The file first: a row never names a file that is not there. A row refused below (two
  // requests at once) leaves a file nobody names, which is deleted at once.
  await deps.storage.put(fileKey, photo);
  try {
    const [row] = await deps.db
      .insert(listerVerifications)
      .values({
        userId: user.id,
        kind: request.kind,
        document: request.document,
        documentNumber: request.documentNumber,
        fileKey,
        fileType: 'image/webp',
      })
      .returning();
    return toVerificationJson(row!);
  } catch (error) {
    await deps.storage.delete(fileKey).catch(() => {});
    if (isUniqueViolation(error)) throw new AppError('verification_pending');
    throw error;
  }
}

/** The user's requests, newest first (the account page shows where each stands). */
export async function ownVerifications(db: Database, user: UserRow): Promise<Verification[]> {
  const rows = await db
    .select()
    .from(listerVerifications)
    .where(eq(listerVerifications.userId, user.id))
    .orderBy(desc(listerVerifications.createdAt))
    .limit(20);
  return rows.map(toVerificationJson);
}
