import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import {
  DATA_SAVER_COOKIE,
  LANGUAGE_COOKIE,
  type PageRead,
  type PageRenderer,
  type RenderedPage,
} from '#common/page-render';
import { isLanguageCode } from '#common/languages';
import { BoundedCache } from './bounded-cache';
import { explicitRequestLocale } from './notifier';

/** Where the build writes the web app's server renderer, beside the web app (vite.config.ts). */
export function pageRendererFile(webRoot: string): string {
  return path.join(webRoot, '..', 'ssr', 'render-page.mjs');
}

/**
 * The web app's server renderer, when the build wrote one beside the web app. Without it (a
 * checkout that has not built, tests) pages are served as before: the browser renders them.
 */
export async function loadPageRenderer(
  webRoot: string,
  log: FastifyBaseLogger,
): Promise<PageRenderer | undefined> {
  const file = pageRendererFile(webRoot);
  if (!fs.existsSync(file)) return undefined;
  try {
    return (await import(pathToFileURL(file).href)) as PageRenderer;
  } catch (error) {
    log.error({ err: error, file }, 'the page renderer did not load: pages render in the browser');
    return undefined;
  }
}

/** A page rendered on the server, and the language it is written in. */
export type ServerRenderedPage = RenderedPage & { language: string };

/** The language to render in: the reader's choice (a cookie the web app sets), else their browser's. */
export function pageLanguage(request: FastifyRequest): string {
  const chosen = request.cookies[LANGUAGE_COOKIE];
  if (chosen && isLanguageCode(chosen)) return chosen;
  return explicitRequestLocale(request) ?? 'en';
}

/** Data saver as the browser will apply it: the reader's switch, else the browser's Save-Data. */
export function pageDataSaver(request: FastifyRequest): boolean {
  const chosen = request.cookies[DATA_SAVER_COOKIE];
  if (chosen === 'on' || chosen === 'off') return chosen === 'on';
  return request.headers['save-data'] === 'on';
}

type Answer = { ok: true; data: unknown } | { ok: false };

export type PageRenderOptions = {
  /**
   * What visitors' pages are kept under: changes whenever what they show may have changed
   * (ListingSearch.pagesVersion); null when that cannot be told, and nothing is kept.
   */
  pagesVersion: () => string | null;
  /** Whether the request is surely a visitor's (no session cookie): only those are kept. */
  isVisitor: (request: FastifyRequest) => boolean;
};

/**
 * A visitor's page is the same for every visitor with the same address, language and data
 * saver, until the listings change: kept for a minute (the "confirmed 3 days ago" lines age)
 * and 16 MB at most, rendering costs about 10 ms of CPU a page (docs/performance.md).
 */
const KEPT_MS = 60_000;
const KEPT_BYTES = 16 * 1024 * 1024;

/**
 * Renders the page a request is for, with the answers of the API's own routes (asked in
 * process, as the reader: their cookie, language and address, so rate limits and access rules
 * apply as if the browser had asked). Null when the page is not one the server renders or a
 * read it needs failed: the browser then renders it, as it always could. Visitors' pages are
 * kept (above), and one render serves the visitors asking for the same page at once.
 */
export function serverPageRender(
  app: FastifyInstance,
  renderer: PageRenderer,
  options: PageRenderOptions,
) {
  const kept = new BoundedCache<string, RenderedPage>(
    KEPT_BYTES,
    (page) => page.html.length + page.state.length,
    KEPT_MS,
  );
  const rendering = new Map<string, Promise<ServerRenderedPage | null>>();

  return async function renderPage(request: FastifyRequest): Promise<ServerRenderedPage | null> {
    const reads = renderer.reads(request.url);
    if (!reads) return null;
    const language = pageLanguage(request);
    const dataSaver = pageDataSaver(request);
    const version = options.isVisitor(request) ? options.pagesVersion() : null;
    if (version === null) return renderFresh(request, reads, language, dataSaver);

    const key = `${version}\n${language}\n${dataSaver}\n${request.url}`;
    const page = kept.get(key);
    if (page) return { ...page, language };
    let pending = rendering.get(key);
    if (!pending) {
      pending = renderFresh(request, reads, language, dataSaver).finally(() =>
        rendering.delete(key),
      );
      rendering.set(key, pending);
      void pending.then(
        (rendered) => {
          // Kept only if nothing changed while it was put together.
          if (rendered && options.pagesVersion() === version) kept.set(key, rendered);
        },
        () => undefined,
      );
    }
    return pending;
  };

  async function renderFresh(
    request: FastifyRequest,
    reads: PageRead[],
    language: string,
    dataSaver: boolean,
  ): Promise<ServerRenderedPage | null> {
    const ask = async (read: PageRead): Promise<Answer> => {
      const response = await app.inject({
        method: 'GET',
        url: read.path,
        headers: {
          accept: 'application/json',
          'accept-language': language,
          ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
          ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
        },
        remoteAddress: request.ip,
      });
      if (response.statusCode === 401 && read.nullOn401) return { ok: true, data: null };
      if (response.statusCode !== 200) return { ok: false };
      return { ok: true, data: response.json() };
    };

    const answers: Promise<Answer | null>[] = [];
    reads.forEach((read) => {
      const target = read.fallbackFor;
      if (target === undefined) {
        answers.push(ask(read));
        return;
      }
      // Asked only when the read it stands in for failed or found nothing.
      answers.push(
        answers[target]!.then((first) =>
          first?.ok && !(Array.isArray(first.data) && first.data.length === 0) ? null : ask(read),
        ),
      );
    });
    const settled = await Promise.all(answers);

    const data: { key: readonly unknown[]; data: unknown }[] = [];
    for (const [index, answer] of settled.entries()) {
      const read = reads[index]!;
      if (answer?.ok) data.push({ key: read.key, data: answer.data });
      // A fallback's failure or a missing optional read leaves it to the browser.
      else if (answer && !read.optional && read.fallbackFor === undefined) return null;
    }
    const page = await renderer.render({ url: request.url, language, dataSaver, answers: data });
    return { ...page, language };
  }
}
