import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { codeSends, verificationCodes } from './schema';
import { users, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { NotificationLocale, Notifier } from '../../lib/notifier';
import { deliveryStatuses, type DeliveryStatus } from '../../lib/queued-notifier';
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
 * change, resend): one a minute (RESEND_COOLDOWN_MS), and an hourly budget, so nobody can
 * flood a stranger's phone by typing their number into forms.
 *
 * The budget has two tiers (issue 34), because typing the number is all a squatter needs: with
 * one shared budget, five accounts that add a stranger's number spend it, and the number's
 * real holder cannot get a code for an hour. So:
 * - repeat codes (an account's resends, or adding the address again) stop once the address
 *   had CODES_PER_TARGET_PER_HOUR codes in the hour, from whichever accounts;
 * - an account's first code to the address in the hour (a sign-up, someone newly adding it)
 *   is counted apart: allowed while fewer than ACCOUNTS_PER_TARGET_PER_HOUR accounts had one.
 * Other accounts' repeats cannot spend a newcomer's first code, and locking the holder out for
 * an hour takes that many distinct accounts, each a sign-up or a profile change (limited per
 * account and per address). Repeats need the hour's total under the shared budget, so a phone
 * gets at most CODES_PER_TARGET_HARD_CAP texts an hour (the first accounts' codes and the
 * shared budget's repeats), one a minute.
 */
export const CODES_PER_TARGET_PER_HOUR = 5;
export const ACCOUNTS_PER_TARGET_PER_HOUR = 8;
/** The first code of the hour is a first one, so at most shared budget − 1 repeats join them. */
export const CODES_PER_TARGET_HARD_CAP =
  ACCOUNTS_PER_TARGET_PER_HOUR + CODES_PER_TARGET_PER_HOUR - 1;
const TARGET_WINDOW_MS = 60 * 60_000;

export type Channel = 'email' | 'phone';

/** The channels a code is kept under: a number's verification code never resets a password. */
type CodeChannel = Channel | 'phone-reset';

export const codeHash = (userId: string, channel: CodeChannel, code: string) =>
  hashToken(`${userId}:${channel}:${code}`);

/**
 * Keeps the account's live code of a channel, hashed, replacing the one before it: 10 minutes,
 * no wrong tries yet, with the delivery that carries it.
 */
export async function storeCode(
  tx: Database,
  code: { userId: string; channel: CodeChannel; target: string; code: string },
  deliveryId: string | undefined,
  now: Date,
): Promise<void> {
  const row = {
    userId: code.userId,
    channel: code.channel,
    target: code.target,
    codeHash: codeHash(code.userId, code.channel, code.code),
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
}

const invalidCode = () => new AppError('code_invalid', { fields: { code: 'codeInvalid' } });

/** Where a channel's code goes for this user, or null when the account has no such address. */
export function targetOf(user: UserRow, channel: Channel): string | null {
  return channel === 'email' ? user.email : user.phone;
}

/**
 * Refuses (429, with the wait) when `target` had a code in the last minute, or has had its
 * hour's budget (see above) for the account asking: `accountId`, or null for an account not
 * made yet (a sign-up, whose code is a first one). Routes that are about to save a new
 * address call it first, so that a refusal saves nothing.
 */
export async function assertCodeBudget(
  db: Database,
  target: string,
  now: Date,
  accountId: string | null,
): Promise<void> {
  const recent = await db
    .select({ sentAt: codeSends.sentAt, userId: codeSends.userId })
    .from(codeSends)
    .where(
      and(
        eq(codeSends.target, target),
        gt(codeSends.sentAt, new Date(now.getTime() - TARGET_WINDOW_MS)),
      ),
    )
    .orderBy(desc(codeSends.sentAt));
  const waitUntil = (sentAt: Date, window: number) => sentAt.getTime() + window - now.getTime();
  const refuseUntilExpired = (send: { sentAt: Date } | undefined) => {
    if (send) throw tooManyAttempts(Math.ceil(waitUntil(send.sentAt, TARGET_WINDOW_MS) / 1000));
  };
  const latest = recent[0];
  if (latest && waitUntil(latest.sentAt, RESEND_COOLDOWN_MS) > 0) {
    throw tooManyAttempts(Math.ceil(waitUntil(latest.sentAt, RESEND_COOLDOWN_MS) / 1000));
  }
  if (accountId !== null && recent.some((send) => send.userId === accountId)) {
    // A repeat: the shared budget, whoever spent it.
    refuseUntilExpired(recent[CODES_PER_TARGET_PER_HOUR - 1]);
    return;
  }
  // A first code: refused while ACCOUNTS_PER_TARGET_PER_HOUR accounts had theirs in the hour,
  // until the oldest of those accounts' newest sends leaves it. (Sends of accounts made
  // before this column existed have none: each counts as an account of its own.)
  const newestPerAccount = new Map<string, { sentAt: Date }>();
  recent.forEach((send, index) => {
    const key = send.userId ?? `unknown-${index}`;
    if (!newestPerAccount.has(key)) newestPerAccount.set(key, send);
  });
  refuseUntilExpired([...newestPerAccount.values()][ACCOUNTS_PER_TARGET_PER_HOUR - 1]);
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
  deps: { db: Database; notifier: Notifier; publicUrl: string },
  user: UserRow,
  channel: Channel,
  locale: NotificationLocale,
  now: Date,
  options: { force?: boolean } = {},
): Promise<void> {
  const target = targetOf(user, channel);
  if (!target) {
    throw new AppError(channel === 'email' ? 'no_email_on_account' : 'no_phone_on_account');
  }
  if (channel === 'phone') assertSmsAvailable(deps.notifier);
  if (!options.force) {
    const [current] = await deps.db
      .select({ sentAt: verificationCodes.sentAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.channel, channel)));
    const waitMs = current ? current.sentAt.getTime() + RESEND_COOLDOWN_MS - now.getTime() : 0;
    if (waitMs > 0) throw tooManyAttempts(Math.ceil(waitMs / 1000));
  }
  // The address's own budget holds even for a sign-up or a changed address (`force`).
  await assertCodeBudget(deps.db, target, now, user.id);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // The code, its count against the budget and its message are written together: a code
  // exists exactly when its message is queued (issue 18).
  await deps.db.transaction(async (tx) => {
    await tx.insert(codeSends).values({ target, sentAt: now, userId: user.id });
    const deliveryId =
      channel === 'email'
        ? await deps.notifier.email(
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
        : await deps.notifier.sms(target, { kind: 'phone-verification', code }, locale, {
            db: tx,
          });
    await storeCode(tx, { userId: user.id, channel, target, code }, deliveryId, now);
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
  // A code sent without the queue (a direct notifier) was handed over before it was saved.
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
