import { searchQuerySchema, type SearchQuery } from '#common/properties';
import { currentPropertyType } from '#common/property-enums';
import { AppError, type FieldCode } from '../../lib/app-error';

/** The search's property type, under either of its names. */
const typeParameters = new Set(['propertyType', 'type']);
/** Parameters of a search URL that say which page, not which listings. */
const pageParameters = new Set(['page', 'limit', 'sort']);
/** What the search reads; anything else of a URL (a tracking tag) is not kept. */
const searchParameters = new Set(Object.keys(searchQuerySchema.shape));

/**
 * A saved search's query as its URL says it (parameter → text), checked by the search's own
 * schema: what is saved is exactly what /search would be asked. A 400 names each bad
 * parameter as `query.<name>`.
 */
export function savedQuery(input: Record<string, unknown>): {
  query: Record<string, string>;
  parsed: SearchQuery;
} {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) {
    if (pageParameters.has(key) || !searchParameters.has(key)) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value).trim();
    // A former type name (`room`) is kept under today's (issue 34), as migration 0028 did.
    if (text !== '') query[key] = typeParameters.has(key) ? currentPropertyType(text) : text;
  }
  const result = searchQuerySchema.safeParse(query);
  if (!result.success) {
    const fields: Record<string, FieldCode> = {};
    for (const issue of result.error.issues) {
      const key = issue.path[0] === undefined ? 'query' : `query.${String(issue.path[0])}`;
      fields[key] = issue.message as FieldCode;
    }
    throw new AppError('invalid_input', { fields });
  }
  return { query, parsed: result.data };
}

/** The search as its saved query says it (a query saved earlier passes the schema again). */
export function parsedQuery(query: Record<string, string>): SearchQuery | null {
  const result = searchQuerySchema.safeParse(query);
  return result.success ? result.data : null;
}

/**
 * A name when the client gave none (the web app always proposes one in the reader's language):
 * the place and the main filters, in English ("Accra · house · 2+ bedrooms").
 */
export function defaultName(parsed: SearchQuery): string {
  const parts = [
    parsed.location,
    parsed.propertyType ?? parsed.type,
    parsed.bedrooms ? `${parsed.bedrooms}+ bedrooms` : undefined,
    parsed.maxPrice
      ? `up to ${parsed.currency ?? 'GH₵'}${parsed.maxPrice.toLocaleString('en')}`
      : undefined,
  ].filter(Boolean);
  return (parts.join(' · ') || 'All listings').slice(0, 80);
}
