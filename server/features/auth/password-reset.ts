import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordResetTokens } from './schema';
import { users, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { NotificationLocale, Notifier } from '../../lib/notifier';
import { hashPassword } from '../../lib/passwords';
import { deletePhoneResetCode } from './phone-reset';
import { deleteUserSessions, hashToken } from './sessions';

/**
 * Password reset by e-mailed link (docs/design.md): a random 32-byte token, only its hash stored,
 * valid 30 minutes, used once; a reset ends every session of the account.
 */
export const RESET_TTL_MS = 30 * 60_000;

const invalidLink = () =>
  new AppError('reset_link_invalid', {
    fields: { token: 'invalidValue' },
  });

/** Makes a reset link for the account and mails it. */
export async function sendPasswordReset(
  deps: { db: Database; notifier: Notifier; publicUrl: string },
  user: UserRow & { email: string },
  locale: NotificationLocale,
  now: Date,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const link = new URL(`/reset-password?token=${token}`, deps.publicUrl).toString();
  // The token and its e-mail are written together: a link exists exactly when it is on its way.
  await deps.db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
    });
    await deps.notifier.email(
      user.email,
      { kind: 'password-reset', firstName: user.firstName, link },
      locale,
      { db: tx },
    );
  });
}

/** Whether a reset token would still be taken (not used, not expired). */
export async function isResetTokenLive(db: Database, token: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  return row !== undefined;
}

/**
 * Sets the new password if the token is live, and uses up every reset token of the account
 * (and its phone reset code).
 * The link reached the account's mailbox, so the address counts as verified too.
 */
export async function resetPassword(
  db: Database,
  token: string,
  password: string,
  now: Date,
): Promise<UserRow> {
  const passwordHash = await hashPassword(password);
  const user = await db.transaction(async (tx) => {
    const [used] = await tx
      .delete(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) throw invalidLink();
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, used.userId));
    await deletePhoneResetCode(tx, used.userId);
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, emailVerified: true, updatedAt: now })
      .where(eq(users.id, used.userId))
      .returning();
    // With the new password, in one transaction: no reset leaves another session signed in.
    await deleteUserSessions(tx, used.userId);
    return updated!;
  });
  return user;
}
