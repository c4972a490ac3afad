import type { WorkboxPlugin } from 'workbox-core/types';
import { PAGE_STATE_ELEMENT_ID } from '#common/page-render';
import { CACHES, type KeptAnswer } from '../../lib/offline-rules';
import {
  forgetSignedInCopiesIfAny,
  markSignedInCopies,
  SIGNED_IN_COPIES_MARK,
} from './signed-in-copies';

/**
 * How the service worker (worker/service-worker.ts) notices by itself that the session ended
 * (issue 50): every page, a visitor's included, passes through it, whether or not any script
 * of the app runs there. It marks its caches when it keeps a signed-in reader's answer or page
 * (signed-in-copies.ts), and when an answer from the server says nobody is signed in while they
 * are marked, it deletes them:
 * - a page rendered on the server for a visitor (its state's current user is null): the reader
 *   signed out, their session expired or was revoked, the cookie went;
 * - a read it keeps refused 401 `unauthenticated` (an island's request, the app's).
 * Only answers from the network count: a page it serves from its copies says nothing new.
 */

/** The current user's read (web/render-page.tsx), an API path: a 401 there is "nobody". */
const CURRENT_USER_PATH = '/api/auth/user';

/** API reads that answer only a signed-in reader (a visitor gets 401, which is never kept). */
const signedInOnly = /^\/api\/(auth\/user|favorites|saved-searches)$/;

/** Who a page was rendered for: a signed-in reader, a visitor, or not known. */
type Reader = 'someone' | 'nobody' | null;

/** The part of a rendered page's state read here (web/page-state.ts). */
type RenderedState = {
  reads?: { key?: unknown; path?: unknown }[];
  queries?: { queries?: { queryKey?: unknown; state?: { data?: unknown } }[] };
};

/**
 * Whom a page rendered on the server was rendered for, read from the state it carries
 * (`<script type="application/json" id="abode-page-state">`): a reader ('someone'), a
 * visitor ('nobody'), or null for a page that carries none (the app's shell, nobody's data).
 */
export function renderedFor(html: string): Reader {
  const opening = `id="${PAGE_STATE_ELEMENT_ID}">`;
  const start = html.indexOf(opening);
  // The state is JSON that cannot end its element early (render-page.tsx, scriptSafeJson).
  const end = start < 0 ? -1 : html.indexOf('</script>', start);
  if (end < 0) return null;
  try {
    return readerOf(JSON.parse(html.slice(start + opening.length, end)) as RenderedState);
  } catch {
    return null;
  }
}

/** Whom a page's state (web/page-state.ts) was rendered for; null when it does not say. */
export function readerOf(state: RenderedState): Reader {
  const read = state.reads?.find((r) => r.path === CURRENT_USER_PATH);
  if (!read) return null;
  const key = JSON.stringify(read.key);
  const query = state.queries?.queries?.find((q) => JSON.stringify(q.queryKey) === key);
  if (!query?.state || !('data' in query.state)) return null;
  return query.state.data == null ? 'nobody' : 'someone';
}

/** A data answer for a signed-in reader: the server sends those `no-store` (issue 34). */
export function isSignedInAnswer(pathname: string, response: Response): boolean {
  return (
    signedInOnly.test(pathname) || /\bno-store\b/.test(response.headers.get('cache-control') ?? '')
  );
}

/** Answers handed over by a page (KEEP_ANSWERS_MESSAGE) that a signed-in reader was shown. */
export function answersOfSomeone(answers: readonly KeptAnswer[]): boolean {
  return answers.some(
    (answer) => answer.path === CURRENT_USER_PATH && answer.body.trim() !== 'null',
  );
}

/** A 401 `unauthenticated`: the request came with no session, or one that has ended. */
async function refusedForWantOfASession(response: Response): Promise<boolean> {
  if (response.status !== 401) return false;
  try {
    const body = (await response.clone().json()) as { code?: unknown } | null;
    return body?.code === 'unauthenticated';
  } catch {
    return false;
  }
}

/** The event a route's answer belongs to (a page's: the navigation that brings it). */
type RouteEvent = Parameters<NonNullable<WorkboxPlugin['cacheWillUpdate']>>[0]['event'];

/** Called when the watch forgot a reader's copies: the worker tells the open pages. */
type Ended = (event: RouteEvent) => Promise<void> | void;

/**
 * For the pages route, before its other plugins: reads each page the network answered
 * (off the page's way: Workbox keeps a copy after handing the page over), marks the pages
 * cache for a reader's page and forgets a reader's copies for a visitor's. Keeps what
 * Workbox's default would (status 200), which a plugin with this callback replaces.
 */
export function watchPages(ended: Ended): WorkboxPlugin {
  return {
    cacheWillUpdate: async ({ request, response, event }) => {
      if (response.status !== 200) return null;
      if (!(response.headers.get('content-type') ?? '').includes('text/html')) return response;
      const { origin } = new URL(request.url);
      const reader = renderedFor(await response.clone().text());
      if (reader === 'someone') await markSignedInCopies(CACHES.pages, origin);
      else if (reader === 'nobody' && (await forgetSignedInCopiesIfAny(origin))) await ended(event);
      return response;
    },
  };
}

/**
 * For the data route, before its other plugins: marks the data cache for a signed-in reader's
 * answer, and forgets a reader's copies when a read is refused for want of a session. Passes
 * every answer on unchanged (the next plugin decides what is kept).
 */
export function watchData(ended: Ended): WorkboxPlugin {
  return {
    cacheWillUpdate: async ({ request, response, event }) => {
      const url = new URL(request.url);
      if (response.ok && isSignedInAnswer(url.pathname, response)) {
        await markSignedInCopies(CACHES.data, url.origin);
      } else if (
        (await refusedForWantOfASession(response)) &&
        (await forgetSignedInCopiesIfAny(url.origin))
      ) {
        await ended(event);
      }
      return response;
    },
  };
}

/**
 * Copies kept by a worker older than the mark (before issue 50) carry none: when a new worker
 * starts, it marks a cache that holds a signed-in reader's answer (or a page the server sent
 * `no-store`, which it does for a page asked with a session cookie), so their end is noticed
 * too. Reads headers only, and bodies of the current user's kept answers; once per worker.
 */
export async function markOlderCopies(origin: string): Promise<void> {
  const checks: [string, (request: Request, response: Response) => Promise<boolean>][] = [
    [
      CACHES.data,
      async (request, response) => {
        const { pathname } = new URL(request.url);
        if (pathname === CURRENT_USER_PATH) return (await response.text()).trim() !== 'null';
        return isSignedInAnswer(pathname, response);
      },
    ],
    [
      CACHES.pages,
      async (_request, response) =>
        /\bno-store\b/.test(response.headers.get('cache-control') ?? ''),
    ],
  ];
  for (const [name, signedIn] of checks) {
    if (!(await caches.has(name))) continue;
    const cache = await caches.open(name);
    if (await cache.match(new URL(SIGNED_IN_COPIES_MARK, origin).href)) continue;
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      if (response && (await signedIn(request, response))) {
        await markSignedInCopies(name, origin);
        break;
      }
    }
  }
}
