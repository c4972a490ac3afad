import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { codeSends, users, verificationCodes, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { MessageLocale, Messenger } from '../../lib/messenger';
import { deliveryStatuses, type DeliveryStatus } from '../../lib/queued-messenger';
import { tooManyAttempts } from '../../lib/rate-limits';
import { assertSmsAvailable } from './phone';
import { hashToken } from './sessions';
import { CODE_RESEND_COOLDOWN_SECONDS } from '#common/auth-rules';

/**
 * Six-digit codes that prove an account holds its e-mail address or phone number (docs/design.md):
 * stored hashed, valid 10 minutes, 5 wrong tries, single use; a new code replaces the old one,
 * and a new one can be sent once a minute.
 */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = CODE_RESEND_COOLDOWN_SECONDS * 1000;
/**
 * Codes to one address or number, whichever account or route asks for them (sign-up, profile
 * change, resend): one a minute (RESEND_COOLDOWN_MS) and this many an hour, so nobody can
 * flood a stranger's phone by typing their number into forms.
 */
export const CODES_PER_TARGET_PER_HOUR = 5;
const TARGET_WINDOW_MS = 60 * 60_000;

export type Channel = 'email' | 'phone';

const codeHash = (userId: string, channel: Channel, code: string) =>
  hashToken(`${userId}:${channel}:${code}`);

const invalidCode = () => new AppError('code_invalid', { fields: { code: 'codeInvalid' } });

/** Where a channel's code goes for this user, or null when the account has no such address. */
export function targetOf(user: UserRow, channel: Channel): string | null {
  return channel === 'email' ? user.email : user.phone;
}

/**
 * Refuses (429, with the wait) when `target` had a code in the last minute or five in the last
 * hour. Routes that are about to save a new address call it first, so that a refusal saves
 * nothing.
 */
export async function assertCodeBudget(db: Database, target: string, now: Date): Promise<void> {
  const recent = await db
    .select({ sentAt: codeSends.sentAt })
    .from(codeSends)
    .where(
      and(
        eq(codeSends.target, target),
        gt(codeSends.sentAt, new Date(now.getTime() - TARGET_WINDOW_MS)),
      ),
    )
    .orderBy(desc(codeSends.sentAt))
    .limit(CODES_PER_TARGET_PER_HOUR);
  const waitUntil = (sentAt: Date, window: number) => sentAt.getTime() + window - now.getTime();
  const latest = recent[0];
  if (latest && waitUntil(latest.sentAt, RESEND_COOLDOWN_MS) > 0) {
    throw tooManyAttempts(Math.ceil(waitUntil(latest.sentAt, RESEND_COOLDOWN_MS) / 1000));
  }
  const oldest = recent[CODES_PER_TARGET_PER_HOUR - 1];
  if (oldest) throw tooManyAttempts(Math.ceil(waitUntil(oldest.sentAt, TARGET_WINDOW_MS) / 1000));
}

/** Forgets sends older than the hour the budget looks at (the hourly sweep). */
export async function deleteOldCodeSends(db: Database, now = new Date()): Promise<void> {
  await db
    .delete(codeSends)
    .where(lt(codeSends.sentAt, new Date(now.getTime() - TARGET_WINDOW_MS)));
}

/**
 * Makes a new code for the channel's current address and sends it. `force` skips the account's
 * resend cooldown (a sign-up or a changed address gets its code at once), never the address's
 * own budget (assertCodeBudget).
 */
export async function sendVerificationCode(
  deps: { db: Database; messenger: Messenger; publicUrl: string },
  user: UserRow,
  channel: Channel,
  locale: MessageLocale,
  now: Date,
  options: { force?: boolean } = {},
): Promise<void> {
  const target = targetOf(user, channel);
  if (!target) {
    throw new AppError(channel === 'email' ? 'no_email_on_account' : 'no_phone_on_account');
  }
  if (channel === 'phone') assertSmsAvailable(deps.messenger);
  if (!options.force) {
    const [current] = await deps.db
      .select({ sentAt: verificationCodes.sentAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.channel, channel)));
    const waitMs = current ? current.sentAt.getTime() + RESEND_COOLDOWN_MS - now.getTime() : 0;
    if (waitMs > 0) throw tooManyAttempts(Math.ceil(waitMs / 1000));
  }
  // The address's own budget holds even for a sign-up or a changed address (`force`).
  await assertCodeBudget(deps.db, target, now);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // The code, its count against the budget and its message are written together: a code
  // exists exactly when its message is queued (issue 18).
  await deps.db.transaction(async (tx) => {
    await tx.insert(codeSends).values({ target, sentAt: now });
    const deliveryId =
      channel === 'email'
        ? await deps.messenger.email(
            target,
            {
              kind: 'email-verification',
              firstName: user.firstName,
              code,
              link: new URL('/verify-email', deps.publicUrl).toString(),
            },
            locale,
            { db: tx },
          )
        : await deps.messenger.sms(target, { kind: 'phone-verification', code }, locale, {
            db: tx,
          });
    const row = {
      userId: user.id,
      channel,
      target,
      codeHash: codeHash(user.id, channel, code),
      attempts: 0,
      sentAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      deliveryId: deliveryId ?? null,
    };
    await tx
      .insert(verificationCodes)
      .values(row)
      .onConflictDoUpdate({
        target: [verificationCodes.userId, verificationCodes.channel],
        set: row,
      });
  });
}

/**
 * Where the message carrying the account's current code for a channel is (issue 18): the
 * verify page tells the user when it could not be sent. 'none' when there is no code.
 */
export async function codeDeliveryStatus(
  db: Database,
  user: UserRow,
  channel: Channel,
): Promise<DeliveryStatus | 'none'> {
  const [current] = await db
    .select({ target: verificationCodes.target, deliveryId: verificationCodes.deliveryId })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.channel, channel)));
  if (!current || current.target !== targetOf(user, channel)) return 'none';
  // A code sent without the queue (a direct messenger) was handed over before it was saved.
  if (!current.deliveryId) return 'sent';
  return (await deliveryStatuses(db, [current.deliveryId])).get(current.deliveryId) ?? 'sent';
}

/**
 * Checks a code and, when right, marks the channel verified and uses the code up. A wrong code
 * counts against the code's five tries; after them only a new code helps.
 */
export async function verifyCode(
  db: Database,
  user: UserRow,
  channel: Channel,
  code: string,
  now: Date,
): Promise<UserRow> {
  const [current] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.channel, channel)));
  if (!current || current.target !== targetOf(user, channel)) throw invalidCode();
  if (current.attempts >= CODE_MAX_ATTEMPTS) {
    throw new AppError('code_attempts_exceeded', {
      retryAfterSeconds: Math.max(
        1,
        Math.ceil((current.sentAt.getTime() + RESEND_COOLDOWN_MS - now.getTime()) / 1000),
      ),
    });
  }
  if (current.expiresAt <= now) {
    throw new AppError('code_expired', {
      fields: { code: 'codeInvalid' },
    });
  }
  if (current.codeHash !== codeHash(user.id, channel, code)) {
    // Counted by the database (an atomic increment), not from the value read above.
    await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.channel, channel)));
    throw invalidCode();
  }
  return db.transaction(async (tx) => {
    // Only the request that deletes the code verifies: a code works once.
    const used = await tx
      .delete(verificationCodes)
      .where(
        and(
          eq(verificationCodes.userId, user.id),
          eq(verificationCodes.channel, channel),
          eq(verificationCodes.codeHash, current.codeHash),
        ),
      )
      .returning({ userId: verificationCodes.userId });
    if (used.length === 0) throw invalidCode();
    const [updated] = await tx
      .update(users)
      .set(
        channel === 'email'
          ? { emailVerified: true, updatedAt: now }
          : { phoneVerified: true, updatedAt: now },
      )
      .where(eq(users.id, user.id))
      .returning();
    return updated!;
  });
}
