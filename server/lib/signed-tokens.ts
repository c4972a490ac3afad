import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { signingKeys } from '../db/link-schema';

/**
 * Signed, single-purpose tokens for links that act without signing in (issue 21: a listing's
 * "Still available" / "Rented", an alert's unsubscribe). A token is its payload and an
 * HMAC-SHA256 of the purpose with the payload, both base64url: it cannot be altered, nor used
 * for another purpose, and it needs no row per link. The key lives in the database
 * (`signing_keys`), made once by whichever server needs it first, so every server agrees.
 *
 * Written on node:crypto rather than a JWT library: the payload is ours, one algorithm, no
 * header to negotiate, and the token stays short.
 */
export type SignedTokens = {
  /**
   * Reads (or makes) the key now. Signing inside a transaction on PGlite, whose one connection
   * the transaction holds, needs the key read before it.
   */
  ready(): Promise<void>;
  sign(purpose: string, payload: object): Promise<string>;
  /** The payload when the token is intact and signed for this purpose; otherwise null. */
  verify<T>(purpose: string, token: string): Promise<T | null>;
};

const KEY_ID = 'links';

export function createSignedTokens(db: Database): SignedTokens {
  let key: Promise<Buffer> | null = null;
  const keyOnce = () => {
    key ??= loadKey(db).catch((error: unknown) => {
      key = null; // a database outage now must not break links for good
      throw error;
    });
    return key;
  };
  const mac = async (purpose: string, body: string) =>
    createHmac('sha256', await keyOnce())
      .update(`${purpose}.${body}`)
      .digest();

  return {
    async ready() {
      await keyOnce();
    },
    async sign(purpose, payload) {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${(await mac(purpose, body)).toString('base64url')}`;
    },
    async verify<T>(purpose: string, token: string) {
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return null;
      const expected = await mac(purpose, body);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
      } catch {
        return null;
      }
    },
  };
}

/** The shared key: the stored one, or a new one stored by whichever server asks first. */
async function loadKey(db: Database): Promise<Buffer> {
  await db
    .insert(signingKeys)
    .values({ id: KEY_ID, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(signingKeys).where(eq(signingKeys.id, KEY_ID));
  return Buffer.from(row!.secret, 'base64url');
}
