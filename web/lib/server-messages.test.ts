import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serverMessage } from '#common/server-messages';
import { ApiRequestError } from './api-client';
import i18next, { i18nReady } from './i18n';
import { apiErrorReason, apiErrorText, localizeFieldMessage } from './server-messages';

beforeAll(() => i18nReady);
afterEach(() => i18next.changeLanguage('en'));

const refused = (status: number, message: string, retryAfterSeconds?: number) =>
  new ApiRequestError(status, message, {}, retryAfterSeconds);

describe('server messages in the reader’s language', () => {
  it.each([
    ['de', 'Höchstens 50 Inserate können hervorgehoben werden'],
    ['es', 'Se pueden destacar como máximo 50 anuncios'],
    ['fr', 'Au plus 50 annonces peuvent être mises en avant'],
    ['zh', '最多只能将 50 个房源设为精选'],
    ['en', 'At most 50 listings can be featured'],
  ])('translates a refusal the server fills in (%s)', async (language, text) => {
    await i18next.changeLanguage(language);
    const error = refused(409, serverMessage('featuredLimit', { max: 50 }));
    expect(apiErrorText(i18next.t, error, 'fallback')).toBe(text);
  });

  it('translates the English of a validation message', async () => {
    await i18next.changeLanguage('fr');
    expect(localizeFieldMessage(i18next.t, 'Invalid email address')).toBe(
      i18next.t('validation.emailInvalid'),
    );
    expect(localizeFieldMessage(i18next.t, 'emailInvalid')).toBe(
      i18next.t('validation.emailInvalid'),
    );
  });

  it('never passes on text it does not know: the fallback, or nothing to add', () => {
    const error = refused(400, 'Invalid body');
    expect(apiErrorText(i18next.t, error, 'Failed to list property')).toBe(
      'Failed to list property',
    );
    expect(apiErrorReason(i18next.t, error)).toBeUndefined();
    expect(apiErrorReason(i18next.t, new TypeError('Failed to fetch'))).toBeUndefined();
  });

  it('says how long to wait after too many tries', () => {
    expect(apiErrorReason(i18next.t, refused(429, 'Too many requests', 150))).toBe(
      'Too many attempts. Please try again in 3 minutes.',
    );
  });
});
