import { and, asc, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import { CONFIRM_REMINDER_DAYS, LISTING_CONFIRM_DAYS } from '#common/listing-rules';
import type { ConfirmationAnswer } from '#common/listing-confirmations';
import type { Database } from '../../db/client';
import { tellUser, type Notifier } from '../../lib/notifier';
import type { ShortLinks } from '../../lib/short-links';
import type { SignedTokens } from '../../lib/signed-tokens';
import type { ListingWriter, ListingWrites } from './listing-writes';
import { isLive } from './listing-events';
import { expired } from './listing-visibility';
import { properties, type PropertyRow } from './schema';

/**
 * The monthly confirmation of live listings (issue 21), run by the job queue's
 * `listing-freshness` job (server/main.ts) at the app's clock:
 * - CONFIRM_REMINDER_DAYS after its last confirmation, a listing's owner is asked once whether
 *   it is still available, with one-tap answers (signed links: confirmations.ts);
 * - LISTING_CONFIRM_DAYS after it, and at least REMINDER_NOTICE_DAYS after the reminder went
 *   out (a job that could not run for days never expires a listing without warning), the
 *   listing expires: out of search, featured and the sitemap, until its owner renews it.
 *
 * Each step selects and changes its listings in one statement, in batches that skip rows
 * another run has locked: two servers running it at once remind and expire each listing once.
 * The owner's message is queued in the same transaction as the change.
 */
export type FreshnessDeps = {
  db: Database;
  writes: ListingWrites;
  notifier: Notifier;
  tokens: SignedTokens;
  links: ShortLinks;
  publicUrl: string;
  log: { warn: (object: object, message: string) => void };
  clock: () => Date;
};

export const CONFIRMATION_PURPOSE = 'listing-confirmation';
/** A confirmation link's token: the listing, the answer it gives, and until when (ms). */
export type ConfirmationToken = { l: string; a: ConfirmationAnswer; e: number };

const REMINDER_NOTICE_DAYS = LISTING_CONFIRM_DAYS - CONFIRM_REMINDER_DAYS;
/** How long a reminder's links work: past the expiry, "Still available" renews. */
const LINK_DAYS = 30;
const BATCH = 200;
const DAY_MS = 86_400_000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

export async function runListingFreshness(
  deps: FreshnessDeps,
): Promise<{ expired: string[]; reminded: string[] }> {
  const now = deps.clock();
  // The signing key is read outside the batches' transactions (PGlite has one connection).
  await deps.tokens.ready();
  // Expiry first: a listing whose reminder is only going out now must get its days of notice.
  const expired = await inBatches(deps.writes, expireDue(now), (rows, tx) =>
    tellExpired(deps, rows, tx),
  );
  const reminded = await inBatches(deps.writes, remindDue(now), (rows, tx) =>
    tellReminded(deps, rows, now, tx),
  );
  return { expired, reminded };
}

type Step = { where: SQL; set: Parameters<ListingWriter['updateWhere']>[1] };

const expireDue = (now: Date): Step => ({
  where: and(
    isLive,
    isNull(properties.rentedAt),
    lte(properties.confirmedAt, daysBefore(now, LISTING_CONFIRM_DAYS)),
    lte(properties.confirmRemindedAt, daysBefore(now, REMINDER_NOTICE_DAYS)),
  )!,
  set: expired(now),
});

const remindDue = (now: Date): Step => ({
  where: and(
    isLive,
    isNull(properties.rentedAt),
    isNull(properties.confirmRemindedAt),
    lte(properties.confirmedAt, daysBefore(now, CONFIRM_REMINDER_DAYS)),
  )!,
  set: { confirmRemindedAt: now },
});

/** Runs a step over every due listing, BATCH at a time, each batch one transaction. */
async function inBatches(
  writes: ListingWrites,
  step: Step,
  tell: (rows: PropertyRow[], tx: Database) => Promise<void>,
): Promise<string[]> {
  const done: string[] = [];
  for (;;) {
    const rows = await writes.transaction(async (write, tx) => {
      const due = tx
        .select({ id: properties.id })
        .from(properties)
        .where(step.where)
        .orderBy(asc(properties.confirmedAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      // The condition again: a row another run changed between the two reads is left alone.
      const changed = await write.updateWhere(
        and(inArray(properties.id, due), step.where)!,
        step.set,
      );
      await tell(changed, tx);
      return changed;
    });
    done.push(...rows.map((row) => row.id));
    if (rows.length < BATCH) return done;
  }
}

async function tellExpired(deps: FreshnessDeps, rows: PropertyRow[], tx: Database) {
  const link = new URL('/dashboard', deps.publicUrl).toString();
  for (const row of rows) {
    await tellUser(
      deps,
      row.ownerId,
      (firstName) => ({ kind: 'listing-expired', firstName, title: row.title, link }),
      { db: tx },
    );
  }
}

async function tellReminded(deps: FreshnessDeps, rows: PropertyRow[], now: Date, tx: Database) {
  for (const row of rows) {
    const [availableLink, rentedLink] = await Promise.all(
      (['available', 'rented'] as const).map((answer) => answerLink(deps, row.id, answer, now, tx)),
    );
    // The day it would expire: 30 days after the confirmation, or 3 after this reminder.
    const expiresOn = new Date(
      Math.max(
        row.confirmedAt.getTime() + LISTING_CONFIRM_DAYS * DAY_MS,
        now.getTime() + REMINDER_NOTICE_DAYS * DAY_MS,
      ),
    );
    await tellUser(
      deps,
      row.ownerId,
      (firstName) => ({
        kind: 'listing-confirm-reminder',
        firstName,
        title: row.title,
        availableLink: availableLink!,
        rentedLink: rentedLink!,
        expiresOn: expiresOn.toISOString(),
      }),
      { db: tx },
    );
  }
}

/** A short link to /listing-check with a signed token that gives `answer` for the listing. */
async function answerLink(
  deps: FreshnessDeps,
  id: string,
  answer: ConfirmationAnswer,
  now: Date,
  tx: Database,
): Promise<string> {
  const token: ConfirmationToken = { l: id, a: answer, e: now.getTime() + LINK_DAYS * DAY_MS };
  const signed = await deps.tokens.sign(CONFIRMATION_PURPOSE, token);
  const path = `/listing-check?${new URLSearchParams({ token: signed, answer })}`;
  return deps.links.shorten(path, { days: LINK_DAYS, now, db: tx });
}
