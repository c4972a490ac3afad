import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ChangePasswordBody,
  NoticeChannel,
  NoticeSettings,
  NotificationSettings,
  profileBodySchema,
} from '#common/auth';
import type { PlanId } from '#common/plans';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { isUniqueViolation } from '../../lib/database-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import {
  assertCodeBudget,
  assertContactFree,
  assertPasswordAllowed,
  deleteUserSessions,
  emailTaken,
  normalizePhone,
  phoneTaken,
  releaseUnverified,
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
  /** What belongs to the change (a code for each new address, queued), in its transaction. */
  alongside?: (tx: Database, user: UserRow, changed: Channel[]) => Promise<void>,
): Promise<{ user: UserRow; changed: Channel[] }> {
  const { email, phone, changed } = profileContact(user, values);
  await assertContactFree(
    db,
    {
      email: changed.includes('email') ? email : null,
      phone: changed.includes('phone') ? phone : null,
    },
    user.id,
  );
  // Each new address gets a code: when one has had its share, nothing is saved.
  for (const channel of changed)
    await assertCodeBudget(db, (channel === 'email' ? email : phone)!, now, user.id);
  try {
    const updated = await db.transaction(async (tx) => {
      await releaseUnverified(
        tx,
        {
          email: changed.includes('email') ? email : null,
          phone: changed.includes('phone') ? phone : null,
        },
        user.id,
      );
      const [row] = await tx
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
      await alongside?.(tx, row!, changed);
      return row!;
    });
    return { user: updated, changed };
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw String((error as Error).message).includes('phone') ? phoneTaken() : emailTaken();
    }
    throw error;
  }
}

/** The profile's email and phone as stored, and which of them are new (each needs a code). */
export function profileContact(
  user: UserRow,
  values: Pick<ProfileValues, 'email' | 'phone'>,
): { email: string | null; phone: string | null; changed: Channel[] } {
  const email = values.email ?? null;
  const phone = values.phone ? normalizePhone(values.phone) : null;
  const changed: Channel[] = [];
  if (email !== user.email && email) changed.push('email');
  if (phone !== user.phone && phone) changed.push('phone');
  return { email, phone, changed };
}

/** Records the listing plan the user chose (the purchase is simulated on the client). */
export async function choosePlan(
  db: Database,
  user: UserRow,
  plan: PlanId,
  now: Date,
): Promise<UserRow> {
  const [updated] = await db
    .update(users)
    .set({ plan, planChosenAt: now, updatedAt: now })
    .where(eq(users.id, user.id))
    .returning();
  return updated!;
}

/**
 * GET /api/account/notifications (issue 37), kept: its two switches are the enquiries' choice
 * of issue 50's settings, read losslessly (both on: `both`, e-mail only: `email`, SMS only:
 * `sms`, both off: `none`).
 */
export const notificationSettingsOf = (user: UserRow): NotificationSettings => ({
  messagesByEmail: user.enquiryNotices === 'email' || user.enquiryNotices === 'both',
  messagesBySms: user.enquiryNotices === 'sms' || user.enquiryNotices === 'both',
});

/** The enquiries' choice that two switches of /api/account/notifications mean. */
const enquiryChoiceOf = (settings: NotificationSettings): NoticeChannel =>
  settings.messagesByEmail
    ? settings.messagesBySms
      ? 'both'
      : 'email'
    : settings.messagesBySms
      ? 'sms'
      : 'none';

/** PUT /api/account/notifications: sets the enquiries' choice (see above). */
export async function saveNotificationSettings(
  db: Database,
  user: UserRow,
  settings: NotificationSettings,
  now: Date,
): Promise<NotificationSettings> {
  const [updated] = await db
    .update(users)
    .set({ enquiryNotices: enquiryChoiceOf(settings), updatedAt: now })
    .where(eq(users.id, user.id))
    .returning();
  return notificationSettingsOf(updated!);
}

/** GET /api/account/notification-settings (issue 50): per kind of notice, which channel. */
export const noticeSettingsOf = (user: UserRow): NoticeSettings => ({
  enquiries: user.enquiryNotices,
  viewings: user.viewingNotices,
  reviews: user.reviewNotices,
});

/** PUT /api/account/notification-settings: saves the three choices at once. */
export async function saveNoticeSettings(
  db: Database,
  user: UserRow,
  settings: NoticeSettings,
  now: Date,
): Promise<NoticeSettings> {
  const [updated] = await db
    .update(users)
    .set({
      enquiryNotices: settings.enquiries,
      viewingNotices: settings.viewings,
      reviewNotices: settings.reviews,
      updatedAt: now,
    })
    .where(eq(users.id, user.id))
    .returning();
  return noticeSettingsOf(updated!);
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
  /** What else belongs to the change (a notice queued for the owner), in its transaction. */
  alongside?: (tx: Database) => Promise<void>,
): Promise<boolean> {
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) return false;
  assertPasswordAllowed(body.newPassword, 'newPassword');
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await deleteUserSessions(tx, user.id, keepSessionToken);
    await alongside?.(tx);
  });
  return true;
}
