import { photoUrl, type Photo } from '#common/images';
import { formatMoney, type Currency, type PricingPeriod } from '#common/money';
import { regionOf } from '#common/locations';
import type { Property } from '#common/properties';
import type { PropertyType } from '#common/property-enums';
import type { PageHead, ShareImage } from './head-tags';
import { SHARE_CARD, titled } from './site';

/** How much of the listing's own description follows the facts in the meta description. */
const EXCERPT_LENGTH = 150;

const typeName: Record<PropertyType, string> = {
  apartment: 'Apartment',
  house: 'House',
  townhouse: 'Townhouse',
  studio: 'Studio',
  single_room: 'Single room',
  chamber_and_hall: 'Chamber and hall',
  self_contained: 'Self-contained',
  hostel: 'Hostel',
};
/**
 * The schema.org kind of each property type: a studio, a chamber and hall or a self-contained
 * is a small apartment; a hostel lets rooms.
 */
const schemaType: Record<PropertyType, string> = {
  apartment: 'Apartment',
  house: 'House',
  townhouse: 'House',
  studio: 'Apartment',
  single_room: 'Room',
  chamber_and_hall: 'Apartment',
  self_contained: 'Apartment',
  hostel: 'Room',
};
/** ISO 4217 codes of the product's currency signs. */
const currencyCode: Record<Currency, string> = { 'GH₵': 'GHS', $: 'USD' };
/** UN/CEFACT unit codes of the rent periods (schema.org's unitCode). */
const periodCode: Record<PricingPeriod, string> = { week: 'WEE', month: 'MON', year: 'ANN' };

/** The photo's widest WebP variant: what a share card shows best. */
export function largestVariant(photo: Photo): ShareImage & { width: number; height: number } {
  const width = Math.max(...photo.widths, 0) || photo.width;
  const height = Math.round((photo.height * width) / photo.width);
  return { path: photoUrl(photo.key, width), width, height, alt: '' };
}

/** The first `length` characters of a text, cut at a word, with an ellipsis if cut. */
export function excerpt(text: string, length = EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** "Apartment to rent in Accra, Ghana: GH₵3,000 a month, 2 bedrooms. <description…>" */
export function listingDescription(property: Property): string {
  const bedrooms =
    property.bedrooms > 0
      ? `, ${property.bedrooms} ${property.bedrooms === 1 ? 'bedroom' : 'bedrooms'}`
      : '';
  const price = `${formatMoney(property.price, property.currency, 'en')} a ${property.pricingPeriod}`;
  const facts =
    `${typeName[property.propertyType]} to rent in ${property.city}, ${property.country}: ` +
    `${price}${bedrooms}.`;
  const own = property.description ? excerpt(property.description) : '';
  return own ? `${facts} ${own}` : facts;
}

/**
 * The head of a live listing's page. Its structured data is a schema.org RealEstateListing
 * (a page offering something), whose mainEntity is the accommodation (Apartment, House,
 * Room) and whose offer is the rent: schema.org gives places no offers of their own.
 */
export function listingHead(property: Property, publicUrl: string): PageHead {
  const path = `/property/${property.id}`;
  const url = `${publicUrl}${path}`;
  const photos = property.photos.map(largestVariant);
  const cover = photos[0];
  const images = photos.map((photo) => `${publicUrl}${photo.path}`);
  const description = listingDescription(property);
  const currency = currencyCode[property.currency];

  const region = regionOf(property.country, property.city);
  const accommodation = {
    '@type': schemaType[property.propertyType],
    name: property.title,
    url,
    // The locality and region only (issue 50): never a street, which a crawler would spread.
    address: {
      '@type': 'PostalAddress',
      addressLocality: property.city,
      ...(region ? { addressRegion: region } : {}),
    },
    // The rooms a listing states are its bedrooms (a studio or a room: one).
    numberOfRooms: Math.max(1, property.bedrooms),
    numberOfBedrooms: property.bedrooms,
    numberOfBathroomsTotal: property.bathrooms,
    ...(property.minLeaseMonths !== null
      ? {
          leaseLength: {
            '@type': 'QuantitativeValue',
            value: property.minLeaseMonths,
            unitCode: 'MON',
          },
        }
      : {}),
    ...(images.length > 0 ? { image: images } : {}),
    // The reviews Abode counts (issue 50: renters who came to a viewing booked here, and
    // independent of the lister), as the page shows them; none claimed before the first.
    ...(property.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: property.averageRating,
            reviewCount: property.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
  // What moving in costs beside the rent (issue 20): the deposit, and the whole first payment.
  const moveIn = [
    ...(property.depositAmount > 0
      ? [
          {
            '@type': 'PriceSpecification',
            name: 'Security deposit',
            price: property.depositAmount,
            priceCurrency: currency,
          },
        ]
      : []),
    // Only when more than the first rent is due (decision 026): that alone is the rent above.
    ...(property.moveInCost.total > property.moveInCost.firstRent
      ? [
          {
            '@type': 'PriceSpecification',
            name: 'Move-in cost',
            price: property.moveInCost.total,
            priceCurrency: currency,
          },
        ]
      : []),
  ];
  const listing = {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    url,
    name: property.title,
    description,
    datePosted: property.createdAt,
    ...(images.length > 0 ? { image: images } : {}),
    mainEntity: accommodation,
    offers: {
      '@type': 'Offer',
      url,
      price: property.price,
      priceCurrency: currency,
      businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
      availability: 'https://schema.org/InStock',
      ...(property.availableFrom ? { availabilityStarts: property.availableFrom } : {}),
      priceSpecification: [
        {
          '@type': 'UnitPriceSpecification',
          price: property.price,
          priceCurrency: currency,
          unitCode: periodCode[property.pricingPeriod],
          unitText: property.pricingPeriod,
        },
        ...moveIn,
      ],
    },
  };

  return {
    title: titled(property.title),
    description,
    canonicalPath: path,
    noindex: false,
    shareTitle: property.title,
    image: cover ? { ...cover, alt: property.title } : SHARE_CARD,
    structuredData: [listing],
  };
}
