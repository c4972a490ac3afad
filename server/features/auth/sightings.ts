import { createHash, randomBytes } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { BoundedCache } from '../../lib/bounded-cache';
import { isLoopback } from '../../lib/loopback-only';
import { accountSightings } from './schema';

/**
 * Where an account is used from (issue 50): the address and the device of each day it is
 * used, so that a review whose author and lister share one in the 30 days before the viewing
 * does not count (features/reviews/independence.ts). The device is a long-lived random cookie
 * set by a successful sign-in or sign-up; only its SHA-256 is kept. Recorded at sign-in and on
 * a signed-in request, once a day per account, address and device: a server remembers what it
 * recorded today, so a page view costs no write.
 */
export const DEVICE_COOKIE = 'abode_device';
const DEVICE_COOKIE_DAYS = 730;
/** How long sightings are kept: the 30 days before a viewing, for a review within 30 days after. */
export const SIGHTING_DAYS = 60;

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

/** The device id the request brings, or ''. */
export function deviceCookieOf(request: FastifyRequest): string {
  const existing = request.cookies[DEVICE_COOKIE];
  return existing && /^[A-Za-z0-9_-]{16,64}$/.test(existing) ? existing : '';
}

/** The request's device id, or a new one (`fresh`) when it brings none. */
export function deviceOf(request: FastifyRequest): { device: string; fresh: boolean } {
  const existing = deviceCookieOf(request);
  if (existing) return { device: existing, fresh: false };
  return { device: randomBytes(18).toString('base64url'), fresh: true };
}

/** Gives the browser its device cookie, with a sign-in's answer only (never an error's). */
export function rememberDevice(reply: FastifyReply, device: string, secure: boolean): void {
  reply.setCookie(DEVICE_COOKIE, device, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
}

/** The sightings this server wrote today (a key per account, day, address and device). */
const recorded = new BoundedCache<string, true>(50_000, () => 1, 86_400_000);

/** Records that `userId` used Abode today from `address` on `device`. */
export async function recordSighting(
  db: Database,
  userId: string,
  address: string,
  device: string,
  now: Date,
): Promise<void> {
  // This machine's own address says nothing of who asks (a development server, a proxy whose
  // clients' addresses the server is not told of): not recorded.
  if (isLoopback(address)) return;
  const day = now.toISOString().slice(0, 10);
  const deviceHash = device ? hash(device) : '';
  const key = `${userId}|${day}|${address}|${deviceHash}`;
  if (recorded.get(key, now.getTime())) return;
  await db
    .insert(accountSightings)
    .values({ userId, day, address, deviceHash })
    .onConflictDoNothing();
  recorded.set(key, true, now.getTime());
}

/** Forgets sightings past SIGHTING_DAYS (the hourly sweep). */
export async function deleteOldSightings(db: Database, now = new Date()): Promise<void> {
  const edge = new Date(now.getTime() - SIGHTING_DAYS * 86_400_000).toISOString().slice(0, 10);
  await db.delete(accountSightings).where(lt(accountSightings.day, edge));
}
