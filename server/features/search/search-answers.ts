import { distanceMeters, type Point } from '#common/geo';
import type { Property } from '#common/properties';
import type { ListingIndex, IndexQuery } from './listing-index';
import type { RenderedProperty } from './property-cache';
import type { Matches } from './search';
import { searchSort } from './search-sorts';
import {
  areaFilter,
  nearPoint,
  priceRangeFilter,
  searchFilters,
  type FilterName,
  type RatedQuery,
} from './search-filters';
import { foldWord, locationWords } from './text-search';

/**
 * A search answered by the index, or what SQL must do instead: words the index cannot fold
 * (SQL runs the whole search), or words that match nothing when a text the typo search would
 * read is not plain ASCII (SQL runs its trigram search).
 */
export function answerFromIndex(
  index: ListingIndex,
  query: RatedQuery,
  depth: number,
  similarityThreshold: number,
): Matches | { sql: true; wordsFindNothing: boolean } {
  const words: string[] = [];
  for (const word of query.location ? locationWords(query.location) : []) {
    const folded = foldWord(word);
    if (folded === null) return { sql: true, wordsFindNothing: false };
    words.push(folded);
  }
  const { min, max } = priceRangeFilter.value(query);
  const indexQuery: IndexQuery = {
    words: words.length > 0 ? words : null,
    ...(Object.fromEntries(
      searchFilters.map((filter) => [filter.name, filter.value(query)]),
    ) as Pick<IndexQuery, FilterName>),
    minPrice: min,
    maxPrice: max,
    box: areaFilter.value(query),
    near: nearPoint.value(query),
    sort: searchSort(query, words.length > 0),
  };
  const matches = index.query(indexQuery, depth);
  // No listing has these words (with these filters): SQL then looks for similar words
  // (typos) by trigrams; the index answers that too, unless a text is not plain ASCII.
  if (words.length > 0 && matches.total === 0) {
    const similar = index.similar(query.location!, indexQuery, similarityThreshold, depth);
    return similar ?? { sql: true, wordsFindNothing: true };
  }
  return matches;
}

const pageStart = Buffer.from('{"properties":[');
const comma = Buffer.from(',');

/** Kilometres from a place to a listing's public point, to one decimal (issue 39). */
export function distanceKm(near: Point, to: Point): number {
  return Math.round(distanceMeters(near, to) / 100) / 10;
}

/** A listing with its distance from the search's place, when there is one. */
export function withDistance(property: Property, near: Point | undefined): Property {
  return near ? { ...property, distanceKm: distanceKm(near, property.location) } : property;
}

/**
 * The page as the route's serializer would write it, from listings already in JSON; with a
 * place, each listing gains its `distanceKm`, the schema's last field.
 */
export function pageJson(page: RenderedProperty[], total: number, near?: Point): Buffer {
  const parts: Buffer[] = [pageStart];
  page.forEach((p, i) => {
    if (i > 0) parts.push(comma);
    if (near) {
      parts.push(p.json.subarray(0, p.json.length - 1));
      parts.push(Buffer.from(`,"distanceKm":${distanceKm(near, p)}}`));
    } else parts.push(p.json);
  });
  parts.push(Buffer.from(`],"total":${total}}`));
  return Buffer.concat(parts);
}
