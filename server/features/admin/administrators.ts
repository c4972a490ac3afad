import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Administrator, AuditEntry } from '#common/admin';
import type { Database } from '../../db/client';
import { auditLog } from './schema';
import { users, type UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from './audit';

/**
 * Admin Management (spec: Admin panel): who administers, granting by email, revoking; the
 * last administrator and oneself cannot be revoked, so the panel never locks everyone out.
 */
const adminColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  createdAt: users.createdAt,
};

export async function listAdministrators(db: Database): Promise<Administrator[]> {
  const rows = await db
    .select(adminColumns)
    .from(users)
    .where(eq(users.isAdmin, true))
    .orderBy(asc(users.createdAt));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Makes the account with this email an administrator; granting twice changes nothing. */
export async function grantAdministrator(
  db: Database,
  actor: UserRow,
  email: string,
): Promise<Administrator> {
  const [row] = await db
    .update(users)
    .set({ isAdmin: true, updatedAt: sql`now()` })
    .where(eq(users.email, email))
    .returning(adminColumns);
  if (!row) {
    throw new AppError('no_account_for_email', {
      fields: { email: 'no_account_for_email' },
    });
  }
  await recordAudit(db, actor, 'grant-admin', 'user', row.id, { email });
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function revokeAdministrator(
  db: Database,
  actor: UserRow,
  userId: string,
): Promise<void> {
  if (userId === actor.id) {
    throw new AppError('cannot_revoke_self');
  }
  await db.transaction(async (tx) => {
    // Locks every administrator row, so two revocations cannot leave nobody.
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.isAdmin, true))
      .for('update');
    if (!admins.some((admin) => admin.id === userId)) throw notFound('administrator_not_found');
    if (admins.length <= 1) {
      throw new AppError('last_administrator');
    }
    await tx
      .update(users)
      .set({ isAdmin: false, updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), eq(users.isAdmin, true)));
  });
  await recordAudit(db, actor, 'revoke-admin', 'user', userId);
}

/** The newest audit entries with who made them. */
export async function listAudit(db: Database, limit: number): Promise<AuditEntry[]> {
  const rows = await db
    .select({
      entry: auditLog,
      actorId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map(({ entry, actorId, firstName, lastName, email }) => ({
    id: entry.id,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details ?? null,
    createdAt: entry.createdAt.toISOString(),
    actor: actorId ? { id: actorId, firstName: firstName!, lastName: lastName!, email } : null,
  }));
}
