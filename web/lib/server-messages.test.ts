import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '#common/error-codes';
import { ApiRequestError, apiErrorFrom } from './api-client';
import { ConnectionError } from './connection';
import i18next, { i18nReady } from './i18n';
import { apiErrorReason, apiErrorText, localizeFieldMessage } from './server-messages';

beforeAll(() => i18nReady);
afterEach(() => i18next.changeLanguage('en'));

const refused = (
  status: number,
  code: string | undefined,
  params: Record<string, string | number> = {},
  retryAfterSeconds?: number,
) => new ApiRequestError(status, 'English words', {}, retryAfterSeconds, code, params);

describe('server errors in the reader’s language, by code', () => {
  it('says a request that reached no server needs a connection, in the reader’s language', async () => {
    expect(apiErrorText(i18next.t, new ConnectionError(), 'Could not save')).toBe(
      "You're offline: this needs a connection. Try again when you're back online.",
    );
    await i18next.changeLanguage('fr');
    expect(apiErrorReason(i18next.t, new ConnectionError())).toBe(
      'Vous êtes hors ligne : il faut une connexion. Réessayez une fois la connexion revenue.',
    );
  });

  it.each([
    ['de', 'Höchstens 50 Inserate können hervorgehoben werden'],
    ['es', 'Se pueden destacar como máximo 50 anuncios'],
    ['fr', 'Au plus 50 annonces peuvent être mises en avant'],
    ['zh', '最多只能将 50 个房源设为精选'],
    ['en', 'At most 50 listings can be featured'],
  ])('translates a refusal with the values the server sent (%s)', async (language, text) => {
    await i18next.changeLanguage(language);
    const error = refused(409, 'featured_limit', { max: 50 });
    expect(apiErrorText(i18next.t, error, 'fallback')).toBe(text);
  });

  it('reads the code, never the English: a known sentence without a code is not translated', () => {
    const english = new ApiRequestError(409, errorText('email_taken'));
    expect(apiErrorReason(i18next.t, english)).toBeUndefined();
    const coded = refused(409, 'email_taken');
    expect(apiErrorReason(i18next.t, coded)).toBe(i18next.t('errors.email_taken'));
  });

  it('reads code, values and field codes from an answer', () => {
    const body = {
      message: 'Invalid body',
      code: 'invalid_input',
      params: { max: 3 },
      fields: { email: 'Invalid email address' },
      fieldCodes: { email: 'emailInvalid', bogus: 12 },
    };
    const error = apiErrorFrom(400, 'Bad Request', JSON.stringify(body), null);
    expect(error.code).toBe('invalid_input');
    expect(error.params).toEqual({ max: 3 });
    expect(error.fields).toEqual({ email: 'emailInvalid' });
    const notJson = apiErrorFrom(502, 'Bad Gateway', '<html>proxy</html>', null);
    expect(notJson.code).toBeUndefined();
    expect(notJson.fields).toEqual({});
  });

  it('translates field codes: validation keys and error codes, with values', async () => {
    await i18next.changeLanguage('fr');
    expect(localizeFieldMessage(i18next.t, 'emailInvalid')).toBe(
      i18next.t('validation.emailInvalid'),
    );
    expect(localizeFieldMessage(i18next.t, 'photos_per_listing', { max: 25 })).toBe(
      i18next.t('errors.photos_per_listing', { max: 25 }),
    );
    expect(localizeFieldMessage(i18next.t, 'photos_per_listing', { max: 25 })).toContain('25');
    // Text the form already translated stays as it is.
    expect(localizeFieldMessage(i18next.t, 'Déjà traduit')).toBe('Déjà traduit');
  });

  it('gives the page its own words for a general code, an unknown one or no answer', () => {
    expect(apiErrorText(i18next.t, refused(400, 'invalid_input'), 'Failed to list property')).toBe(
      'Failed to list property',
    );
    expect(apiErrorReason(i18next.t, refused(400, 'a_code_from_a_newer_server'))).toBeUndefined();
    expect(apiErrorReason(i18next.t, refused(500, undefined))).toBeUndefined();
    expect(apiErrorReason(i18next.t, new TypeError('Failed to fetch'))).toBeUndefined();
  });

  it('says how long to wait after too many tries', () => {
    expect(apiErrorReason(i18next.t, refused(429, 'rate_limited', { minutes: 3 }, 150))).toBe(
      'Too many attempts. Please try again in 3 minutes.',
    );
  });
});
