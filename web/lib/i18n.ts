import i18next, { type LanguageDetectorModule } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_COOKIE } from '#common/page-render';
import en from '../locales/en.json';
import { rememberInCookie } from './cookies';
import { LANGUAGE_STORAGE_KEY, rememberedLanguage } from './language-storage';

export { LANGUAGE_STORAGE_KEY } from './language-storage';

export const languages = [
  { code: 'en', label: 'English', short: 'EN' },
  { code: 'es', label: 'Español', short: 'ES' },
  { code: 'fr', label: 'Français', short: 'FR' },
  { code: 'de', label: 'Deutsch', short: 'DE' },
  { code: 'zh', label: '中文', short: 'ZH' },
] as const;
export type LanguageCode = (typeof languages)[number]['code'];

const loaders: Record<Exclude<LanguageCode, 'en'>, () => Promise<unknown>> = {
  es: () => import('../locales/es.json'),
  fr: () => import('../locales/fr.json'),
  de: () => import('../locales/de.json'),
  zh: () => import('../locales/zh.json'),
};

/**
 * The `legal` namespace (privacy policy and terms of service): long texts that only the two
 * legal pages read, so every language, English too, loads on demand in a chunk of its own.
 */
export const LEGAL_NAMESPACE = 'legal';
const legalLoaders: Record<LanguageCode, () => Promise<unknown>> = {
  en: () => import('../locales/legal/en.json'),
  es: () => import('../locales/legal/es.json'),
  fr: () => import('../locales/legal/fr.json'),
  de: () => import('../locales/legal/de.json'),
  zh: () => import('../locales/legal/zh.json'),
};

/**
 * The `screens` namespace: the texts of the screens that are not among the first pages (the
 * wizard, dashboard, account, admin, sign-in and code pages…), about half of all the words.
 * Out of the first download (issue 22): those screens load it with their code
 * (`loadScreenTexts`), and `t` finds its keys without naming it (`fallbackNS`), so a screen
 * reads a key the same way wherever it lives.
 */
export const SCREENS_NAMESPACE = 'screens';
const screensLoaders: Record<LanguageCode, () => Promise<unknown>> = {
  en: () => import('../locales/screens/en.json'),
  es: () => import('../locales/screens/es.json'),
  fr: () => import('../locales/screens/fr.json'),
  de: () => import('../locales/screens/de.json'),
  zh: () => import('../locales/screens/zh.json'),
};

/**
 * The reader's language: the one they chose (remembered in localStorage), else the first of
 * the browser's languages that the app speaks (i18next picks it from the list). A few lines
 * instead of i18next-browser-languagedetector, which brings cookie, query-string and other
 * lookups the app does not use into the first download.
 */
const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => {
    // Node has no navigator before version 21 (the server renderer imports this module).
    if (typeof navigator === 'undefined') return ['en'];
    const browser = navigator.languages.length ? navigator.languages : [navigator.language];
    const chosen = rememberedLanguage();
    return chosen ? [chosen, ...browser] : [...browser];
  },
  cacheUserLanguage: (language) => {
    // The server renders pages in the same language (web/render-page.tsx).
    rememberInCookie(LANGUAGE_COOKIE, language);
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // not remembered: the browser's language decides next time
    }
  },
};

function loadResources(language: string, namespace: string): Promise<unknown> | undefined {
  if (namespace === LEGAL_NAMESPACE) return legalLoaders[language as LanguageCode]?.();
  if (namespace === SCREENS_NAMESPACE) return screensLoaders[language as LanguageCode]?.();
  return loaders[language as Exclude<LanguageCode, 'en'>]?.();
}

/**
 * English is bundled (it is the source and the fallback); the other languages load on demand,
 * so a visitor downloads only the one they read (and the `legal` namespace only on its pages).
 * The choice is remembered in localStorage.
 */
export const i18nReady = i18next
  .use(languageDetector)
  .use(initReactI18next)
  .use(resourcesToBackend(loadResources))
  .init({
    resources: { en: { translation: en } },
    ns: ['translation'],
    defaultNS: 'translation',
    fallbackNS: SCREENS_NAMESPACE,
    partialBundledLanguages: true,
    fallbackLng: 'en',
    supportedLngs: languages.map((l) => l.code),
    load: 'languageOnly',
    nonExplicitSupportedLngs: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });

i18next.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

/**
 * Loads the `screens` texts in the reader's language (and, once loaded, i18next loads them
 * again with any language the reader switches to). The lazy screens wait for it with their
 * code (web/routes.tsx); a failure is left to the screen's own load error.
 */
export function loadScreenTexts(): Promise<void> {
  return i18next.loadNamespaces(SCREENS_NAMESPACE);
}

export default i18next;
