import { and, eq, sql } from 'drizzle-orm';
import { propertySchema, type Property } from '#common/properties';
import type { Database } from '../../db/client';
import { properties, users } from '../../db/schema';
import { propertyColumns, toPropertyJson } from './property-json';
import { isLive } from './search';

/** A live listing as search shows it to a visitor: its JSON as UTF-8, and its owner. */
export type RenderedProperty = { id: string; ownerId: string; json: Buffer };

/**
 * Listings rendered for search pages, by id, so a page of ids becomes JSON without a query.
 * Kept outside the JavaScript heap (buffers), so that many cost the garbage collector little.
 * An entry goes when the search index sees its listing change, or its owner's account
 * (listing-search.ts); the time limit only bounds what nobody reported.
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
  /** Forgets the listings of these owners. */
  deleteOwners(ownerIds: ReadonlySet<string>): void;
  clear(): void;
  readonly size: number;
  /** Bytes of JSON held. */
  readonly bytes: number;
};

export function render(property: Property): RenderedProperty {
  // Exactly what the route's serializer would write (zod's output order and shapes).
  const json = Buffer.from(JSON.stringify(propertySchema.encode(property)));
  return { id: property.id, ownerId: property.ownerId, json };
}

/** The listing back as an object (for a signed-in reader, whose favourites are marked). */
export function parseRendered(rendered: RenderedProperty): Property {
  return JSON.parse(rendered.json.toString('utf8')) as Property;
}

type Entry = { rendered: RenderedProperty; expires: number; used: boolean };

export function createPropertyCache(db: Database): PropertyCache {
  // A Map keeps insertion order. When full, the oldest entry goes, unless it was read since it
  // came in: then it moves to the back and loses that mark (second chance, or CLOCK). Reading
  // costs one lookup and a flag, not the bookkeeping of a recency list.
  const cache = new Map<string, Entry>();
  let bytes = 0;
  const drop = (id: string) => {
    const entry = cache.get(id);
    if (!entry) return;
    bytes -= entry.rendered.json.length;
    cache.delete(id);
  };
  const evict = () => {
    for (;;) {
      const [id, entry] = cache.entries().next().value!;
      cache.delete(id);
      if (!entry.used) {
        bytes -= entry.rendered.json.length;
        return;
      }
      entry.used = false;
      cache.set(id, entry);
    }
  };
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
      return ids.map((id) => {
        const entry = cache.get(id);
        if (!entry) return undefined;
        if (entry.expires > now) {
          entry.used = true;
          return entry.rendered;
        }
        drop(id);
        return undefined;
      });
    },
    async fetch(ids, generation) {
      const before = generation();
      const rows = await byIds.execute({ ids: [...ids] });
      const keep = generation() === before;
      const expires = Date.now() + PROPERTY_TTL_MS;
      const found = new Map<string, RenderedProperty>();
      for (const row of rows) {
        const rendered = render(toPropertyJson(row));
        found.set(row.id, rendered);
        if (!keep) continue;
        drop(row.id);
        cache.set(row.id, { rendered, expires, used: false });
        bytes += rendered.json.length;
        if (cache.size > PROPERTY_MAX) evict();
      }
      return found;
    },
    delete: drop,
    deleteOwners(ownerIds) {
      for (const [id, entry] of cache) if (ownerIds.has(entry.rendered.ownerId)) drop(id);
    },
    clear() {
      cache.clear();
      bytes = 0;
    },
    get size() {
      return cache.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
