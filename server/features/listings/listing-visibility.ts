import { sql } from 'drizzle-orm';
import { forbidden } from '../../lib/app-error';
import type { ListingColumns } from './listing-writes';
import { properties, type PropertyRow } from './schema';

/**
 * Who may take a listing out of search or bring it back, and what each move writes (issue 35):
 * the one file that sets `isActive` and the columns that say why a listing is out of search.
 * Features make these moves through the listing writer (`write.update(id, move)`); how a row's
 * columns read as its public state is listing-events.ts's `publicStateOf`.
 *
 * The rules: an administrator's Hide sticks until an administrator shows the listing; a hide by
 * renters' reports lasts until an administrator resolves them, keeping the owner's on/off choice
 * for then; a listing its owner marked rented, or one that expired, stays out of search until
 * its owner says it is available, whoever restores it meanwhile.
 */

/** The state a move starts from: the listing's row as it is (locked by the caller). */
type Row = Pick<
  PropertyRow,
  'isActive' | 'hiddenByAdminAt' | 'hiddenForReportsAt' | 'activeBeforeReports'
>;

/** On unless its owner rented it or it expired: those wait for their owner. */
const onUnlessRentedOrExpired = sql`${properties.rentedAt} IS NULL AND ${properties.expiredAt} IS NULL`;

/** An administrator hides the listing, saying why (its owner sees it). */
export const hiddenByAdmin = (reason: string | null): ListingColumns => ({
  isActive: false,
  hiddenByAdminAt: sql`now()`,
  hiddenReason: reason,
});

/** An administrator shows it: their hide ends, and so does a hide by reports (which stay open). */
export const shownByAdmin = (): ListingColumns => ({
  isActive: onUnlessRentedOrExpired,
  hiddenByAdminAt: null,
  hiddenReason: null,
  hiddenForReportsAt: null,
  activeBeforeReports: null,
});

/** Renters' reports hide it until an administrator looks; the owner's choice is kept. */
export const hiddenForReports = (row: Pick<Row, 'isActive'>): ListingColumns => ({
  hiddenForReportsAt: sql`now()`,
  activeBeforeReports: row.isActive,
  isActive: false,
});

/**
 * An administrator resolved the reports of a listing they hid: it comes back as its owner left
 * it, unless an administrator's own Hide holds it. Nothing to change if reports had not hid it.
 */
export function reportsResolved(row: Row): ListingColumns {
  if (row.hiddenForReportsAt === null) return {};
  const activeAgain = row.hiddenByAdminAt === null && (row.activeBeforeReports ?? row.isActive);
  return {
    hiddenForReportsAt: null,
    activeBeforeReports: null,
    isActive: activeAgain ? onUnlessRentedOrExpired : false,
  };
}

/** Its owner let it (issue 21). */
export const rented = (rentedAt: Date) => ({ rentedAt, isActive: false }) satisfies ListingColumns;

/** Not confirmed available in time (issue 21): out of search until its owner renews it. */
export const expired = (now: Date): ListingColumns => ({
  isActive: false,
  expiredAt: now,
  updatedAt: now,
});

/**
 * Its owner says it is available (again): switched on, unless an administrator or reports hid
 * it meanwhile (it then comes back on when they restore it). `change` is what else the owner's
 * answer sets (rentedAt and expiredAt cleared, a new confirmation).
 */
export function availableAgain(
  row: Pick<Row, 'hiddenByAdminAt' | 'hiddenForReportsAt'>,
  change: { rentedAt: null; expiredAt?: null; confirmedAt?: Date; confirmRemindedAt?: null },
): ListingColumns & { isActive: boolean } {
  const hidden = row.hiddenByAdminAt !== null;
  const reported = row.hiddenForReportsAt !== null;
  return {
    ...change,
    isActive: !hidden && !reported,
    ...(reported ? { activeBeforeReports: true } : {}),
  };
}

/**
 * Its owner switches it on or off (the edit form's toggle; `wanted` undefined: unchanged). A
 * hidden listing cannot be switched on (403 naming who hid it); switched off while reports hide
 * it, it stays off when they are resolved. Switching a rented listing on makes it available
 * again, and an expired one is renewing it.
 */
export function switchedByOwner(
  row: Omit<Row, 'activeBeforeReports'> & Pick<PropertyRow, 'rentedAt' | 'expiredAt'>,
  wanted: boolean | undefined,
): ListingColumns & { isActive: boolean } {
  const hidden = row.hiddenByAdminAt !== null;
  const reported = row.hiddenForReportsAt !== null;
  if (hidden && wanted === true) throw forbidden('hidden_by_admin');
  if (reported && wanted === true) throw forbidden('hidden_for_reports');
  return {
    isActive: hidden || reported ? false : (wanted ?? row.isActive),
    ...(reported && wanted === false ? { activeBeforeReports: false } : {}),
    ...(row.rentedAt !== null && wanted === true ? { rentedAt: null } : {}),
    ...(row.expiredAt !== null && wanted === true ? { expiredAt: null } : {}),
  };
}
