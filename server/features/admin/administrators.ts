import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Administrator, AuditEntry } from '#common/admin';
import type { Database } from '../../db/client';
import { auditLog } from './schema';
import { users, type UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { properties } from '../listings/service';
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

type AuditRow = typeof auditLog.$inferSelect;

const detail = (row: AuditRow, name: string): string | null => {
  const value = row.details?.[name];
  return typeof value === 'string' && value ? value : null;
};

/** The listing an entry concerns: the listing acted on, or a review's or conversation's. */
function listingIdOf(row: AuditRow): string | null {
  if (row.targetType === 'property') return row.targetId;
  if (row.targetType === 'review' || row.targetType === 'conversation') {
    return detail(row, 'propertyId');
  }
  return null;
}

/** The account an entry concerns directly: the account acted on, a request's or video's lister. */
function personIdOf(row: AuditRow): string | null {
  if (row.targetType === 'user') return row.targetId;
  if (row.targetType === 'verification' || row.targetType === 'video') {
    return detail(row, 'userId');
  }
  return null;
}

const uuids = (ids: (string | null | undefined)[]) => [
  ...new Set(ids.filter((id): id is string => typeof id === 'string' && isUuid(id))),
];

/**
 * The newest audit entries with who made them, and what they concern by name (issue 51): the
 * listing's title and the person's name and contact as they are now, read with two lookups
 * for the whole page. A listing or account deleted since says so, with the title or e-mail
 * the entry recorded.
 */
export async function listAudit(db: Database, limit: number): Promise<AuditEntry[]> {
  const rows = await db
    .select({
      entry: auditLog,
      actorId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);

  const listingIds = uuids(rows.map(({ entry }) => listingIdOf(entry)));
  const listings = new Map(
    (listingIds.length === 0
      ? []
      : await db
          .select({ id: properties.id, title: properties.title, ownerId: properties.ownerId })
          .from(properties)
          .where(inArray(properties.id, listingIds))
    ).map((listing) => [listing.id, listing]),
  );
  // A listing acted on names its owner too.
  const ownerOf = (entry: AuditRow) =>
    entry.targetType === 'property' && entry.targetId
      ? (listings.get(entry.targetId)?.ownerId ?? null)
      : null;
  const personIds = uuids(rows.flatMap(({ entry }) => [personIdOf(entry), ownerOf(entry)]));
  const people = new Map(
    (personIds.length === 0
      ? []
      : await db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            phone: users.phone,
          })
          .from(users)
          .where(inArray(users.id, personIds))
    ).map((person) => [person.id, person]),
  );

  return rows.map(({ entry, actorId, firstName, lastName, email, phone }) => {
    const listingId = listingIdOf(entry);
    const listing = listingId ? listings.get(listingId) : undefined;
    const personId = personIdOf(entry) ?? ownerOf(entry);
    const person = personId ? people.get(personId) : undefined;
    return {
      id: entry.id,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      details: entry.details ?? null,
      createdAt: entry.createdAt.toISOString(),
      actor: actorId
        ? { id: actorId, firstName: firstName!, lastName: lastName!, email, phone }
        : null,
      listing: listingId
        ? listing
          ? { id: listingId, title: listing.title, deleted: false }
          : { id: listingId, title: detail(entry, 'title'), deleted: true }
        : null,
      person: personId
        ? person
          ? { ...person, deleted: false }
          : {
              id: personId,
              firstName: null,
              lastName: null,
              email: detail(entry, 'email'),
              phone: null,
              deleted: true,
            }
        : null,
    };
  });
}
