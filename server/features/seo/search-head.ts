import {
  categories,
  currentPropertyType,
  propertyTypes,
  type Category,
  type PropertyType,
} from '#common/property-enums';
import type { PageHead } from './head-tags';
import { SHARE_CARD, publicPages, titled } from './site';

/**
 * The head of /search. Its title and description name what is searched for ("Apartments in
 * Accra · Abode"), and its canonical URL keeps only what changes the kind of page: the
 * location, the property type and the category, in that order, each only when valid. Sort,
 * price, bedrooms, amenities and the page number are views of the same results, so they
 * fold into it; a crawler then sees one URL per place and kind instead of thousands.
 */
const MAX_LOCATION = 100;

const typePlural: Record<PropertyType, string> = {
  apartment: 'Apartments',
  house: 'Houses',
  townhouse: 'Townhouses',
  studio: 'Studios',
  single_room: 'Single rooms',
  chamber_and_hall: 'Chamber and halls',
  self_contained: 'Self-contained units',
  hostel: 'Hostels',
};
const categoryWord: Record<Category, string | null> = {
  general: null,
  student: 'Student',
  corporate: 'Corporate',
  tourist: 'Holiday',
};

type SearchTopic = { location?: string; propertyType?: PropertyType; category?: Category };

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** The location as a reader would write it: spaces collapsed, all-lowercase words capitalised. */
function cleanLocation(raw: string | null): string | undefined {
  const location = (raw ?? '').replace(/\s+/g, ' ').trim();
  if (!location || location.length > MAX_LOCATION) return undefined;
  if (location !== location.toLowerCase()) return location;
  return location.replace(
    /(^|[\s-])(\p{L})/gu,
    (_, before: string, letter: string) => before + letter.toUpperCase(),
  );
}

export function searchTopic(query: URLSearchParams): SearchTopic {
  // `type` is the spec's alias of propertyType; an older link's `room` is a single room now.
  const type = currentPropertyType(query.get('propertyType') ?? query.get('type'));
  const category = query.get('category');
  return {
    location: cleanLocation(query.get('location')),
    propertyType: isOneOf(propertyTypes, type) ? type : undefined,
    category: isOneOf(categories, category) && category !== 'general' ? category : undefined,
  };
}

export function searchHead(query: URLSearchParams): PageHead {
  const generic = publicPages.find((page) => page.path === '/search')!;
  const topic = searchTopic(query);
  // Saved properties are one reader's list, not a page for search engines.
  const saved = query.get('saved') === 'true';
  const canonical = new URLSearchParams();
  if (topic.location) canonical.set('location', topic.location);
  if (topic.propertyType) canonical.set('propertyType', topic.propertyType);
  if (topic.category) canonical.set('category', topic.category);
  const canonicalQuery = canonical.toString();
  const head = {
    canonicalPath: saved ? null : canonicalQuery ? `/search?${canonicalQuery}` : '/search',
    noindex: saved,
    image: SHARE_CARD,
    structuredData: [],
  };
  if (!topic.location && !topic.propertyType && !topic.category) {
    return {
      ...head,
      title: generic.title,
      shareTitle: 'Search rentals',
      description: generic.description,
    };
  }

  const kind = topic.propertyType ? typePlural[topic.propertyType] : 'Rentals';
  const adjective = topic.category ? categoryWord[topic.category] : null;
  const what = adjective ? `${adjective} ${kind.toLowerCase()}` : kind;
  // "Apartments to rent", "Student rentals"; with a place, "Apartments in Accra".
  const phrase = topic.propertyType ? `${what} to rent` : what;
  const heading = topic.location ? `${what} in ${topic.location}` : phrase;
  const where = topic.location ? ` in ${topic.location}` : '';
  return {
    ...head,
    title: titled(heading),
    shareTitle: heading,
    description:
      `${phrase}${where} on Abode: compare rents per week, month or year, see the ` +
      'photos and contact owners and agents directly.',
  };
}
