import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18nReady } from '../../testing/render';
import { defaultSearchName } from './describe-search';

beforeAll(() => i18nReady);

describe('a saved search in words', () => {
  it('names Ghana’s types, and a search saved for `room` as a single room (issue 34)', async () => {
    const name = (query: Record<string, string>) =>
      defaultSearchName(i18n.getFixedT('en'), 'en', query);
    expect(name({ location: 'Kumasi', propertyType: 'chamber_and_hall' })).toBe(
      'Kumasi · Chamber and hall',
    );
    expect(name({ location: 'Legon', propertyType: 'room' })).toBe('Legon · Single room');
    expect(name({ type: 'self_contained' })).toBe('Self-contained');
    await i18n.loadLanguages('fr');
    expect(defaultSearchName(i18n.getFixedT('fr'), 'fr', { propertyType: 'room' })).toBe(
      'Chambre simple',
    );
  });
});
