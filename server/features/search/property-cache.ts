import { and, eq, sql } from 'drizzle-orm';
import { propertySchema, type Property } from '#common/properties';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { BoundedCache } from '../../lib/bounded-cache';
import { isLive, propertyColumns, toPropertyJson, properties } from '../listings/service';

/**
 * A live listing as search shows it to a visitor: its JSON as UTF-8, its owner, and its public
 * point (a search by distance adds how far it is).
 */
export type RenderedProperty = {
  id: string;
  ownerId: string;
  json: Buffer;
  latitude: number;
  longitude: number;
};

/**
 * Listings rendered for search pages, by id, so a page of ids becomes JSON without a query.
 * Kept outside the JavaScript heap (buffers), so that many cost the garbage collector little.
 * An entry goes when the search index sees its listing change, or its owner's account
 * (listing-search.ts); the time limit only bounds what nobody reported. When full, the
 * oldest unread entry goes (bounded-cache.ts).
 */
const PROPERTY_TTL_MS = 5 * 60_000;
/** About 1.3 kB each: 40 MB at most. */
const PROPERTY_MAX = 30_000;

export type PropertyCache = {
  /** The cached renderings of these ids (undefined where there is none). */
  getMany(ids: readonly string[]): (RenderedProperty | undefined)[];
  /**
   * Renders the listings that are not cached with one query. Listings that are no longer live
   * are left out of the answer. `generation` tells whether the index changed meanwhile, in
   * which case the renderings are used but not kept.
   */
  fetch(ids: readonly string[], generation: () => number): Promise<Map<string, RenderedProperty>>;
  delete(id: string): void;
  /** Forgets the listings of these owners; whether there were any. */
  deleteOwners(ownerIds: ReadonlySet<string>): boolean;
  clear(): void;
  readonly size: number;
};

export function render(property: Property, ownerId: string): RenderedProperty {
  // Exactly what the route's serializer would write (zod's output order and shapes).
  const json = Buffer.from(JSON.stringify(propertySchema.encode(property)));
  const { latitude, longitude } = property.location;
  return { id: property.id, ownerId, json, latitude, longitude };
}

/** The listing back as an object (for a signed-in reader, whose favourites are marked). */
export function parseRendered(rendered: RenderedProperty): Property {
  return JSON.parse(rendered.json.toString('utf8')) as Property;
}

export function createPropertyCache(db: Database): PropertyCache {
  const cache = new BoundedCache<string, RenderedProperty>(PROPERTY_MAX, () => 1, PROPERTY_TTL_MS);
  // Built once, planned once per connection.
  const byIds = db
    .select(propertyColumns(null))
    .from(properties)
    .innerJoin(users, eq(users.id, properties.ownerId))
    .where(and(sql`${properties.id} = ANY(${sql.placeholder('ids')}::uuid[])`, isLive))
    .prepare('search_properties_by_id');

  return {
    getMany(ids) {
      const now = Date.now();
      return ids.map((id) => cache.get(id, now));
    },
    async fetch(ids, generation) {
      const before = generation();
      const rows = await byIds.execute({ ids: [...ids] });
      const keep = generation() === before;
      const found = new Map<string, RenderedProperty>();
      for (const row of rows) {
        const rendered = render(toPropertyJson(row), row.ownerId);
        found.set(row.id, rendered);
        if (keep) cache.set(row.id, rendered);
      }
      return found;
    },
    delete: (id) => void cache.delete(id),
    deleteOwners: (ownerIds) => cache.deleteWhere((rendered) => ownerIds.has(rendered.ownerId)) > 0,
    clear: () => cache.clear(),
    get size() {
      return cache.count;
    },
  };
}
