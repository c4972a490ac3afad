/**
 * The web app's server renderer (issue 22; decision 020): the home page, search and a listing
 * arrive as HTML that already shows the listings, so a reader on a slow phone reads them
 * before any script has run (a lister's page and the legal pages too); web/main.tsx then
 * hydrates that HTML. Built by vite.config.ts into dist/ssr/render-page.mjs, which the server
 * loads beside the built web app (server/lib/page-render.ts); the contract is
 * common/page-render.ts.
 */
// First: configures Zod before any module builds a schema (see the module).
import './lib/zod-config';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import i18next, { type i18n } from 'i18next';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { PageRead, PageRenderInput, RenderedPage } from '#common/page-render';
import { AppProviders } from './app';
import { currentUserKey } from './features/auth';
import { listerPageReads } from './features/listers';
import { legalPageReads } from './features/pages';
import { listingPageReads } from './features/properties';
import { LEGAL_NAMESPACE, languages, SCREENS_NAMESPACE, type LanguageCode } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import type { PageState } from './page-state';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import zh from './locales/zh.json';
import screensDe from './locales/screens/de.json';
import screensEn from './locales/screens/en.json';
import screensEs from './locales/screens/es.json';
import screensFr from './locales/screens/fr.json';
import screensZh from './locales/screens/zh.json';
import legalDe from './locales/legal/de.json';
import legalEn from './locales/legal/en.json';
import legalEs from './locales/legal/es.json';
import legalFr from './locales/legal/fr.json';
import legalZh from './locales/legal/zh.json';

const translations: Record<LanguageCode, object> = { en, es, fr, de, zh };
// A signed-in reader's home page is a lazy screen; any screen's words are at hand here.
const screens: Record<LanguageCode, object> = {
  en: screensEn,
  es: screensEs,
  fr: screensFr,
  de: screensDe,
  zh: screensZh,
};
// The legal pages (issue 51), which the browser loads on demand, are rendered here too.
const legal: Record<LanguageCode, object> = {
  en: legalEn,
  es: legalEs,
  fr: legalFr,
  de: legalDe,
  zh: legalZh,
};

/** One i18next instance per language, made on first use and kept: rendering only reads them. */
const instances = new Map<LanguageCode, i18n>();

function translator(language: LanguageCode): i18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = i18next.createInstance();
    // Synchronous: every text is here already, so the first render needs no wait.
    void instance.init({
      lng: language,
      resources: {
        en: { translation: en, [SCREENS_NAMESPACE]: screensEn, [LEGAL_NAMESPACE]: legalEn },
        [language]: {
          translation: translations[language],
          [SCREENS_NAMESPACE]: screens[language],
          [LEGAL_NAMESPACE]: legal[language],
        },
      },
      ns: ['translation', SCREENS_NAMESPACE, LEGAL_NAMESPACE],
      defaultNS: 'translation',
      fallbackNS: SCREENS_NAMESPACE,
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
    instances.set(language, instance);
  }
  return instance;
}

function supported(language: string): LanguageCode {
  return languages.find((l) => l.code === language)?.code ?? 'en';
}

/** The reads of the page at `url` (its path and query), or null when it is not rendered here. */
export function reads(url: string): PageRead[] | null {
  const { pathname, searchParams } = new URL(url, 'http://abode.invalid');
  const page =
    listingPageReads(pathname, searchParams) ??
    listerPageReads(pathname) ??
    legalPageReads(pathname);
  if (!page) return null;
  // Every page shows who is signed in (the header); a visitor's answer is 401, that is null.
  return [{ key: currentUserKey, path: '/api/auth/user', nullOn401: true }, ...page];
}

/** JSON that cannot end the `<script>` element it sits in, nor open a comment there. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

declare const ABODE_BOOT_SCRIPT: string | undefined;
/**
 * The boot script's path in the build (written in by vite.config.ts when it bundles this file),
 * which a visitor's page starts with instead of the whole app (decision 030). Unbuilt (tests),
 * there is none and every page starts the app.
 */
const bootScript = typeof ABODE_BOOT_SCRIPT === 'string' ? ABODE_BOOT_SCRIPT : null;

/** Longer than any page takes (a few milliseconds); a stuck render is left to the browser. */
const RENDER_TIMEOUT_MS = 2_000;

/**
 * The page's HTML once everything in it has rendered, the parts the browser loads lazily too
 * (the signed-in reader's menu, their home page): React's `prerender` waits for them where
 * `renderToString` would write a fallback the browser then has to redraw.
 */
export async function render({
  url,
  language,
  dataSaver,
  answers,
}: PageRenderInput): Promise<RenderedPage> {
  const queryClient: QueryClient = createQueryClient();
  for (const { key, data } of answers) queryClient.setQueryData(key, data);
  const code = supported(language);
  const router = (app: ReactNode) => <StaticRouter location={url}>{app}</StaticRouter>;
  const { prelude } = await prerender(
    <AppProviders
      queryClient={queryClient}
      i18n={translator(code)}
      router={router}
      renderedDataSaver={dataSaver}
    />,
    {
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );
  const html = await new Response(prelude).text();
  const pageReads = (reads(url) ?? []).map(({ key, path }) => ({ key, path }));
  const visitor = queryClient.getQueryData(currentUserKey) === null;
  const state: PageState = {
    url,
    language: code,
    dataSaver,
    reads: pageReads,
    queries: dehydrate(queryClient),
  };
  queryClient.clear();
  return { html, state: scriptSafeJson(state), script: visitor ? bootScript : null };
}
