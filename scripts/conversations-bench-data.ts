/**
 * The data of `npm run bench:conversations` (conversations-bench.ts): a throwaway database on
 * the configured PostgreSQL (or a cluster of its own), migrated, and loaded straight by SQL with
 * one busy account's thousand conversations among ten thousand others, and the accounts that
 * hold the event streams.
 */

import { randomBytes } from 'node:crypto';

import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Photo } from '#common/images';
import { rowsOf, type Database } from '../server/db/client';

import { seedSyntheticListings } from '../server/demo/seed-bulk';

import { hashToken, SESSION_COOKIE } from '../server/features/auth/service';

import { onCleanup } from './resilience/harness';
import { startPostgresCluster } from './resilience/postgres-cluster';

export const CONVERSATIONS = 1_000;
export const MESSAGES = 50_000;
/** Of the busy user's conversations, those with two messages it has not read yet. */
export const UNREAD_EVERY = 10;
/**
 * Everyone else's conversations (10 messages each, between others), so that the busy user's
 * rows are a part of each table and the queries find them through the indexes, as on a
 * server in use.
 */
export const BACKGROUND = { owners: 500, renters: 3_500, conversations: 10_000, messages: 10 };
export const STREAMS = 500;
export const PAIRS = STREAMS / 2;
export const DAY_MS = 24 * 60 * 60_000;

/** One address per account, as live-streams.ts: no address holds more than one stream. */
export const addressOf = (n: number) => `10.37.${Math.floor(n / 250)}.${(n % 250) + 1}`;

/** The listings' photo: only its URL is computed (the inbox's thumbnail), never its file. */
const photo: Photo = { key: 'bench/conversations', width: 1600, height: 1067, widths: [400, 800] };

export const bodies = [
  'Hello, is this place still available? I would like to see it this weekend.',
  'Yes, it is still available. Saturday at 10 in the morning works for me.',
  'Is water included in the rent, and how many months of advance do you ask?',
  'Six months of advance; water and refuse collection are included.',
  'Could you send more photos of the kitchen and the bathroom, please?',
  'Thank you, see you on Saturday then.',
  'Is there parking for one car? My office is in Airport City, so I drive every day, and ' +
    'the last place I rented had none: I had to leave the car at a neighbour’s for a fee.',
  'The landlord agreed to paint the bedroom before you move in.',
  'Can we do the viewing after work, around 6 pm?',
  'Sure, call me when you are at the junction and I will come out to meet you.',
];

// ---------------------------------------------------------------------------------------------
// The database: throwaway, migrated, loaded.

/** A new database on the configured server (or a cluster of its own), dropped at cleanup. */
export async function throwawayDatabase(): Promise<{ url: string; where: string }> {
  const configured = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  const adminUrl = configured || (await startPostgresCluster()).url;
  const name = `abode_bench_conversations_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  onCleanup(`drop database ${name}`, async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const host = new URL(adminUrl).host;
  return {
    url: url.toString(),
    where: `database ${name} on ${configured ? host : `a throwaway cluster (${host})`}`,
  };
}

/** Accounts with a verified e-mail, in the order of their numbers. */
async function addUsers(
  db: Database,
  prefix: string,
  count: number,
  userType: 'renter' | 'owner' | 'both',
): Promise<string[]> {
  const firstNames = [
    'Kofi',
    'Ama',
    'Yaw',
    'Esi',
    'Kwame',
    'Abena',
    'Kojo',
    'Efua',
    'Nana',
    'Adjoa',
  ];
  const rows = await rowsOf<{ id: string; email: string }>(
    db,
    sql`
    INSERT INTO users (email, password_hash, first_name, last_name, user_type, email_verified,
      phone_verified, identity_verified_at, created_at)
    SELECT ${prefix} || '.' || g || '@example.com', 'no password: the benchmark makes sessions',
      (${sql.param(firstNames)}::text[])[1 + g % ${firstNames.length}], 'Bench ' || g,
      ${userType}, true, g % 3 = 0, CASE WHEN g % 4 = 0 THEN now() END,
      now() - interval '120 days'
    FROM generate_series(0, ${count - 1}) AS g
    RETURNING id, email`,
  );
  const number = (email: string) => Number(/\.(\d+)@/.exec(email)![1]);
  return rows.sort((a, b) => number(a.email) - number(b.email)).map((row) => row.id);
}

/** Sessions for these accounts, as signing in makes them: the cookie of each. */
async function addSessions(db: Database, userIds: string[]): Promise<string[]> {
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  await db.execute(sql`
    INSERT INTO sessions (token_hash, user_id)
    SELECT * FROM unnest(${sql.param(tokens.map(hashToken))}::text[], ${sql.param(userIds)}::uuid[])`);
  return tokens.map((token) => `${SESSION_COOKIE}=${token}`);
}

/** The listings of each owner (seed-bulk.ts gives owner i the listings i, i + n, …). */
async function listingsOf(db: Database, ownerIds: string[]): Promise<Map<string, string[]>> {
  const rows = await rowsOf<{ id: string; owner_id: string }>(
    db,
    sql`
    SELECT id, owner_id FROM properties WHERE owner_id = ANY(${sql.param(ownerIds)}::uuid[])
    ORDER BY created_at`,
  );
  const byOwner = new Map<string, string[]>();
  for (const row of rows) byOwner.set(row.owner_id, [...(byOwner.get(row.owner_id) ?? []), row.id]);
  return byOwner;
}

type Plan = {
  propertyId: string;
  renterId: string;
  listerId: string;
  startedAt: Date;
  stepMinutes: number;
  messages: number;
  /** Who sent the last two messages, unread by the other side (null: none of that). */
  unreadTailFrom: string | null;
  /** The last message is unread when this party sent it (the other has not looked yet). */
  lastUnreadFrom: string | null;
};

/**
 * Conversations with their messages, generated by the database, then each conversation's
 * inbox columns (last message, each side's unread count, first reply) worked out from its
 * messages, so they agree as the server's writes keep them.
 */
async function addConversations(db: Database, plans: Plan[]): Promise<string[]> {
  const column = <T>(pick: (plan: Plan) => T) => sql.param(plans.map(pick));
  const rows = await rowsOf<{ id: string; n: number }>(
    db,
    sql`
    WITH plan AS (
      SELECT * FROM unnest(
        ${column((p) => p.propertyId)}::uuid[], ${column((p) => p.renterId)}::uuid[],
        ${column((p) => p.listerId)}::uuid[],
        ${column((p) => p.startedAt.toISOString())}::timestamptz[]
      ) WITH ORDINALITY AS p(property_id, renter_id, lister_id, started_at, n)
    ), made AS (
      INSERT INTO conversations (property_id, renter_id, lister_id, property_title, property_city,
        property_image, created_at, last_message_at, last_message_body, last_message_sender_id)
      SELECT p.property_id, p.renter_id, p.lister_id, l.title, l.city,
        '/files/bench/conversations-400.webp', p.started_at, p.started_at, '', p.renter_id
      FROM plan p JOIN properties l ON l.id = p.property_id
      RETURNING id, property_id, renter_id
    )
    SELECT made.id, plan.n::int AS n FROM made
    JOIN plan ON plan.property_id = made.property_id AND plan.renter_id = made.renter_id`,
  );
  const ids: string[] = [];
  for (const row of rows) ids[row.n - 1] = row.id;

  await db.execute(sql`
    WITH plan AS (
      SELECT * FROM unnest(
        ${sql.param(ids)}::uuid[], ${column((p) => p.startedAt.toISOString())}::timestamptz[],
        ${column((p) => p.stepMinutes)}::int[], ${column((p) => p.messages)}::int[],
        ${column((p) => p.unreadTailFrom)}::uuid[], ${column((p) => p.lastUnreadFrom)}::uuid[]
      ) WITH ORDINALITY AS p(conversation_id, started_at, step_minutes, messages,
        unread_tail_from, last_unread_from, n)
    )
    INSERT INTO conversation_messages (conversation_id, sender_id, body, sent_at, read_at)
    SELECT conversation_id, sender_id, body, sent_at,
      CASE WHEN unread THEN NULL ELSE least(sent_at + interval '7 minutes', now()) END
    FROM (
      SELECT p.conversation_id, s.sender_id,
        (${sql.param(bodies)}::text[])[1 + (k * 7 + p.n::int) % ${bodies.length}] AS body,
        p.started_at + (k - 1) * p.step_minutes * interval '1 minute' AS sent_at,
        (p.unread_tail_from IS NOT NULL AND k > p.messages - 2)
          OR (k = p.messages AND s.sender_id = p.last_unread_from) AS unread
      FROM plan p
      JOIN conversations c ON c.id = p.conversation_id
      CROSS JOIN LATERAL generate_series(1, p.messages) AS k
      CROSS JOIN LATERAL (
        SELECT CASE
          WHEN p.unread_tail_from IS NOT NULL AND k > p.messages - 2 THEN p.unread_tail_from
          WHEN k % 2 = 1 THEN c.renter_id ELSE c.lister_id END AS sender_id
      ) AS s
    ) AS m`);
  await settleConversations(db, ids);
  return ids;
}

/** Each conversation's inbox columns, from its messages (after loading, after a round). */
export async function settleConversations(db: Database, ids: string[]): Promise<void> {
  await db.execute(sql`
    UPDATE conversations c SET
      last_message_at = l.sent_at, last_message_body = l.body, last_message_sender_id = l.sender_id,
      renter_unread = u.renter_unread, lister_unread = u.lister_unread,
      first_reply_at = u.first_reply_at
    FROM (
      SELECT DISTINCT ON (conversation_id) conversation_id, sent_at, body, sender_id
      FROM conversation_messages WHERE conversation_id = ANY(${sql.param(ids)}::uuid[])
      ORDER BY conversation_id, sent_at DESC, id DESC
    ) AS l, (
      SELECT m.conversation_id,
        count(*) FILTER (WHERE m.read_at IS NULL AND m.sender_id <> cc.renter_id)::int AS renter_unread,
        count(*) FILTER (WHERE m.read_at IS NULL AND m.sender_id = cc.renter_id)::int AS lister_unread,
        min(m.sent_at) FILTER (WHERE m.sender_id = cc.lister_id) AS first_reply_at
      FROM conversation_messages m JOIN conversations cc ON cc.id = m.conversation_id
      WHERE m.conversation_id = ANY(${sql.param(ids)}::uuid[])
      GROUP BY m.conversation_id
    ) AS u
    WHERE c.id = l.conversation_id AND c.id = u.conversation_id`);
}

/** 1 000 conversations of 10 to 90 messages, 50 000 in all, one a counterpart each. */
function busyUserPlans(
  busy: string,
  busyListings: string[],
  counterparts: string[],
  theirListing: Map<string, string[]>,
  now: number,
): Plan[] {
  const counts = Array.from({ length: CONVERSATIONS }, (_, n) => 10 + ((n * 37) % 81));
  let excess = counts.reduce((sum, c) => sum + c, 0) - MESSAGES;
  for (let n = 0; excess !== 0; n = (n + 1) % CONVERSATIONS) {
    counts[n]! += excess > 0 ? -1 : 1;
    excess += excess > 0 ? -1 : 1;
  }
  return counts.map((messages, n) => {
    const other = counterparts[n]!;
    const asLister = n < CONVERSATIONS / 2;
    // Started over 90 days (the last 12 kept for the longest, 90 messages 3 hours apart).
    const startedAt = new Date(now - 90 * DAY_MS + (((n * 7727) % 1000) / 1000) * 78 * DAY_MS);
    return {
      propertyId: asLister ? busyListings[n % busyListings.length]! : theirListing.get(other)![0]!,
      renterId: asLister ? other : busy,
      listerId: asLister ? busy : other,
      startedAt,
      stepMinutes: 5 + ((n * 7919) % 175),
      messages,
      unreadTailFrom: n % UNREAD_EVERY === 0 ? other : null,
      lastUnreadFrom: n % 7 === 3 ? busy : null,
    };
  });
}

export type Loaded = {
  busyCookie: string;
  conversationIds: string[];
  /** The busy user's conversations with nothing unread (reading them writes nothing). */
  readIds: string[];
  /** Those with two unread messages (reading them marks them read). */
  unreadIds: string[];
  /** Conversation and message: the page before the 50th newest message. */
  olderPages: [string, string][];
  /** Stream holders: renter 2i and lister 2i + 1 of pair i, in conversation pairIds[i]. */
  streamUserIds: string[];
  streamCookies: string[];
  pairIds: string[];
};

export async function load(db: Database): Promise<Loaded> {
  const now = Date.now();
  const [busy] = await addUsers(db, 'bench.busy', 1, 'both');
  const counterparts = await addUsers(db, 'bench.counterpart', CONVERSATIONS, 'both');
  const streamUserIds = await addUsers(db, 'bench.stream', STREAMS, 'renter');
  const streamListers = streamUserIds.filter((_, i) => i % 2 === 1);
  await db.execute(sql`
    UPDATE users SET user_type = 'owner' WHERE id = ANY(${sql.param(streamListers)}::uuid[])`);

  const bgOwners = await addUsers(db, 'bench.owner', BACKGROUND.owners, 'owner');
  const bgRenters = await addUsers(db, 'bench.renter', BACKGROUND.renters, 'renter');

  // 25 listings of the busy user, one of each counterpart it rents from, of each lister of a
  // pair and of each other owner (the live ones join the search index the server loads).
  const others = counterparts.slice(CONVERSATIONS / 2);
  let listingNumber = 1;
  const ownersAndCounts: [string[], number][] = [
    [[busy!], 25],
    [others, others.length],
    [streamListers, PAIRS],
    [bgOwners, bgOwners.length],
  ];
  for (const [owners, count] of ownersAndCounts) {
    await seedSyntheticListings(db, count, owners, [photo], { firstNumber: listingNumber });
    listingNumber += count;
  }
  const busyListings = (await listingsOf(db, [busy!])).get(busy!)!;
  const theirListing = await listingsOf(db, [...others, ...streamListers, ...bgOwners]);

  const plans = busyUserPlans(busy!, busyListings, counterparts, theirListing, now);
  // Each pair: the renter's enquiry of yesterday, not read yet.
  for (let i = 0; i < PAIRS; i++) {
    const [renter, lister] = [streamUserIds[2 * i]!, streamUserIds[2 * i + 1]!];
    plans.push({
      propertyId: theirListing.get(lister)![0]!,
      renterId: renter,
      listerId: lister,
      startedAt: new Date(now - DAY_MS),
      stepMinutes: 0,
      messages: 1,
      unreadTailFrom: null,
      lastUnreadFrom: renter,
    });
  }
  for (let i = 0; i < BACKGROUND.conversations; i++) {
    // Renter i % 3 500 asks about the listing of owner ⌊i / 20⌋ % 500: no pair twice.
    const lister = bgOwners[Math.floor(i / 20) % bgOwners.length]!;
    plans.push({
      propertyId: theirListing.get(lister)![0]!,
      renterId: bgRenters[i % bgRenters.length]!,
      listerId: lister,
      startedAt: new Date(now - 90 * DAY_MS + (((i * 7727) % 10_000) / 10_000) * 88 * DAY_MS),
      stepMinutes: 30,
      messages: BACKGROUND.messages,
      unreadTailFrom: null,
      lastUnreadFrom: i % 3 === 0 ? lister : null,
    });
  }
  const ids = await addConversations(db, plans);
  const conversationIds = ids.slice(0, CONVERSATIONS);
  const pairIds = ids.slice(CONVERSATIONS, CONVERSATIONS + PAIRS);
  const olderRows = await rowsOf<{ conversation_id: string; id: string }>(
    db,
    sql`
    SELECT conversation_id, id FROM (
      SELECT conversation_id, id,
        row_number() OVER (PARTITION BY conversation_id ORDER BY sent_at DESC, id DESC) AS rank
      FROM conversation_messages
      WHERE conversation_id = ANY(${sql.param(conversationIds)}::uuid[])
    ) AS ranked WHERE rank = 50`,
  );
  const unread = new Set(conversationIds.filter((_, n) => n % UNREAD_EVERY === 0));
  const [busyCookie, ...streamCookies] = await addSessions(db, [busy!, ...streamUserIds]);
  // Fresh statistics, and what loading dirtied written out now rather than while measuring.
  await db.execute(sql`VACUUM ANALYZE users, sessions, conversations, conversation_messages`);
  await db.execute(sql`CHECKPOINT`).catch(() => undefined);
  return {
    busyCookie: busyCookie!,
    conversationIds,
    readIds: conversationIds.filter((id) => !unread.has(id)),
    unreadIds: [...unread],
    olderPages: olderRows
      .filter((row) => !unread.has(row.conversation_id))
      .map((row) => [row.conversation_id, row.id]),
    streamUserIds,
    streamCookies,
    pairIds,
  };
}
