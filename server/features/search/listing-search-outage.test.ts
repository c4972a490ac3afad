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
  it('a failed re-read fails neither the write nor the process, and the next check catches up', async () => {
    const warnings: unknown[] = [];
    const search = createListingSearch(flaky, {
      info: () => undefined,
      warn: (...args: unknown[]) => warnings.push(args),
    });
    await search.warm();
    const id = await createListing(database.db, owner, { title: 'Outage loft', city: 'Tema' });

    down = true;
    // The listing is saved: its writer must not answer an error (a retry would list it twice).
    await expect(search.changed([id])).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);
    // Unhandled rejections are reported after the microtask queue drains.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);

    down = false;
    // What the periodic check runs: every row written since the last check.
    await search.changed();
    const found = await search.search({ location: 'Tema' }, null);
    const body = JSON.parse(found.toString()) as { properties: { id: string }[] };
    expect(body.properties.map((p) => p.id)).toContain(id);
    await search.close();
  });
});
