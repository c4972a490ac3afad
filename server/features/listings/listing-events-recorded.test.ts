import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { JOB_QUEUE_SCHEMA, migrateDatabase } from '../../db/migrate';
import { serverQueues } from '../index';
import { createEventOutbox, eventQueueOf, eventQueuePolicy } from '../../lib/events';
import { createJobQueue } from '../../lib/job-queue';
import { createListing } from '../../testing/builders';
import { createTestApp, manualClock, signUp } from '../../testing/test-app';
import type { ListingEvent } from './listing-events';
import { createListingWrites } from './listing-writes';
import { properties } from './schema';

/**
 * Every write of the listing writer is recorded as listing events in its own transaction
 * (issue 35): each kind of change gives its event once, and a rolled-back write none. Run on
 * PGlite and on PostgreSQL (the server-postgres project). A probe feature handles every type.
 */
const clock = manualClock();
const { app, database } = await createTestApp({}, { clock: clock.now });
const db = database.db;
await migrateDatabase(database, { ...serverQueues(), [eventQueueOf('probe')]: eventQueuePolicy });
const outbox = createEventOutbox(createJobQueue(db, app.log));
outbox.subscribe('probe', [
  'listing.live',
  'listing.left-search',
  'listing.changed',
  'listing.deleted',
  'listing.price-dropped',
]);
const writes = createListingWrites(db, { changed: async () => {} }, clock.now, {
  recorded: (events, tx) => outbox.record(events, tx),
});
const owner = await signUp(app, { userType: 'owner' });

/** The events recorded since the last call, in the order they were recorded. */
let seen = 0;
async function recorded(): Promise<ListingEvent[]> {
  const jobs = await rowsOf<{ data: { events: ListingEvent[] } }>(
    db,
    sql`SELECT data FROM ${sql.raw(JOB_QUEUE_SCHEMA)}.job WHERE name = ${eventQueueOf('probe')}
        ORDER BY created_on, id`,
  );
  const events = jobs.flatMap((job) => job.data.events);
  const fresh = events.slice(seen);
  seen = events.length;
  return fresh;
}
const summary = (events: ListingEvent[]) =>
  events.map((event) =>
    event.type === 'listing.left-search'
      ? `${event.type} ${event.reason}`
      : event.type === 'listing.changed'
        ? `${event.type} ${event.fields.join(',')}`
        : event.type,
  );

describe('listing writes record their events', () => {
  it('each kind of change once, with the listing and its owner', async () => {
    const id = await writes.insert({
      ownerId: owner.userId,
      title: 'Two rooms in Osu',
      propertyType: 'apartment',
      address: '4 Oxford Street',
      city: 'Accra',
      latitude: 5.556,
      longitude: -0.182,
      country: 'Ghana',
      price: 3000,
      currency: 'GH₵',
      isVerified: false,
    });
    // A new listing waits for review: nothing renters see happened.
    expect(await recorded()).toEqual([]);

    await writes.update(id, { isVerified: true });
    const [live] = await recorded();
    expect(live).toEqual({
      type: 'listing.live',
      listingId: id,
      ownerId: owner.userId,
      at: clock.now().toISOString(),
    });

    await writes.update(id, { title: 'Two bright rooms in Osu', price: 2800 });
    expect(summary(await recorded())).toEqual([
      'listing.changed title,price',
      'listing.price-dropped',
    ]);

    await writes.update(id, { isActive: false, rentedAt: clock.now() });
    expect(summary(await recorded())).toEqual(['listing.left-search rented']);

    await writes.update(id, { isActive: true, rentedAt: null });
    expect(summary(await recorded())).toEqual(['listing.live']);

    clock.advance(60_000);
    await writes.update(id, { confirmedAt: clock.now() });
    expect(summary(await recorded())).toEqual(['listing.live']);

    await writes.update(id, { isActive: false, hiddenByAdminAt: clock.now(), hiddenReason: 'x' });
    expect(summary(await recorded())).toEqual(['listing.left-search hidden']);

    await writes.delete(id);
    expect(summary(await recorded())).toEqual(['listing.deleted']);
  });

  it('a write over many listings records each one’s, in one job', async () => {
    const ids = [
      await createListing(db, owner.userId, { city: 'Tamale' }),
      await createListing(db, owner.userId, { city: 'Tamale' }),
    ];
    await writes.updateWhere(and(eq(properties.city, 'Tamale'), eq(properties.isActive, true))!, {
      isActive: false,
      expiredAt: clock.now(),
    });
    const events = await recorded();
    expect(summary(events)).toEqual(['listing.left-search expired', 'listing.left-search expired']);
    expect(events.map((event) => event.listingId).sort()).toEqual([...ids].sort());
  });

  it('none after a rollback', async () => {
    const id = await createListing(db, owner.userId);
    await expect(
      writes.transaction(async (write) => {
        await write.update(id, { isActive: false, rentedAt: clock.now() });
        throw new Error('changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(await recorded()).toEqual([]);
    const [row] = await db.select().from(properties).where(eq(properties.id, id));
    expect(row?.isActive).toBe(true);
  });

  it('the events of a transaction’s several writes, in their order', async () => {
    const first = await createListing(db, owner.userId, { title: 'First' });
    const second = await createListing(db, owner.userId, { title: 'Second' });
    await writes.transaction(async (write) => {
      await write.update(first, { isActive: false });
      await write.update(second, { title: 'Second, renamed' });
    });
    const events = await recorded();
    expect(events.map((event) => [event.listingId, event.type])).toEqual([
      [first, 'listing.left-search'],
      [second, 'listing.changed'],
    ]);
  });
});
