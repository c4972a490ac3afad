import { amenityIds, type AmenityId } from '#common/amenities';
import { countries } from '#common/locations';
import type { Currency, PricingPeriod } from '#common/money';
import type { Category, PropertyType } from '#common/property-enums';

/**
 * About sixty believable demo listings over every country, city group, category, type,
 * currency and period of the spec. Deterministic (a seeded generator), so every fresh start
 * shows the same market.
 */
export type DemoListing = {
  title: string;
  description: string;
  propertyType: PropertyType;
  category: Category;
  address: string;
  city: string;
  country: string;
  price: number;
  currency: Currency;
  pricingPeriod: PricingPeriod;
  bedrooms: number;
  bathrooms: number;
  amenities: AmenityId[];
  averageRating: number;
  reviewCount: number;
  status: 'live' | 'pending' | 'hidden';
  featuredOrder: number | null;
  ageDays: number;
};

function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

const neighbourhoods: Record<string, string[]> = {
  Accra: ['East Legon', 'Osu', 'Airport Residential', 'Cantonments', 'Dzorwulu', 'Labone'],
  Kumasi: ['Ahodwo', 'Nhyiaeso', 'Bantama', 'Ayeduase'],
  'Cape Coast': ['University Area', 'Abura', 'Pedu'],
  Tamale: ['Kalpohin', 'Vittin'],
  'Los Angeles': ['Silver Lake', 'Koreatown', 'Westwood'],
  'San Francisco': ['Mission District', 'Sunset'],
  Kingston: ['New Kingston', 'Liguanea', 'Half Way Tree'],
  'Montego Bay': ['Ironshore', 'Rose Hall'],
  'Santo Domingo': ['Piantini', 'Zona Colonial', 'Naco'],
  'Punta Cana': ['Bávaro', 'Cap Cana'],
};
const streets = [
  'Independence Avenue',
  'Liberation Road',
  'Palm Street',
  'Ocean View Drive',
  'Market Lane',
  'Hillside Road',
  'Calle del Sol',
  'Harbour Street',
];

type Kind = { type: PropertyType; category: Category; noun: string };
const kinds: Kind[] = [
  { type: 'apartment', category: 'general', noun: 'apartment' },
  { type: 'house', category: 'general', noun: 'family house' },
  { type: 'room', category: 'student', noun: 'hostel room' },
  { type: 'studio', category: 'student', noun: 'student studio' },
  { type: 'apartment', category: 'corporate', noun: 'serviced apartment' },
  { type: 'studio', category: 'tourist', noun: 'holiday studio' },
  { type: 'house', category: 'tourist', noun: 'holiday home' },
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
const allAmenities: readonly AmenityId[] = amenityIds;

/** Monthly rent range per country, in the local listing currency. */
function rent(country: string, kind: Kind, random: ReturnType<typeof generator>) {
  const ghana = country === 'Ghana';
  const currency: Currency = ghana ? 'GH₵' : '$';
  const base = ghana
    ? random.int(900, 7_500)
    : country === 'California USA'
      ? random.int(1_400, 4_200)
      : random.int(450, 1_900);
  if (kind.category === 'student') {
    // Hostels let rooms per academic year.
    const yearly = ghana ? random.int(2_500, 9_000) : random.int(4_000, 14_000);
    return { price: Math.round(yearly / 50) * 50, currency, pricingPeriod: 'year' as const };
  }
  if (kind.category === 'tourist') {
    return { price: Math.round(base / 3 / 10) * 10, currency, pricingPeriod: 'week' as const };
  }
  return { price: Math.round(base / 50) * 50, currency, pricingPeriod: 'month' as const };
}

export function demoListings(count = 60): DemoListing[] {
  const random = generator(2026);
  // Cities in proportion to the market: Ghana first, every city of every country at least once.
  const places = countries.flatMap((country) =>
    country.cities.map((city) => ({ city, country: country.name })),
  );
  const listings: DemoListing[] = [];
  for (let i = 0; i < count; i++) {
    const place = i < places.length ? places[i]! : random.pick(places.slice(0, 8));
    const kind = kinds[i % kinds.length]!;
    const bedrooms = kind.type === 'room' || kind.type === 'studio' ? 1 : random.int(1, 5);
    const area = random.pick(neighbourhoods[place.city] ?? [place.city]);
    const adjective = random.pick(adjectives);
    const title =
      bedrooms > 1
        ? `${adjective} ${bedrooms}-bedroom ${kind.noun} in ${area}`
        : `${adjective} ${kind.noun} in ${area}`;
    const amenities = allAmenities.filter(() => random.next() < 0.45);
    if (!amenities.includes('wifi') && random.next() < 0.7) amenities.unshift('wifi');
    const live = i % 10 !== 7 && i % 15 !== 4;
    listings.push({
      title,
      description: `${title}. ${bedrooms > 1 ? `${bedrooms} bedrooms` : 'One bedroom'}, close to shops and transport in ${area === place.city ? place.city : `${area}, ${place.city}`}. Water and electricity are reliable; the owner lives nearby and answers quickly. Viewings by appointment.`,
      propertyType: kind.type,
      category: kind.category,
      address: `${random.int(2, 180)} ${random.pick(streets)}, ${area}`,
      city: place.city,
      country: place.country,
      ...rent(place.country, kind, random),
      bedrooms,
      bathrooms: Math.max(1, Math.min(bedrooms, random.int(1, 3))),
      amenities,
      averageRating: random.next() < 0.2 ? 0 : Math.round((3.6 + random.next() * 1.4) * 10) / 10,
      reviewCount: random.int(0, 48),
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
