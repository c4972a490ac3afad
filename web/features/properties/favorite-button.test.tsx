import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18next from '../../lib/i18n';
import { makeProperty, renter } from '../../testing/properties';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import { FavoriteButton } from './favorite-button';

beforeAll(() => i18nReady);
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

function show(variant: 'card' | 'detail', isFavorite: boolean) {
  const property = makeProperty({ title: 'Garden flat', isFavorite });
  mockApi({
    'GET /api/auth/user': () => json(renter),
    [`POST /api/favorites/${property.id}`]: () => json({ message: 'Saved' }),
    [`DELETE /api/favorites/${property.id}`]: () => json({ message: 'Removed' }),
    'GET /api/favorites': () => json([]),
  });
  renderRoute(<FavoriteButton property={property} variant={variant} />, { path: '/', url: '/' });
}

/** What a pressed and an unpressed heart say, in each language (issue 15). */
const labels = {
  en: { card: ['Save Garden flat', 'Remove Garden flat from saved'], detail: ['Save', 'Saved'] },
  es: {
    card: ['Guardar Garden flat', 'Quitar Garden flat de guardados'],
    detail: ['Guardar', 'Guardado'],
  },
  fr: {
    card: ['Enregistrer Garden flat', 'Retirer Garden flat des favoris'],
    detail: ['Enregistrer', 'Enregistré'],
  },
  de: {
    card: ['Garden flat merken', 'Garden flat aus den gemerkten entfernen'],
    detail: ['Merken', 'Gemerkt'],
  },
  zh: { card: ['收藏 Garden flat', '将 Garden flat 从收藏中移除'], detail: ['收藏', '已收藏'] },
} as const;

describe('favourite button', () => {
  it.each(Object.entries(labels))(
    'on a card, says what pressing it does, saved or not (%s)',
    async (language, { card }) => {
      await i18next.changeLanguage(language);
      show('card', false);
      expect(
        (await screen.findByRole('button', { name: card[0] })).getAttribute('aria-pressed'),
      ).toBe('false');
      cleanup();
      show('card', true);
      expect(
        (await screen.findByRole('button', { name: card[1] })).getAttribute('aria-pressed'),
      ).toBe('true');
    },
  );

  it.each(Object.entries(labels))(
    'on the listing page, reads Saved when saved (%s)',
    async (language, { detail }) => {
      await i18next.changeLanguage(language);
      show('detail', false);
      expect(await screen.findByRole('button', { name: detail[0] })).toBeTruthy();
      cleanup();
      show('detail', true);
      expect(
        (await screen.findByRole('button', { name: detail[1] })).getAttribute('aria-pressed'),
      ).toBe('true');
    },
  );
});
