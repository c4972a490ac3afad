import { cleanup, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18nReady, renderRoute } from '../../testing/render';
import NotFoundPage from './not-found-page';

beforeAll(() => i18nReady);
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

describe('NotFoundPage (issue 34)', () => {
  it.each(['en', 'fr', 'es', 'de', 'zh'])(
    'speaks to the reader in %s, without technical words, and links home and to search',
    async (language) => {
      await i18next.changeLanguage(language);
      renderRoute(<NotFoundPage />, { path: '*', url: '/no/such/page' });
      const heading = screen.getByRole('heading', { level: 1 }).textContent ?? '';
      const body = screen.getByText(i18next.t('notFound.body')).textContent ?? '';
      for (const text of [heading, body]) {
        expect(text).not.toMatch(/404|route|router|routeur|路由/i);
      }
      // A sentence, ended.
      expect(body).toMatch(/[.。]$/);
      expect(document.title).toBe(`${heading} · Abode`);
      const links = screen.getAllByRole('link');
      expect(links.map((link) => link.getAttribute('href'))).toEqual(['/', '/search']);
    },
  );
});
