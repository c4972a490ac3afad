import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createListing } from '../../testing/builders';
import { createTestApp, signUp } from '../../testing/test-app';
import { createListingSearch } from './listing-search';

/**
 * The search index when the database goes away between a write and the index's re-read of it
 * (PostgreSQL restarted under load: scripts/resilience/postgres-restart.ts). The failed
 * re-read used to leave a rejected promise nobody handled, and Node ends the process on one.
 */
const { app, database } = await createTestApp();
let down = false;
const refused = () =>
  Promise.reject(
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  );
/** The app's database, but every raw query is refused while `down`. */
const flaky = new Proxy(database.db, {
  get(target, property) {
    const value = Reflect.get(target, property, target) as unknown;
    if (property === 'execute') {
      return (...args: unknown[]) =>
        down ? refused() : (value as (...a: unknown[]) => unknown).apply(target, args);
    }
    return typeof value === 'function' ? value.bind(target) : value;
  },
}) as Database;

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
let owner: string;

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  owner = (await signUp(app, { userType: 'owner' })).userId;
});
afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
});

describe('the search index while the database is unreachable', () => {
  it('a failed re-read rejects the caller only, and the index catches up afterwards', async () => {
    const search = createListingSearch(flaky);
    await search.warm();
    const id = await createListing(database.db, owner, { title: 'Outage loft', city: 'Tema' });

    down = true;
    const error = await search.changed([id]).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect((error as { code?: string } | null)?.code).toBe('ECONNREFUSED');
    // Unhandled rejections are reported after the microtask queue drains.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);

    down = false;
    await search.changed([id]);
    const found = await search.search({ location: 'Tema' }, null);
    const body = JSON.parse(found.toString()) as { properties: { id: string }[] };
    expect(body.properties.map((p) => p.id)).toContain(id);
    await search.close();
  });
});
