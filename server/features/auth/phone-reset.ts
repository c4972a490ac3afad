import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { codeSends, passwordResetTokens, verificationCodes } from './schema';
import { users, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { NotificationLocale, Notifier } from '../../lib/notifier';
import { hashPassword } from '../../lib/passwords';
import { deleteUserSessions } from './sessions';
import { CODE_MAX_ATTEMPTS, codeHash, RESEND_COOLDOWN_MS, storeCode } from './verification';

/**
 * Password reset by phone (issue 34): a phone-only account has no mailbox for a link, so a
 * 6-digit code is texted to its verified number. The code follows the verification codes' rules
 * (docs/design.md): stored hashed with the number it went to, 10 minutes, 5 wrong tries, used
 * once, a newer one replaces it. It lives in `verification_codes` under its own channel, so a
 * number's verification code never resets a password, nor a reset code verifies a number.
 */
export const PHONE_RESET_CHANNEL = 'phone-reset' as const;

const resetCodeHash = (userId: string, code: string) => codeHash(userId, PHONE_RESET_CHANNEL, code);

const ofUser = (userId: string) =>
  and(eq(verificationCodes.userId, userId), eq(verificationCodes.channel, PHONE_RESET_CHANNEL));

const invalidCode = () => new AppError('code_invalid', { fields: { code: 'codeInvalid' } });

/** pg_advisory_xact_lock space of a number's reset codes (the key is the number's hash). */
const RESET_CODE_LOCK_SPACE = 34_001;

/**
 * Makes a reset code for the account's verified number and queues its text, when `mayQueue`
 * (the number's budget, asked in the same transaction under the number's lock, so concurrent
 * requests see each other's sends) allows it; the send counts against the budget like any code.
 */
export async function sendPhoneResetCode(
  deps: { db: Database; notifier: Notifier },
  user: UserRow & { phone: string },
  locale: NotificationLocale,
  now: Date,
  mayQueue: (tx: Database) => Promise<boolean>,
): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // The code, its count against the number's budget and its text are written together: a code
  // exists exactly when its message is queued (decision 013).
  await deps.db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${RESET_CODE_LOCK_SPACE}::int, hashtext(${user.phone}::text))`,
    );
    if (!(await mayQueue(tx))) return;
    await tx.insert(codeSends).values({ target: user.phone, sentAt: now, userId: user.id });
    const deliveryId = await deps.notifier.sms(
      user.phone,
      { kind: 'password-reset-code', code },
      locale,
      { db: tx },
    );
    await storeCode(
      tx,
      { userId: user.id, channel: PHONE_RESET_CHANNEL, target: user.phone, code },
      deliveryId,
      now,
    );
  });
}

/**
 * Sets the new password when `code` is the live reset code of the account holding `phone`
 * (E.164), uses the code and every reset link of the account up, and ends every session, as the
 * reset by link does. A wrong code counts one of the code's five tries; an unknown or
 * unverified number answers like a wrong code.
 */
export async function resetPasswordByPhone(
  db: Database,
  phone: string,
  code: string,
  password: string,
  now: Date,
): Promise<UserRow> {
  const [found] = await db
    .select({ userId: users.id, code: verificationCodes })
    .from(users)
    .innerJoin(
      verificationCodes,
      and(
        eq(verificationCodes.userId, users.id),
        eq(verificationCodes.channel, PHONE_RESET_CHANNEL),
      ),
    )
    .where(and(eq(users.phone, phone), eq(users.phoneVerified, true)));
  // The code went to this number: one sent before the account's number changed is dead.
  if (!found || found.code.target !== phone) throw invalidCode();
  const { userId, code: current } = found;
  if (current.attempts >= CODE_MAX_ATTEMPTS) {
    throw new AppError('code_attempts_exceeded', {
      retryAfterSeconds: Math.max(
        1,
        Math.ceil((current.sentAt.getTime() + RESEND_COOLDOWN_MS - now.getTime()) / 1000),
      ),
    });
  }
  if (current.expiresAt <= now) {
    throw new AppError('code_expired', { fields: { code: 'codeInvalid' } });
  }
  if (current.codeHash !== resetCodeHash(userId, code)) {
    // Counted by the database (an atomic increment), not from the value read above.
    await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(ofUser(userId));
    throw invalidCode();
  }
  const passwordHash = await hashPassword(password);
  const user = await db.transaction(async (tx) => {
    // Only the request that deletes the code resets: a code works once.
    const used = await tx
      .delete(verificationCodes)
      .where(and(ofUser(userId), eq(verificationCodes.codeHash, current.codeHash)))
      .returning({ userId: verificationCodes.userId });
    if (used.length === 0) throw invalidCode();
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    // With the new password, in one transaction: no reset leaves another session signed in.
    await deleteUserSessions(tx, userId);
    return updated!;
  });
  return user;
}

/** A reset by link uses up the account's phone reset code too (one reset ends every way in). */
export async function deletePhoneResetCode(db: Database, userId: string): Promise<void> {
  await db.delete(verificationCodes).where(ofUser(userId));
}
