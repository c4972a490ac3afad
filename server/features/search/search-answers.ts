import type { ListingIndex, IndexQuery } from './listing-index';
import type { RenderedProperty } from './property-cache';
import type { Matches } from './search';
import {
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
    sort: query.sort ?? (words.length > 0 ? 'relevance' : 'newest'),
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

/** The page as the route's serializer would write it, from listings already in JSON. */
export function pageJson(page: RenderedProperty[], total: number): Buffer {
  const parts: Buffer[] = [pageStart];
  page.forEach((p, i) => {
    if (i > 0) parts.push(comma);
    parts.push(p.json);
  });
  parts.push(Buffer.from(`],"total":${total}}`));
  return Buffer.concat(parts);
}
