import { randomInt } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../db/client';
import { shortLinks } from '../db/link-schema';
import { escapeHtml } from './escape-html';
import { ipLimit } from './rate-limits';

/**
 * Short links for text messages (issue 21): one SMS segment has room for a sentence and a
 * link or two of ~30 characters, not a signed address of 150. `shorten` stores a path of this
 * site under a random code; GET /l/<code> redirects to it until it expires.
 */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 56^8 ≈ 10^14 codes: guessing a live one is hopeless within the per-IP limit. */
const CODE_LENGTH = 8;
// Short links in text messages: a person taps a few; a guesser tries thousands of codes.
const shortLinksPerIp = { max: 300, timeWindow: 60 * 60_000 } as const;

export type ShortLinks = {
  /** The full short address of `path` (which must start with "/"), kept `days` days. */
  shorten(path: string, options: { days: number; now: Date; db?: Database }): Promise<string>;
};

/**
 * A path of this site as a message's link: the full address in an e-mail, a short link in a
 * text message (one segment), without "https://", as phones make "abode.com.gh/l/…" a link all
 * the same. Kept `days` days (30 unless told).
 */
export async function messageLink(
  links: ShortLinks,
  publicUrl: string,
  channel: 'email' | 'sms',
  path: string,
  options: { now: Date; db?: Database; days?: number },
): Promise<string> {
  if (channel === 'email') return new URL(path, publicUrl).toString();
  const short = await links.shorten(path, {
    days: options.days ?? 30,
    now: options.now,
    db: options.db,
  });
  return short.replace(/^https:\/\//, '');
}

export function createShortLinks(db: Database, publicUrl: string): ShortLinks {
  return {
    async shorten(path, options) {
      if (!path.startsWith('/') || path.startsWith('//')) {
        throw new Error(`short links lead to this site only, not ${path}`);
      }
      const code = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
      const expiresAt = new Date(options.now.getTime() + options.days * 24 * 3600_000);
      await (options.db ?? db)
        .insert(shortLinks)
        .values({ code: code.join(''), target: path, createdAt: options.now, expiresAt });
      return new URL(`/l/${code.join('')}`, publicUrl).toString();
    },
  };
}

/** Forgets expired short links (the hourly sweep). */
export async function deleteExpiredShortLinks(db: Database, now = new Date()): Promise<number> {
  const gone = await db
    .delete(shortLinks)
    .where(lt(shortLinks.expiresAt, now))
    .returning({ code: shortLinks.code });
  return gone.length;
}

/**
 * GET /l/:code: 302 to the stored path; an unknown or expired code answers a short page that
 * says so (a person tapped it on a phone: JSON would mean nothing to them).
 */
export function registerShortLinkRoute(app: FastifyInstance, db: Database, clock: () => Date) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/l/:code',
    {
      config: ipLimit(shortLinksPerIp),
      // A page a person opens, not an API operation: out of the API document (and its fuzz).
      schema: { hide: true, params: z.object({ code: z.string().max(32) }) },
    },
    async (request, reply) => {
      const [link] = await db
        .select({ target: shortLinks.target })
        .from(shortLinks)
        .where(and(eq(shortLinks.code, request.params.code), gt(shortLinks.expiresAt, clock())));
      if (link) return reply.header('cache-control', 'no-store').redirect(link.target, 302);
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Abode</title>` +
            `<p style="font:16px/1.5 sans-serif;margin:2em">${escapeHtml('This link has expired or does not exist.')} <a href="/">Abode</a></p>`,
        );
    },
  );
}
