import { describe, expect, it } from 'vitest';
import { listingEventsOf, publicStateOf } from './listing-events';
import type { PropertyRow } from './schema';

const at = new Date('2026-11-28T10:00:00Z');
const confirmed = new Date('2026-11-01T10:00:00Z');

/** A live listing's row; `more` changes it. */
const row = (more: Partial<PropertyRow> = {}): PropertyRow =>
  ({
    id: 'b7d1c1d2-0000-4000-8000-000000000001',
    ownerId: 'b7d1c1d2-0000-4000-8000-000000000002',
    title: 'Two rooms in Osu',
    price: 3000,
    currency: 'GH₵',
    pricingPeriod: 'month',
    monthlyPriceGhs: 3000,
    isVerified: true,
    isActive: true,
    hiddenByAdminAt: null,
    hiddenForReportsAt: null,
    rentedAt: null,
    expiredAt: null,
    confirmedAt: confirmed,
    updatedAt: confirmed,
    photos: [],
    amenities: ['wifi'],
    ...more,
  }) as PropertyRow;

const types = (events: { type: string }[]) => events.map((event) => event.type);

describe('a listing’s public state', () => {
  it('is read from its columns in one place', () => {
    expect(publicStateOf(row())).toBe('live');
    expect(publicStateOf(row({ isVerified: false }))).toBe('pending');
    expect(publicStateOf(row({ isActive: false }))).toBe('switched-off');
    expect(publicStateOf(row({ isActive: false, hiddenByAdminAt: at }))).toBe('hidden');
    expect(publicStateOf(row({ isActive: false, hiddenForReportsAt: at }))).toBe('reported');
    expect(publicStateOf(row({ isActive: false, rentedAt: at }))).toBe('rented');
    expect(publicStateOf(row({ isActive: false, expiredAt: at }))).toBe('expired');
    expect(publicStateOf(undefined)).toBe('deleted');
  });
});

describe('the events of a write', () => {
  it('a listing approved goes live; one renewed goes live anew; an unchanged write says nothing', () => {
    expect(types(listingEventsOf(row({ isVerified: false }), row(), at))).toEqual(['listing.live']);
    expect(types(listingEventsOf(row(), row({ confirmedAt: at }), at))).toEqual(['listing.live']);
    expect(listingEventsOf(row(), row({ updatedAt: at }), at)).toEqual([]);
  });

  it('a listing leaving search says why, with who owns it and when', () => {
    for (const [change, reason] of [
      [{ isActive: false, hiddenByAdminAt: at }, 'hidden'],
      [{ isActive: false, hiddenForReportsAt: at }, 'reported'],
      [{ isActive: false, rentedAt: at }, 'rented'],
      [{ isActive: false, expiredAt: at }, 'expired'],
      [{ isActive: false }, 'switched-off'],
    ] as const) {
      expect(listingEventsOf(row(), row(change), at)).toEqual([
        {
          type: 'listing.left-search',
          listingId: row().id,
          ownerId: row().ownerId,
          at: at.toISOString(),
          reason,
        },
      ]);
    }
    // Out of search already: hiding it again is not leaving.
    expect(
      listingEventsOf(row({ isActive: false }), row({ isActive: false, hiddenByAdminAt: at }), at),
    ).toEqual([]);
  });

  it('a deleted listing is deleted, and leaves search if it was in it', () => {
    expect(types(listingEventsOf(row(), undefined, at))).toEqual([
      'listing.left-search',
      'listing.deleted',
    ]);
    expect(types(listingEventsOf(row({ isVerified: false }), undefined, at))).toEqual([
      'listing.deleted',
    ]);
  });

  it('names the fields renters see that changed, not bookkeeping', () => {
    const [event] = listingEventsOf(
      row(),
      row({ title: 'Three rooms in Osu', amenities: ['wifi', 'parking'], updatedAt: at }),
      at,
    );
    expect(event).toMatchObject({ type: 'listing.changed', fields: ['title', 'amenities'] });
  });

  it('a live listing’s rent per month going down is a price drop; the same rent per year is not', () => {
    expect(types(listingEventsOf(row(), row({ price: 2500 }), at))).toEqual([
      'listing.changed',
      'listing.price-dropped',
    ]);
    expect(
      types(listingEventsOf(row(), row({ price: 36_000, pricingPeriod: 'year' }), at)),
    ).toEqual(['listing.changed']);
    // Cheaper while pending: renters cannot see it yet.
    const pending = { isVerified: false };
    expect(types(listingEventsOf(row(pending), row({ ...pending, price: 2000 }), at))).toEqual([
      'listing.changed',
    ]);
    // A new exchange rate: the cedi figure moves, the rent does not.
    expect(
      listingEventsOf(row({ currency: '$' }), row({ currency: '$', monthlyPriceGhs: 2000 }), at),
    ).toEqual([]);
  });
});
