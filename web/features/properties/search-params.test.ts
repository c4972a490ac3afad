import { describe, expect, it } from 'vitest';
import {
  countActiveFilters,
  emptyFilters,
  readFilters,
  readView,
  toApiQuery,
  toUrlParams,
  totalPages,
} from './search-params';

const read = (query: string) => readFilters(new URLSearchParams(query));

describe('search URL', () => {
  it('reads every filter of the spec, with type as an alias of propertyType', () => {
    expect(
      read(
        'location=Accra&type=house&category=student&bedrooms=2&guests=3&amenities=wifi,pool' +
          '&minPrice=100&maxPrice=900&timePeriod=weeks&currency=%24&sort=price_asc&page=3' +
          '&verifiedLister=true&maxAdvanceMonths=6&maxMoveIn=5000&availableBy=2027-01-31' +
          '&furnished=semi',
      ),
    ).toEqual({
      location: 'Accra',
      propertyType: 'house',
      category: 'student',
      bedrooms: 2,
      guests: 3,
      amenities: ['wifi', 'pool'],
      verifiedLister: true,
      minPrice: 100,
      maxPrice: 900,
      timePeriod: 'weeks',
      currency: '$',
      maxAdvanceMonths: 6,
      maxMoveIn: 5000,
      availableBy: '2027-01-31',
      furnished: 'semi',
      sort: 'price_asc',
      page: 3,
    });
  });

  it('reads Ghana’s types and amenities, and an older link’s `room` as a single room (issue 34)', () => {
    expect(
      read('propertyType=chamber_and_hall&amenities=borehole,polytank,security'),
    ).toMatchObject({
      propertyType: 'chamber_and_hall',
      amenities: ['borehole', 'polytank', 'security'],
    });
    for (const query of ['propertyType=room', 'type=room']) {
      const filters = read(query);
      expect(filters.propertyType, query).toBe('single_room');
      expect(toUrlParams(filters).get('propertyType'), query).toBe('single_room');
    }
  });

  it('reads the search form as a plain GET sends it: empty fields, one value per amenity (issue 36)', () => {
    const plain =
      'location=Accra&propertyType=&category=&bedrooms=&guests=1&verifiedLister=true' +
      '&amenities=wifi&amenities=pool&minPrice=&maxPrice=800&timePeriod=months&currency=GH%E2%82%B5' +
      '&maxAdvanceMonths=&maxMoveIn=&availableBy=&furnished=&sort=newest';
    expect(read(plain)).toEqual({
      ...emptyFilters,
      location: 'Accra',
      verifiedLister: true,
      amenities: ['wifi', 'pool'],
      maxPrice: 800,
      sort: 'newest',
    });
    // The page's own URL for the same search says it shorter, and reads the same.
    expect(read(toUrlParams(read(plain)).toString())).toEqual(read(plain));
  });

  it('falls back to the defaults for missing or invalid values instead of asking the API', () => {
    expect(read('')).toEqual(emptyFilters);
    expect(
      read(
        'propertyType=castle&category=x&bedrooms=-1&guests=0&amenities=wifi,jacuzzi,wifi' +
          '&minPrice=abc&maxPrice=-5&timePeriod=days&currency=EUR&sort=random&page=0' +
          '&verifiedLister=maybe&maxAdvanceMonths=37&maxMoveIn=-1&availableBy=2027-02-30' +
          '&furnished=partly',
      ),
    ).toEqual({ ...emptyFilters, amenities: ['wifi'] });
    expect(read('maxAdvanceMonths=2.5&availableBy=31/01/2027')).toEqual(emptyFilters);
    expect(read('availableBy=2028-02-29').availableBy).toBe('2028-02-29');
    expect(read(`location=${'a'.repeat(300)}`).location).toHaveLength(200);
  });

  it('swaps a minimum above the maximum rather than sending a request the API refuses', () => {
    expect(read('minPrice=900&maxPrice=100')).toMatchObject({ minPrice: 100, maxPrice: 900 });
  });

  it('sends only what differs from the defaults, and the price unit only with a price', () => {
    expect(toApiQuery(emptyFilters)).toEqual({});
    expect(toApiQuery({ ...emptyFilters, timePeriod: 'years', currency: '$' })).toEqual({});
    expect(
      toApiQuery({ ...emptyFilters, location: 'Kumasi', maxPrice: 500, amenities: ['gym', 'tv'] }),
    ).toEqual({
      location: 'Kumasi',
      maxPrice: '500',
      amenities: 'gym,tv',
      timePeriod: 'months',
      currency: 'GH₵',
    });
  });

  it('writes back what it reads, with the layout choice beside the filters', () => {
    const query =
      'location=Accra&propertyType=house&bedrooms=2&amenities=wifi%2Cpool&sort=newest&page=2';
    expect(toUrlParams(read(query)).toString()).toBe(query);
    expect(toUrlParams(read('verifiedLister=1')).toString()).toBe('verifiedLister=true');
    expect(toUrlParams(read(query), 'list').get('view')).toBe('list');
    expect(readView(new URLSearchParams('view=list'))).toBe('list');
    // The map (issue 39) is a layout too; anything else is the grid.
    expect(readView(new URLSearchParams('view=map'))).toBe('map');
    expect(toUrlParams(read(query), 'map').get('view')).toBe('map');
    expect(readView(new URLSearchParams('view=globe'))).toBe('grid');
  });

  it('counts each narrowing filter once and each amenity on its own', () => {
    expect(countActiveFilters(emptyFilters)).toBe(0);
    expect(countActiveFilters(read('location=Accra&sort=newest&page=2'))).toBe(0);
    expect(
      countActiveFilters(
        read('type=house&category=student&bedrooms=1&guests=2&amenities=wifi,tv&minPrice=1'),
      ),
    ).toBe(7);
    expect(countActiveFilters(read('verifiedLister=true'))).toBe(1);
    expect(countActiveFilters(read('verifiedLister=false'))).toBe(0);
  });

  it('asks the API for verified listers only when the URL says so', () => {
    expect(toApiQuery(read('verifiedLister=true'))).toEqual({ verifiedLister: 'true' });
    expect(toApiQuery(read('verifiedLister=false'))).toEqual({});
  });

  it('round-trips the move-in filters through the URL and sends them to the API', () => {
    const query =
      'maxMoveIn=8000&currency=%24&maxAdvanceMonths=0&availableBy=2027-01-31&furnished=furnished';
    const filters = read(query);
    expect(filters).toMatchObject({
      maxAdvanceMonths: 0,
      maxMoveIn: 8000,
      availableBy: '2027-01-31',
      furnished: 'furnished',
      currency: '$',
    });
    // The move-in cap is in the chosen currency, without a price or its period.
    expect(toApiQuery(filters)).toEqual({
      currency: '$',
      maxAdvanceMonths: '0',
      maxMoveIn: '8000',
      availableBy: '2027-01-31',
      furnished: 'furnished',
    });
    expect(read(toUrlParams(filters).toString())).toEqual(filters);
    expect(countActiveFilters(filters)).toBe(4);
    expect(toApiQuery(read('furnished=unfurnished&currency=%24'))).toEqual({
      furnished: 'unfurnished',
    });
  });

  it('has twelve listings a page', () => {
    expect(totalPages(0)).toBe(1);
    expect(totalPages(12)).toBe(1);
    expect(totalPages(13)).toBe(2);
  });
});
