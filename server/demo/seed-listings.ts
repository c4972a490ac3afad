import { amenityIds, type AmenityId } from '#common/amenities';
import { countries, neighbourhoodsOf } from '#common/locations';
import type { Currency, PricingPeriod } from '#common/money';
import type { Category, PropertyType } from '#common/property-enums';
import { seededRandom } from '../lib/seeded-random';

/**
 * About sixty believable demo listings over the spec's countries, city groups, categories,
 * types, currencies and periods. Deterministic (a seeded generator), so every fresh start
 * shows the same market.
 */
/**
 * The countries of the demo: the spec's but California USA (issue 51). Abode's first market is
 * Ghana, with a few listings by the Caribbean listers; California stays a choice of the listing
 * form, and a demo lister or listing placed there would say Abode is something it is not.
 */
export const demoCountries = countries.filter((country) => country.name !== 'California USA');

export type DemoListing = {
  title: string;
  description: string;
  propertyType: PropertyType;
  category: Category;
  /** The public area line ("Osu"). */
  address: string;
  /** Street and house number ("12 Oxford Street"): private to the lister and confirmed viewers. */
  streetAddress: string;
  city: string;
  country: string;
  /** The pin: at most about 700 m each way from its neighbourhood's centre, or 1.3 km from its city's. */
  latitude: number;
  longitude: number;
  price: number;
  currency: Currency;
  pricingPeriod: PricingPeriod;
  bedrooms: number;
  bathrooms: number;
  amenities: AmenityId[];
  status: 'live' | 'pending' | 'hidden';
  featuredOrder: number | null;
  ageDays: number;
  /**
   * How a student room in Ghana is paid, which its description says (issue 51): once for the
   * academic year (the advance the Rent Act's six months leave to hostels), or per semester.
   */
  paidPer?: StudentPayment;
};

export type StudentPayment = 'academicYear' | 'semester';
const paidPerText: Record<StudentPayment, string> = {
  academicYear:
    'Rent is paid once for the academic year, before the first semester, as student hostels ask.',
  semester: 'Rent is paid per semester: half the year’s rent before each semester begins.',
};

function generator(seed: number) {
  const next = seededRandom(seed);
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

/**
 * The streets of each place a demo listing is in (issue 51): of its neighbourhood where
 * common/locations.ts knows the city's neighbourhoods (Accra's, Kumasi's, Kingston's, Santo
 * Domingo's), else of the town, so that no listing in Kumasi gives an Accra street. Each town's
 * own roads, as far as the demo knows them: main roads, and roads named for the next town.
 */
const streetsIn: Record<string, readonly string[]> = {
  'East Legon': ['Lagos Avenue', 'Boundary Road'],
  Osu: ['Oxford Street', 'Ring Road East'],
  'Airport Residential': ['Patrice Lumumba Road', 'Liberation Road'],
  Cantonments: ['Fourth Circular Road', 'Switchback Road'],
  Nhyiaeso: ['Harper Road'],
  Bantama: ['Bantama High Street'],
  Tamale: ['Bolgatanga Road', 'Salaga Road'],
  Takoradi: ['Axim Road', 'Beach Road'],
  'Cape Coast': ['Jukwa Road', 'Kotokuraba Road'],
  Tema: ['Harbour Road', 'Hospital Road'],
  Sunyani: ['Berekum Road', 'Dormaa Road'],
  Koforidua: ['Suhum Road'],
  Ho: ['Adaklu Road', 'Hohoe Road'],
  Bolgatanga: ['Navrongo Road', 'Tamale Road'],
  Wa: ['Wenchi Road', 'Tumu Road'],
  Techiman: ['Kintampo Road', 'Nkoranza Road'],
  Obuasi: ['Bekwai Road', 'Dunkwa Road'],
  Nkawkaw: ['Mpraeso Road'],
  Winneba: ['Swedru Road'],
  Kasoa: ['Bawjiase Road', 'Winneba Road'],
  Teshie: ['Teshie-Nungua Road'],
  Madina: ['Adenta Road', 'Aburi Road'],
  Ashaiman: ['Tema Road'],
  Hohoe: ['Jasikan Road', 'Ho Road'],
  'New Kingston': ['Knutsford Boulevard', 'Trafalgar Road'],
  'Half Way Tree': ['Constant Spring Road'],
  Liguanea: ['Hope Road', 'Old Hope Road'],
  'Montego Bay': ['Gloucester Avenue', 'Kent Avenue'],
  'Ocho Rios': ['Main Street', 'DaCosta Drive'],
  Negril: ['Norman Manley Boulevard', 'West End Road'],
  'Spanish Town': ['Burke Road'],
  Piantini: ['Calle Gustavo Mejía Ricart', 'Avenida Abraham Lincoln'],
  Naco: ['Avenida Tiradentes', 'Calle Fantino Falco'],
  'Zona Colonial': ['Calle El Conde', 'Calle Las Damas'],
  'Santiago de los Caballeros': ['Calle del Sol', 'Avenida Juan Pablo Duarte'],
  'Punta Cana': ['Avenida Barceló'],
  'Puerto Plata': ['Calle Beller', 'Avenida Luis Ginebra'],
  'La Romana': ['Calle Duarte', 'Avenida Santa Rosa'],
};

/** The street line: "12 Oxford Street", and in Spanish the number after "Calle El Conde 12". */
const streetLine = (number: number, street: string) =>
  /^(Calle|Avenida) /.test(street) ? `${street} ${number}` : `${number} ${street}`;

/** What a kind of listing is called, and the bedrooms such a place has. */
type Kind = {
  type: PropertyType;
  category: Category;
  noun: string;
  bedrooms: [min: number, max: number];
  /** Its rent beside a flat's of as many bedrooms (a room in a compound house costs less). */
  rentScale?: number;
};
const kinds: Kind[] = [
  { type: 'apartment', category: 'general', noun: 'apartment', bedrooms: [1, 3] },
  { type: 'house', category: 'general', noun: 'family house', bedrooms: [3, 5] },
  { type: 'hostel', category: 'student', noun: 'hostel room', bedrooms: [1, 1] },
  { type: 'studio', category: 'student', noun: 'student studio', bedrooms: [1, 1] },
  { type: 'apartment', category: 'corporate', noun: 'serviced apartment', bedrooms: [1, 3] },
  { type: 'studio', category: 'tourist', noun: 'holiday studio', bedrooms: [1, 1] },
  { type: 'house', category: 'tourist', noun: 'holiday home', bedrooms: [2, 4] },
];
/**
 * Ghana's market in its own words (issue 34): most renters take a room, a chamber and hall or
 * a self-contained in a compound house, as well as flats, houses and hostels.
 */
const ghanaKinds: Kind[] = [
  { type: 'apartment', category: 'general', noun: 'apartment', bedrooms: [1, 3] },
  {
    type: 'chamber_and_hall',
    category: 'general',
    noun: 'chamber and hall',
    bedrooms: [1, 1],
    rentScale: 0.45,
  },
  { type: 'house', category: 'general', noun: 'family house', bedrooms: [3, 5] },
  { type: 'hostel', category: 'student', noun: 'hostel room', bedrooms: [1, 1] },
  {
    type: 'self_contained',
    category: 'general',
    noun: 'self-contained',
    bedrooms: [1, 2],
    rentScale: 0.6,
  },
  {
    type: 'single_room',
    category: 'general',
    noun: 'single room',
    bedrooms: [1, 1],
    rentScale: 0.25,
  },
  { type: 'townhouse', category: 'corporate', noun: 'townhouse', bedrooms: [2, 4] },
  { type: 'studio', category: 'student', noun: 'student studio', bedrooms: [1, 1] },
  { type: 'apartment', category: 'corporate', noun: 'serviced apartment', bedrooms: [1, 3] },
  { type: 'house', category: 'tourist', noun: 'holiday home', bedrooms: [2, 4] },
  { type: 'studio', category: 'tourist', noun: 'holiday studio', bedrooms: [1, 1] },
];
/** What a lister in Ghana names first, and nobody elsewhere: water, power, a guard, a wall. */
const ghanaAmenities: readonly AmenityId[] = [
  'borehole',
  'polytank',
  'prepaid_meter',
  'security',
  'walled_compound',
];
const adjectives = [
  'Bright',
  'Spacious',
  'Modern',
  'Quiet',
  'Cosy',
  'Furnished',
  'Airy',
  'Newly renovated',
];
/** Amenities of a place by country: no heating in Ghana, no polytank anywhere else. */
const amenitiesIn = (country: string): readonly AmenityId[] =>
  country === 'Ghana'
    ? amenityIds.filter((amenity) => amenity !== 'heating')
    : amenityIds.filter((amenity) => !ghanaAmenities.includes(amenity));

/**
 * The rent in the listing's currency: per bedroom per month by country (GH₵ in Ghana, $
 * elsewhere), more in the capitals' smart areas; hostels per academic year, holiday places
 * per week.
 */
function rent(
  place: { country: string; city: string },
  kind: Kind,
  bedrooms: number,
  random: ReturnType<typeof generator>,
) {
  const ghana = place.country === 'Ghana';
  const currency: Currency = ghana ? 'GH₵' : '$';
  const perBedroom = ghana ? 1_400 : 550;
  const capital = ['Accra', 'Kingston', 'Santo Domingo'];
  const monthly =
    perBedroom *
    bedrooms *
    (kind.rentScale ?? 1) *
    (capital.includes(place.city) ? 1.4 : 1) *
    (0.8 + random.next() * 0.5);
  if (kind.category === 'student') {
    // Hostels let rooms per academic year.
    const yearly = ghana ? random.int(2_500, 9_000) : random.int(4_000, 14_000);
    return { price: Math.round(yearly / 50) * 50, currency, pricingPeriod: 'year' as const };
  }
  if (kind.category === 'tourist') {
    // A week's stay costs about what a third of a month's rent would.
    return { price: Math.round(monthly / 3 / 10) * 10, currency, pricingPeriod: 'week' as const };
  }
  return { price: Math.round(monthly / 50) * 50, currency, pricingPeriod: 'month' as const };
}

/** Enough bathrooms for the bedrooms: one for small places, at least one for two bedrooms. */
/**
 * The draws of the ratings the seed used to make up, made and dropped since ratings come from
 * reviews (issue 40; seed-reviews.ts): the sequence, and so every demo listing, stays as it was.
 */
function formerRatingDraws(random: ReturnType<typeof generator>): Record<string, never> {
  if (random.next() >= 0.2) random.next();
  random.int(0, 48);
  return {};
}

function bathroomsFor(bedrooms: number, random: ReturnType<typeof generator>): number {
  if (bedrooms <= 1) return 1;
  return random.int(Math.ceil(bedrooms / 2), bedrooms);
}

const numberWords = ['', 'One', 'Two', 'Three', 'Four', 'Five'];
/** How a one-room place is described; other kinds say their bedrooms and bathrooms. */
const roomsText: Partial<Record<PropertyType, string>> = {
  hostel: 'A private room with a shared bathroom',
  single_room: 'A single room in a compound house, sharing the bathroom and kitchen',
  chamber_and_hall: 'A bedroom (the chamber) and a sitting room (the hall), sharing the bathroom',
  studio: 'One open room with a kitchenette and its own bathroom',
};

export function demoListings(count = 60): DemoListing[] {
  const random = generator(2026);
  // Cities in proportion to the market: Ghana first, every city of the demo's countries at
  // least once.
  const places = demoCountries.flatMap((country) =>
    country.cities.map((city) => ({ city: city.name, country: country.name, centre: city })),
  );
  // Pins from a generator of their own, so the rest of the demo stays as it was.
  const pins = generator(39);
  const near = (degrees: number, spread: number) =>
    Math.round((degrees + (pins.next() - 0.5) * spread) * 1e6) / 1e6;
  const listings: DemoListing[] = [];
  for (let i = 0; i < count; i++) {
    // After one listing in every city, more in the larger towns, Accra twice as often.
    const place = i < places.length ? places[i]! : random.pick([places[0]!, ...places.slice(0, 8)]);
    const ghana = place.country === 'Ghana';
    const kindsHere = ghana ? ghanaKinds : kinds;
    const kind = kindsHere[i % kindsHere.length]!;
    const bedrooms = random.int(...kind.bedrooms);
    // A neighbourhood the city is known by (common/locations.ts), or the town itself.
    const known = neighbourhoodsOf(place.city);
    const neighbourhood = known.length > 0 ? random.pick(known) : undefined;
    // One draw either way, as when every city drew its area from a list.
    if (!neighbourhood) random.next();
    const area = neighbourhood?.name ?? place.city;
    const pinCentre = neighbourhood ?? place.centre;
    const spread = neighbourhood ? 0.012 : 0.024;
    const adjective = random.pick(adjectives);
    const title =
      bedrooms > 1
        ? `${adjective} ${bedrooms}-bedroom ${kind.noun} in ${area}`
        : `${adjective} ${kind.noun} in ${area}`;
    // Water storage, a prepaid meter and a guard are what Ghana's listings name most.
    const amenities = amenitiesIn(place.country).filter(
      (amenity) => random.next() < (ghanaAmenities.includes(amenity) ? 0.6 : 0.45),
    );
    if (!amenities.includes('wifi') && random.next() < 0.7) amenities.unshift('wifi');
    const live = i % 10 !== 7 && i % 15 !== 4;
    // Ghana's student rooms are paid by the academic year or the semester, in turn.
    const paidPer =
      ghana && kind.category === 'student'
        ? i % 2 === 0
          ? 'academicYear'
          : 'semester'
        : undefined;
    const bathrooms = bathroomsFor(bedrooms, random);
    const rooms =
      roomsText[kind.type] ??
      `${numberWords[bedrooms]} bedroom${bedrooms > 1 ? 's' : ''} and ${numberWords[bathrooms]!.toLowerCase()} bathroom${bathrooms > 1 ? 's' : ''}${kind.type === 'self_contained' ? ', with its own kitchen and entrance' : ''}`;
    listings.push({
      title,
      description: `${title}. ${rooms}, close to shops and transport in ${area === place.city ? place.city : `${area}, ${place.city}`}. Water and electricity are reliable; the owner lives nearby and answers quickly.${paidPer ? ` ${paidPerText[paidPer]}` : ''} Viewings by appointment.`,
      ...(paidPer ? { paidPer } : {}),
      propertyType: kind.type,
      category: kind.category,
      // The public area line, and the street and house number renters read once a viewing is
      // confirmed (issue 50); drawn in the order the one-line address was.
      streetAddress: streetLine(random.int(2, 180), random.pick(streetsIn[area]!)),
      address: area,
      city: place.city,
      country: place.country,
      // At most about 700 m each way from the neighbourhood's centre, or 1.3 km from the town's.
      latitude: near(pinCentre.latitude, spread),
      longitude: near(pinCentre.longitude, spread),
      ...rent(place, kind, bedrooms, random),
      bedrooms,
      bathrooms,
      amenities,
      ...formerRatingDraws(random),
      status: live ? 'live' : i % 10 === 7 ? 'pending' : 'hidden',
      featuredOrder: null,
      ageDays: random.int(0, 120),
    });
  }
  // Eight live listings are featured, in order.
  listings
    .filter((listing) => listing.status === 'live')
    .filter((_, index) => index % 6 === 1)
    .slice(0, 8)
    .forEach((listing, index) => (listing.featuredOrder = index + 1));
  return listings;
}
