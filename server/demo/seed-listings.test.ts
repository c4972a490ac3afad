import { describe, expect, it } from 'vitest';
import type { AmenityId } from '#common/amenities';
import { propertyTypes } from '#common/property-enums';
import { demoListings } from './seed-listings';

/**
 * The demo is the first thing a new user sees: its listings must read like real ones (issue
 * 15 found a "family house" with one bedroom and a "5-bedroom" with one bathroom).
 */
const listings = demoListings();
const numberWords: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };

/** Every bedroom count the text states: "3-bedroom", "3 bedrooms", "Three bedrooms". */
function statedBedrooms(text: string): number[] {
  const found: number[] = [];
  for (const match of text.matchAll(/\b(\d+|one|two|three|four|five|six)[- ]bedrooms?\b/gi)) {
    const word = match[1]!.toLowerCase();
    found.push(numberWords[word] ?? Number(word));
  }
  return found;
}

describe('demo listings', () => {
  it('say the bedrooms they have, in the title and the description', () => {
    const wrong = listings.flatMap((listing) =>
      [...statedBedrooms(listing.title), ...statedBedrooms(listing.description)]
        .filter((stated) => stated !== listing.bedrooms)
        .map((stated) => `${listing.title}: says ${stated}, has ${listing.bedrooms}`),
    );
    expect(wrong).toEqual([]);
  });

  it('call a place a family house only with three bedrooms or more', () => {
    const small = listings.filter(
      (listing) => /family/i.test(listing.title) && listing.bedrooms < 3,
    );
    expect(small.map((listing) => listing.title)).toEqual([]);
  });

  it('have bathrooms enough for their bedrooms, and never more than one per bedroom and one', () => {
    const wrong = listings.filter(
      (listing) =>
        listing.bathrooms < Math.max(1, Math.ceil(listing.bedrooms / 2)) ||
        listing.bathrooms > listing.bedrooms + 1,
    );
    expect(wrong.map((l) => `${l.title}: ${l.bedrooms} bed, ${l.bathrooms} bath`)).toEqual([]);
  });

  it('keep studios, rooms, chambers and halls and hostel rooms to one bedroom', () => {
    const oneRoom = ['studio', 'single_room', 'chamber_and_hall', 'hostel'];
    const wrong = listings.filter(
      (listing) => oneRoom.includes(listing.propertyType) && listing.bedrooms !== 1,
    );
    expect(wrong.map((listing) => listing.title)).toEqual([]);
  });

  it('speak Ghana’s words in Ghana: every property type, and its own amenities (issue 34)', () => {
    const ghana = listings.filter((listing) => listing.country === 'Ghana');
    const elsewhere = listings.filter((listing) => listing.country !== 'Ghana');
    expect(new Set(ghana.map((listing) => listing.propertyType))).toEqual(new Set(propertyTypes));
    const typesTitled = (words: RegExp) =>
      new Set(ghana.filter((listing) => words.test(listing.title)).map((l) => l.propertyType));
    expect(typesTitled(/chamber and hall/)).toEqual(new Set(['chamber_and_hall']));
    expect(typesTitled(/self-contained/)).toEqual(new Set(['self_contained']));
    expect(typesTitled(/single room/)).toEqual(new Set(['single_room']));
    const ghanaOnly = ['borehole', 'polytank', 'prepaid_meter', 'security', 'walled_compound'];
    for (const amenity of ghanaOnly) {
      expect(ghana.some((listing) => listing.amenities.includes(amenity as AmenityId))).toBe(true);
    }
    expect(
      elsewhere.filter((listing) => listing.amenities.some((a) => ghanaOnly.includes(a))),
    ).toEqual([]);
    // A single room in a compound house costs what a room there costs, not a flat's rent.
    const singleRooms = ghana.filter((listing) => listing.propertyType === 'single_room');
    expect(singleRooms.length).toBeGreaterThan(0);
    for (const room of singleRooms) {
      expect(room.pricingPeriod, room.title).toBe('month');
      expect(room.price, room.title).toBeLessThan(1_000);
    }
  });

  it('ask rents plausible for the place and the period', () => {
    // Per month, in the listing's currency: cedis in Ghana, dollars elsewhere.
    const monthly = (listing: (typeof listings)[number]) =>
      listing.pricingPeriod === 'month'
        ? listing.price
        : listing.pricingPeriod === 'week'
          ? (listing.price * 52) / 12
          : listing.price / 12;
    const wrong = listings.filter((listing) => {
      const perMonth = monthly(listing);
      const [low, high] = listing.currency === 'GH₵' ? [150, 40_000] : [100, 15_000];
      return perMonth < low || perMonth > high || listing.price % 10 !== 0;
    });
    expect(wrong.map((l) => `${l.title}: ${l.currency}${l.price}/${l.pricingPeriod}`)).toEqual([]);
    expect(listings.every((l) => (l.country === 'Ghana') === (l.currency === 'GH₵'))).toBe(true);
  });

  it('are the same on every start (the demo market does not move)', () => {
    expect(demoListings()).toEqual(listings);
  });
});
