import { and, eq } from 'drizzle-orm';
import type { LanguageCode } from '#common/languages';
import type { LoginInput, RegisterInput, User } from '#common/auth';
import type { Database } from '../../db/client';
import type { Notifier } from '../../lib/notifier';
import { passwordResetTokens } from './schema';
import { users, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/database-errors';
import {
  dummyPasswordHash,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from '../../lib/passwords';
import { normalizePhone } from './phone';
import { assertCodeBudget } from './verification';

export {
  deleteDeadSessions,
  deleteSession,
  findSessionUser,
  replaceSession,
  SESSION_COOKIE,
} from './sessions';
export { assertSmsAvailable, normalizePhone } from './phone';
export { aliveSessionHashes, deleteUserSessions, hashToken } from './sessions';
export { assertCodeBudget, sendVerificationCode, type Channel } from './verification';
/** The feature's tables, for the tests that read them. */
export { codeSends, passwordResetTokens, sessions, verificationCodes } from './schema';
/** Where accounts were used from and the numbers they had: reviews' independence (issue 50). */
export { accountSightings, phoneHistory } from './schema';
export { DEVICE_COOKIE } from './sightings';

/** What the account routes need: the database, mail and SMS, links' origin and the time. */
export type AccountDeps = {
  db: Database;
  notifier: Notifier;
  publicUrl: string;
  clock: () => Date;
};

/** The user as the API shows it: never the password hash. */
export function toPublicUser(row: UserRow): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    emailVerified: row.emailVerified,
    phoneVerified: row.phoneVerified,
    isVerified: row.emailVerified || row.phoneVerified,
    userType: row.userType,
    businessName: row.businessName,
    licenseNumber: row.licenseNumber,
    profileImageUrl: row.profileImageUrl,
    isAdmin: row.isAdmin,
    plan: row.plan,
    createdAt: row.createdAt.toISOString(),
  };
}

export const emailTaken = () =>
  new AppError('email_taken', {
    fields: { email: 'email_taken' },
  });
export const phoneTaken = () =>
  new AppError('phone_taken', {
    fields: { phone: 'phone_taken' },
  });

/** Refuses one of the 10 000 most common passwords (400 on `field`). */
export function assertPasswordAllowed(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new AppError('password_too_common', {
      fields: { [field]: 'passwordTooCommon' },
    });
  }
}

/**
 * Refuses an address or number that an account has verified. One that an account only typed
 * in and never verified blocks nobody: the new claimant may take it (releaseUnverified).
 */
export async function assertContactFree(
  db: Database,
  contact: { email?: string | null; phone?: string | null },
  self?: string,
): Promise<void> {
  if (contact.email) {
    const holder = await findUserByEmail(db, contact.email);
    if (holder && holder.id !== self && holder.emailVerified) throw emailTaken();
  }
  if (contact.phone) {
    const holder = await findUserByPhone(db, contact.phone);
    if (holder && holder.id !== self && holder.phoneVerified) throw phoneTaken();
  }
}

/**
 * Takes an unverified address or number away from whichever account holds it (issue 15: typing
 * somebody's number into a form must not lock its real owner out). That account keeps its
 * other identifier and its sessions; its reset links, sent to the address it lost, stop working.
 */
export async function releaseUnverified(
  tx: Database,
  contact: { email?: string | null; phone?: string | null },
  self?: string,
): Promise<void> {
  const released: string[] = [];
  if (contact.email) {
    const rows = await tx
      .update(users)
      .set({ email: null, emailVerified: false, updatedAt: new Date() })
      .where(and(eq(users.email, contact.email), eq(users.emailVerified, false)))
      .returning({ id: users.id });
    released.push(...rows.map((row) => row.id));
  }
  if (contact.phone) {
    await tx
      .update(users)
      .set({ phone: null, phoneVerified: false, updatedAt: new Date() })
      .where(and(eq(users.phone, contact.phone), eq(users.phoneVerified, false)));
  }
  for (const id of released.filter((id) => id !== self)) {
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
  }
}

export async function registerUser(
  db: Database,
  input: RegisterInput,
  locale: LanguageCode = 'en',
  now = new Date(),
  /** What belongs to the sign-up (its code, queued), in its transaction. */
  alongside?: (tx: Database, user: UserRow) => Promise<void>,
): Promise<UserRow> {
  // Only the chosen method's identifier is kept: a phone sign-up with a stray email in the
  // form does not claim that address.
  const email = input.registrationMethod === 'email' ? (input.email ?? null) : null;
  const phone =
    input.registrationMethod === 'phone' && input.phone ? normalizePhone(input.phone) : null;

  assertPasswordAllowed(input.password, 'password');
  await assertContactFree(db, { email, phone });
  // The sign-up sends a code: when the address has had its share, refuse before anything
  // is made, rather than make an account whose code cannot be sent.
  await assertCodeBudget(db, (email ?? phone)!, now, null);

  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      await releaseUnverified(tx, { email, phone });
      const [row] = await tx
        .insert(users)
        .values({
          email,
          phone,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          userType: input.userType,
          businessName: input.userType === 'agent' ? (input.businessName ?? null) : null,
          locale,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await alongside?.(tx, row);
      return row;
    });
  } catch (error) {
    // Two sign-ups raced past the checks above; the unique index decided.
    if (isUniqueViolation(error)) throw email ? emailTaken() : phoneTaken();
    throw error;
  }
}

/**
 * Remembers the language a signed-in user's request asked for, so that messages sent later
 * without a request (an approval) are in it. Writes only when it changed.
 */
export async function rememberLocale(
  db: Database,
  user: UserRow,
  locale: LanguageCode | undefined,
): Promise<void> {
  if (!locale || locale === user.locale) return;
  await db.update(users).set({ locale }).where(eq(users.id, user.id));
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}

export async function findUserByPhone(db: Database, phone: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone));
  return row ?? null;
}

/** The login identifier in its stored form (lower-case email or E.164 phone), for limits. */
export function loginIdentifier(input: Pick<LoginInput, 'email' | 'phone'>): string {
  if (input.email) return `email:${input.email}`;
  if (!input.phone) return 'none';
  try {
    return `phone:${normalizePhone(input.phone)}`;
  } catch {
    return `phone:${input.phone}`;
  }
}

/**
 * The user whose identifier and password match, else null. An unknown account still costs
 * one password check, so timing does not tell which part was wrong.
 */
export async function authenticate(db: Database, input: LoginInput): Promise<UserRow | null> {
  let user: UserRow | null = null;
  if (input.email) {
    user = await findUserByEmail(db, input.email);
  } else if (input.phone) {
    const phone = tryNormalizePhone(input.phone);
    user = phone ? await findUserByPhone(db, phone) : null;
  }
  const valid = await verifyPassword(user?.passwordHash ?? dummyPasswordHash, input.password);
  return user && valid ? user : null;
}

function tryNormalizePhone(phone: string): string | null {
  try {
    return normalizePhone(phone);
  } catch {
    return null;
  }
}

/** Whether any account can administer (the start-up banner says how to make the first). */
export async function administratorExists(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isAdmin, true))
    .limit(1);
  return row !== undefined;
}

/**
 * Makes sure the administrator named by ADMIN_EMAIL exists, is an administrator and is
 * verified. An existing account keeps its password: the variable bootstraps, never resets.
 */
export async function ensureAdministrator(
  db: Database,
  email: string,
  password: string,
): Promise<'created' | 'promoted' | 'unchanged'> {
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (existing.isAdmin && existing.emailVerified) return 'unchanged';
    await db
      .update(users)
      .set({ isAdmin: true, emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, existing.id));
    return 'promoted';
  }
  const created = await db
    .insert(users)
    .values({
      email: email.toLowerCase(),
      passwordHash: await hashPassword(password),
      firstName: 'Admin',
      lastName: 'Abode',
      userType: 'renter',
      isAdmin: true,
      emailVerified: true,
    })
    // Two servers starting at once with the same ADMIN_EMAIL: the second finds it made.
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (created.length === 0) return ensureAdministrator(db, email, password);
  return 'created';
}
