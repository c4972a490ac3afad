import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { amenityIds } from '#common/amenities';
import { searchQuerySchema, type Property } from '#common/properties';
import { propertyTypes } from '#common/property-enums';
import { savedSearches } from '../saved-searches/service';
import { users } from '../../db/schema';
import { dereference } from '../../testing/fuzz/openapi';
import { ownerListingHelpers, type Caller } from '../../testing/owner-listings';
import { createTestApp, signUp } from '../../testing/test-app';
import { createListingSearch, type ListingSearch } from './listing-search';
import { properties } from '../listings/service';

/**
 * Ghana's own words (issue 34): the property types chamber and hall, self-contained, single
 * room, townhouse and hostel, and the amenities borehole, polytank, prepaid meter, security
 * and walled compound, taken by the API and filtered on alike by SQL and the index; `room`,
 * the former name of a single room, still taken from older clients and never answered.
 */
const { app, database } = await createTestApp();
const db = database.db;
const { call, validListing, validEdit, create, approve } = ownerListingHelpers(app, db);

const newTypes = ['townhouse', 'single_room', 'chamber_and_hall', 'self_contained', 'hostel'];
const newAmenities = ['borehole', 'polytank', 'prepaid_meter', 'security', 'walled_compound'];
const CITY = 'Sunyani';

let owner: Caller;
const idOf = new Map<string, string>();

beforeAll(async () => {
  owner = await signUp(app, { userType: 'owner' });
  // One live listing of each new type, each with one of the new amenities (and the first with
  // all of them), in a town of their own.
  for (const [i, type] of newTypes.entries()) {
    const id = await create(owner, {
      title: `Sunyani ${type}`,
      city: CITY,
      propertyType: type as never,
      amenities: (i === 0 ? newAmenities : [newAmenities[i]!]) as never,
      bedrooms: 1,
    });
    await approve(id);
    idOf.set(type, id);
  }
});

const storedType = async (id: string) =>
  (await db.select().from(properties).where(eq(properties.id, id)))[0]?.propertyType;
const search = async (query: string, who?: Caller) => {
  const response = await call('GET', `/api/properties/search?location=${CITY}&${query}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { properties: Property[]; total: number };
};
const titles = (result: { properties: { title: string }[] }) =>
  result.properties.map((p) => p.title).sort();

describe('listings of Ghana’s types and amenities', () => {
  it('are created, stored and answered with each new type and amenity', async () => {
    for (const [i, type] of newTypes.entries()) {
      const id = idOf.get(type)!;
      expect(await storedType(id)).toBe(type);
      const answered = (await call('GET', `/api/properties/${id}`)).json() as Property;
      expect(answered.propertyType).toBe(type);
      expect(answered.amenities).toEqual(i === 0 ? newAmenities : [newAmenities[i]]);
    }
  });

  it('are found by each type and each amenity', async () => {
    for (const type of newTypes) {
      expect(titles(await search(`propertyType=${type}`)), type).toEqual([`Sunyani ${type}`]);
      expect(titles(await search(`type=${type}`)), type).toEqual([`Sunyani ${type}`]);
    }
    for (const [i, amenity] of newAmenities.entries()) {
      const expected =
        i === 0 ? ['Sunyani townhouse'] : ['Sunyani townhouse', `Sunyani ${newTypes[i]}`];
      expect(titles(await search(`amenities=${amenity}`)), amenity).toEqual(expected.sort());
    }
    expect(titles(await search('amenities=borehole,walled_compound'))).toEqual([
      'Sunyani townhouse',
    ]);
  });

  it('are filtered alike by SQL and the index', async () => {
    const searches: [string, ListingSearch][] = [
      ['in SQL', createListingSearch(db, undefined, { useIndex: false })],
      ['from the index', createListingSearch(db, undefined, { refreshMs: 60_000 })],
    ];
    await searches[1]![1].warm();
    const find = async (s: ListingSearch, query: Record<string, string>) =>
      JSON.parse(
        (await s.search(searchQuerySchema.parse({ location: CITY, ...query }), null)).toString(),
      ) as { properties: Property[]; total: number };
    try {
      const queries: Record<string, string>[] = [
        ...propertyTypes.map((propertyType) => ({ propertyType })),
        { propertyType: 'room' },
        { type: 'room' },
        ...amenityIds.map((amenities) => ({ amenities })),
        { amenities: 'polytank,security' },
      ];
      for (const query of queries) {
        const [inSql, indexed] = await Promise.all(searches.map(([, s]) => find(s, query)));
        const label = JSON.stringify(query);
        expect(
          indexed!.properties.map((p) => p.id),
          label,
        ).toEqual(inSql!.properties.map((p) => p.id));
        expect(indexed!.total, label).toBe(inSql!.total);
      }
    } finally {
      for (const [, s] of searches) await s.close();
    }
  });
});

describe('`room`, the former name of a single room', () => {
  it('is taken when creating and editing a listing, and stored and answered as single_room', async () => {
    const id = await create(owner, {
      title: 'Old client room',
      city: 'Techiman',
      propertyType: 'room' as never,
    });
    expect(await storedType(id)).toBe('single_room');
    const own = (await call('GET', `/api/properties/${id}`, owner)).json() as Property;
    expect(own.propertyType).toBe('single_room');

    await db.update(properties).set({ propertyType: 'house' }).where(eq(properties.id, id));
    const edited = await call(
      'PUT',
      `/api/properties/${id}`,
      owner,
      validEdit({ title: 'Old client room', city: 'Techiman', propertyType: 'room' as never }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await storedType(id)).toBe('single_room');
    const again = (await call('GET', `/api/properties/${id}`, owner)).json() as Property;
    expect(again.propertyType).toBe('single_room');
  });

  it('filters search as single_room, under either name of the filter; results say single_room', async () => {
    for (const query of ['propertyType=room', 'type=room']) {
      const found = await search(query);
      expect(titles(found), query).toEqual(['Sunyani single_room']);
      expect(found.properties[0]!.propertyType).toBe('single_room');
    }
  });

  it('is kept as single_room in a saved search', async () => {
    const renter = await signUp(app);
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, renter.userId));
    const response = await call('POST', '/api/saved-searches', renter, {
      query: { location: CITY, propertyType: 'room' },
      channel: 'email',
      frequency: 'daily',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().query).toEqual({ location: CITY, propertyType: 'single_room' });
    const [row] = await db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.userId, renter.userId));
    expect(row?.query).toEqual({ location: CITY, propertyType: 'single_room' });
  });

  it('is refused with any other unknown type (400 naming the field)', async () => {
    const response = await call(
      'POST',
      '/api/properties',
      owner,
      validListing({ propertyType: 'rooms' as never }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('propertyType');
    const searched = await call('GET', '/api/properties/search?propertyType=compound');
    expect(searched.statusCode).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  type Schema = { enum?: string[]; properties?: Record<string, Schema>; anyOf?: Schema[] };
  let document: {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { name: string; schema: Schema }[];
          requestBody?: unknown;
          responses: Record<string, unknown>;
        }
      >
    >;
  };
  beforeAll(async () => {
    // The shared schemas in place of their `$ref`s, where the enums are.
    document = dereference((await app.inject({ method: 'GET', url: '/api/docs' })).json());
  });

  /** Every enum of a schema that lists `apartment`: where the property types are. */
  const typeEnums = (node: unknown): string[][] => {
    if (!node || typeof node !== 'object') return [];
    const own =
      Array.isArray((node as Schema).enum) && (node as Schema).enum!.includes('apartment')
        ? [(node as Schema).enum!]
        : [];
    return [...own, ...Object.values(node).flatMap(typeEnums)];
  };

  it('lists the new types, and `room`, as what the search and a listing take', () => {
    const searchParameters = document.paths['/api/properties/search']!.get!.parameters!;
    for (const name of ['propertyType', 'type']) {
      const parameter = searchParameters.find((p) => p.name === name)!;
      expect(typeEnums(parameter.schema)).toEqual([[...propertyTypes, 'room']]);
    }
    const body = document.paths['/api/properties']!.post!.requestBody;
    expect(typeEnums(body)).toEqual([[...propertyTypes, 'room']]);
    const amenityEnums = JSON.stringify(body);
    for (const amenity of newAmenities) expect(amenityEnums).toContain(`"${amenity}"`);
  });

  it('answers only today’s types', () => {
    const detail = document.paths['/api/properties/{id}']!.get!.responses['200'];
    expect(typeEnums(detail)).toEqual([[...propertyTypes]]);
  });
});
