import type { TFunction } from 'i18next';
import { amenityIds } from '#common/amenities';
import { currencies, formatMoney, searchPeriodToPricing } from '#common/money';
import { furnishings } from '#common/move-in';
import { categories, currentPropertyType, propertyTypes } from '#common/property-enums';
import { MAX_SAVED_SEARCH_NAME } from '#common/saved-searches';

/**
 * A saved search in words, from its URL parameters (the same names as /search's URL), in the
 * reader's language. The search page's own readers live in properties, which uses this
 * feature, so this reads the few parameters it names itself, tolerantly.
 */
type Query = Record<string, string>;

const SEPARATOR = ' · ';

/** Parameters that are not filters (or are only the unit of another) and are never counted. */
const notFilters = new Set(['sort', 'page', 'limit', 'view', 'timePeriod', 'currency']);
/** Parameters the parts below put in words. */
const named = new Set([
  'location',
  'propertyType',
  'type',
  'category',
  'bedrooms',
  'minPrice',
  'maxPrice',
]);

function amount(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** "up to GH₵3,000/month", "GH₵500–GH₵3,000/month", "from $200/week". */
function priceText(t: TFunction, language: string, query: Query): string | undefined {
  const min = amount(query.minPrice);
  const max = amount(query.maxPrice);
  if (min === undefined && max === undefined) return undefined;
  const currency = currencies.find((c) => c === query.currency) ?? 'GH₵';
  const pricing =
    searchPeriodToPricing[query.timePeriod as keyof typeof searchPeriodToPricing] ?? 'month';
  const period = t(`pricePeriod.${pricing}`);
  const money = (n: number) => formatMoney(n, currency, language);
  if (min !== undefined && max !== undefined) {
    return t('savedSearches.describe.between', { min: money(min), max: money(max), period });
  }
  if (max !== undefined) return t('savedSearches.describe.upTo', { price: money(max), period });
  return t('savedSearches.describe.from', { price: money(min!), period });
}

/** Where, what, how many bedrooms and for how much: what a renter names a search by. */
function mainParts(t: TFunction, language: string, query: Query): string[] {
  const asked = currentPropertyType(query.propertyType ?? query.type);
  const type = propertyTypes.find((v) => v === asked);
  const category = categories.find((v) => v === query.category);
  const bedrooms = amount(query.bedrooms);
  return [
    query.location?.trim(),
    type && t(`propertyType.${type}`),
    category && t(`category.${category}`),
    bedrooms ? t('savedSearches.describe.bedrooms', { number: bedrooms }) : undefined,
    priceText(t, language, query),
  ].filter((part): part is string => Boolean(part));
}

/** How many filters the main parts leave unsaid (each amenity counts, like the Filters badge). */
function otherFilters(query: Query): number {
  let count = 0;
  for (const [key, value] of Object.entries(query)) {
    if (notFilters.has(key) || named.has(key) || value === '') continue;
    if (key === 'verifiedLister' && (value === 'false' || value === '0')) continue;
    count += key === 'amenities' ? value.split(',').filter(Boolean).length : 1;
  }
  return count;
}

/** The name the save dialog proposes: "Accra · Apartment · 2+ bedrooms · up to GH₵3,000/month". */
export function defaultSearchName(t: TFunction, language: string, query: Query): string {
  const parts = mainParts(t, language, query);
  const name = parts.length > 0 ? parts.join(SEPARATOR) : t('savedSearches.describe.all');
  return name.length > MAX_SAVED_SEARCH_NAME ? name.slice(0, MAX_SAVED_SEARCH_NAME).trim() : name;
}

/** A line under a saved search's name: its main filters, and how many others it has. */
export function searchSummary(t: TFunction, language: string, query: Query): string {
  const parts = mainParts(t, language, query);
  const others = otherFilters(query);
  if (others > 0) parts.push(t('savedSearches.describe.more', { count: others }));
  return parts.length > 0 ? parts.join(SEPARATOR) : t('savedSearches.describe.all');
}

/** A calendar day of the URL ("2027-01-31") in the reader's language, read as UTC. */
function dayText(day: string, language: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/**
 * Every filter a search saves, one readable line each, for the save dialog (issue 34): the
 * main ones as a name says them, then the rest with their labels from the Filters panel.
 */
export function searchFilterList(t: TFunction, language: string, query: Query): string[] {
  const lines = mainParts(t, language, query);
  const labelled = (label: string, value: string | undefined) => {
    if (value) lines.push(t('savedSearches.describe.filter', { label: t(label), value }));
  };
  const guests = amount(query.guests);
  if (guests) labelled('searchPage.guests', String(guests));
  const amenities = (query.amenities ?? '')
    .split(',')
    .filter((id): id is (typeof amenityIds)[number] => amenityIds.some((known) => known === id));
  if (amenities.length > 0) {
    labelled('searchPage.amenities', amenities.map((id) => t(`amenity.${id}`)).join(', '));
  }
  if (query.verifiedLister === 'true' || query.verifiedLister === '1') {
    lines.push(t('searchPage.verifiedListers'));
  }
  const months = amount(query.maxAdvanceMonths);
  if (months !== undefined) labelled('searchPage.maxAdvanceMonths', String(months));
  const maxMoveIn = amount(query.maxMoveIn);
  if (maxMoveIn !== undefined) {
    const currency = currencies.find((c) => c === query.currency) ?? 'GH₵';
    labelled('searchPage.maxMoveIn', formatMoney(maxMoveIn, currency, language));
  }
  if (query.availableBy) labelled('searchPage.availableBy', dayText(query.availableBy, language));
  const furnished = furnishings.find((f) => f === query.furnished);
  if (furnished) labelled('searchPage.furnished', t(`moveIn.furnishing.${furnished}`));
  return lines.length > 0 ? lines : [t('savedSearches.describe.all')];
}
