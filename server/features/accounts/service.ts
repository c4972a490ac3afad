import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ChangePasswordBody, profileBodySchema } from '#common/auth';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { isUniqueViolation } from '../../lib/database-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import {
  assertPasswordAllowed,
  deleteUserSessions,
  emailTaken,
  findUserByEmail,
  findUserByPhone,
  normalizePhone,
  phoneTaken,
  type Channel,
} from '../auth/service';

type ProfileValues = z.output<typeof profileBodySchema>;

/**
 * Saves Account Settings' profile. A new email address or phone number is unverified until
 * its code is entered: the answer says which channels now need a code (the caller sends them).
 */
export async function updateProfile(
  db: Database,
  user: UserRow,
  values: ProfileValues,
  now: Date,
): Promise<{ user: UserRow; changed: Channel[] }> {
  const email = values.email ?? null;
  const phone = values.phone ? normalizePhone(values.phone) : null;
  const changed: Channel[] = [];
  if (email !== user.email && email) changed.push('email');
  if (phone !== user.phone && phone) changed.push('phone');

  if (changed.includes('email') && (await findUserByEmail(db, email!))) throw emailTaken();
  if (changed.includes('phone') && (await findUserByPhone(db, phone!))) throw phoneTaken();
  try {
    const [updated] = await db
      .update(users)
      .set({
        firstName: values.firstName,
        lastName: values.lastName,
        email,
        phone,
        businessName: values.businessName ?? null,
        licenseNumber: values.licenseNumber ?? null,
        emailVerified: email === user.email ? user.emailVerified : false,
        phoneVerified: phone === user.phone ? user.phoneVerified : false,
        updatedAt: now,
      })
      .where(eq(users.id, user.id))
      .returning();
    return { user: updated!, changed };
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw String((error as Error).message).includes('phone') ? phoneTaken() : emailTaken();
    }
    throw error;
  }
}

/**
 * Changes the password after checking the current one; every other session of the account
 * ends, the one the change came from stays.
 */
export async function changePassword(
  db: Database,
  user: UserRow,
  body: Pick<ChangePasswordBody, 'currentPassword' | 'newPassword'>,
  keepSessionToken: string | null,
  now: Date,
): Promise<boolean> {
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) return false;
  assertPasswordAllowed(body.newPassword, 'newPassword');
  const passwordHash = await hashPassword(body.newPassword);
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
  await deleteUserSessions(db, user.id, keepSessionToken);
  return true;
}
