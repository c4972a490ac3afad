/**
 * The writes the scenarios make (sign-ups, photo uploads, listings, favourites), each entered
 * in the ledger only when its 2xx answer arrived, and the set-up they need (an administrator,
 * live listings).
 */
import { expectStatus, json, listingBody, VirtualUser, type Answer, type Recorder } from './client';
import { check } from './harness';
import type { Ledger } from './ledger';
import type { Mailbox } from './mailbox';

export const PASSWORD = 'Resilience-run-2026!';
export const ADMIN_EMAIL = 'resilience-admin@example.com';
export const ADMIN_PASSWORD = 'Resilience-admin-2026!';

let sequence = 0;
const runId = Date.now().toString(36);

/** A fresh address for each sign-up, so the per-IP sign-up limit (20 an hour) is not what we test. */
export function nextIp(block: number): string {
  sequence += 1;
  return `10.${block}.${Math.floor(sequence / 250) % 250}.${(sequence % 250) + 1}`;
}

export function nextEmail(prefix: string): string {
  sequence += 1;
  return `${prefix}.${runId}.${sequence}@example.com`;
}

/** How long a writer waits for its sign-up's code before its first photo upload. */
const CODE_WAIT_MS = 5_000;

export type WriteKind = 'sign-up' | 'upload' | 'listing' | 'favourite';

export const writeRoutes: Record<WriteKind, string> = {
  'sign-up': 'POST /api/auth/register',
  upload: 'POST /api/upload/property-images',
  listing: 'POST /api/properties',
  favourite: 'POST /api/favorites/:id',
};

export type WriteContext = {
  ledger: Ledger;
  jpeg: Buffer;
  liveListingIds: readonly string[];
  random: () => number;
  /** The second octet of sign-up addresses (10.<block>.x.y). */
  ipBlock: number;
  /** Where the server's e-mail arrives: the sign-up codes that verify the writers. */
  mailbox: Mailbox;
};

/**
 * One write of `kind` as `user`; enters it in the ledger when acknowledged. Answers every
 * answer it got (a listing is an upload, then the listing). Throws TransportError.
 *
 * Photo uploads need a verified e-mail (issue 50): before its first upload a writer verifies
 * its address with the code its sign-up e-mailed, waiting up to CODE_WAIT_MS for it. One
 * still unverified then (the code not there yet, the database down) makes no photo write
 * this time and answers no answer: its upload would only be refused (403) for a reason of
 * the scenario's own, not the server's.
 */
export async function write(
  user: VirtualUser,
  kind: WriteKind,
  ctx: WriteContext,
): Promise<Answer[]> {
  const { ledger } = ctx;
  if (kind === 'sign-up' || !user.cookie) {
    const answer = await user.signUp(
      { email: nextEmail('writer'), password: PASSWORD, userType: 'owner' },
      writeRoutes['sign-up'],
      nextIp(ctx.ipBlock),
    );
    if (answer.status === 201) ledger.users.add(user.userId!);
    return [answer];
  }
  if (kind === 'favourite') {
    const id = ctx.liveListingIds[Math.floor(ctx.random() * ctx.liveListingIds.length)]!;
    const answer = await user.send(writeRoutes.favourite, 'POST', `/api/favorites/${id}`);
    if (answer.status === 200) ledger.favourites.add(`${user.userId} ${id}`);
    return [answer];
  }
  if (!user.emailVerified) {
    await user.verifyEmail(ctx.mailbox, 'POST /api/auth/verify-email-code', CODE_WAIT_MS);
    if (!user.emailVerified) return [];
  }
  const upload = await user.uploadJpeg(ctx.jpeg, writeRoutes.upload);
  if (upload.status !== 201) return [upload];
  const images = json<{ images: string[] }>(upload).images;
  for (const url of images) ledger.uploads.add(url);
  if (kind === 'upload') return [upload];
  const created = await user.send(writeRoutes.listing, 'POST', '/api/properties', {
    json: listingBody(images, ctx.random),
  });
  if (created.status === 201) ledger.listings.set(json<{ id: string }>(created).id, images);
  return [upload, created];
}

/** Signs the configured administrator in (ADMIN_EMAIL / ADMIN_PASSWORD of the server). */
export async function signInAdmin(baseUrl: string): Promise<VirtualUser> {
  const admin = new VirtualUser(baseUrl, '10.250.0.1');
  admin.email = ADMIN_EMAIL;
  admin.password = ADMIN_PASSWORD;
  expectStatus(await admin.signIn('setup'), 200, 'administrator sign-in');
  return admin;
}

/**
 * `count` live listings: owners verify their e-mail (with the code from `mailbox`: photo
 * uploads need it), upload a photo and list, the administrator approves. Answers their ids.
 */
export async function createLiveListings(
  baseUrl: string,
  count: number,
  jpeg: Buffer,
  random: () => number,
  mailbox: Mailbox,
  recorder?: Recorder,
): Promise<string[]> {
  const admin = await signInAdmin(baseUrl);
  const ids: string[] = [];
  const owners = Math.max(1, Math.ceil(count / 5));
  for (let o = 0; o < owners && ids.length < count; o++) {
    const owner = new VirtualUser(baseUrl, `10.251.0.${o + 1}`, recorder);
    expectStatus(
      await owner.signUp(
        { email: nextEmail('owner'), password: PASSWORD, userType: 'owner' },
        'setup',
      ),
      201,
      'owner sign-up',
    );
    await verifiedEmail(owner, mailbox);
    for (let i = 0; i < 5 && ids.length < count; i++) {
      const upload = expectStatus(await owner.uploadJpeg(jpeg, 'setup'), 201, 'photo upload');
      const created = expectStatus(
        await owner.send('setup', 'POST', '/api/properties', {
          json: listingBody(json<{ images: string[] }>(upload).images, random),
        }),
        201,
        'listing creation',
      );
      const id = json<{ id: string }>(created).id;
      expectStatus(
        await admin.send('setup', 'POST', `/api/admin/properties/${id}/approve`),
        200,
        'listing approval',
      );
      ids.push(id);
    }
    owner.close();
  }
  admin.close();
  return ids;
}

/** Set-up: `user` verifies its e-mail with the code its sign-up sent, waiting for it. */
export async function verifiedEmail(user: VirtualUser, mailbox: Mailbox): Promise<void> {
  const answer = await user.verifyEmail(mailbox, 'setup', 30_000);
  check(answer !== undefined, `no code reached ${user.email} within 30 s`);
  expectStatus(answer, 200, 'e-mail verification');
}
