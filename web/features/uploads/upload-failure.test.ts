import { beforeAll, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api-client';
import i18next, { i18nReady, loadScreenTexts } from '../../lib/i18n';
import { uploadFailure } from './upload-failure';

// The upload texts are the screens' (the wizard's), loaded with it.
beforeAll(() => i18nReady.then(() => loadScreenTexts()));

const texts = {
  tooLarge: 'too large',
  wrongType: 'wrong type',
  failed: 'failed',
  networkError: 'network',
};
const failureOf = (error: unknown) => uploadFailure(i18next.t, error, texts);

describe('uploadFailure', () => {
  it('refuses the file on 413 and 415: trying again cannot help', () => {
    expect(failureOf(new ApiRequestError(413, 'File too large'))).toEqual({
      message: 'too large',
      fileRefused: true,
    });
    expect(failureOf(new ApiRequestError(415, 'Unsupported type'))).toEqual({
      message: 'wrong type',
      fileRefused: true,
    });
  });

  it("says the server's known reason, else the kind's own failure text", () => {
    expect(failureOf(new ApiRequestError(429, 'Too many uploads', {}, 120))).toEqual({
      message: i18next.t('auth.tooManyAttempts', { count: 2 }),
      fileRefused: false,
    });
    expect(failureOf(new ApiRequestError(500, 'Internal Server Error'))).toEqual({
      message: 'failed',
      fileRefused: false,
    });
  });

  it('asks an account without a verified e-mail or phone to verify one (issue 50); the photo stays, to try again', () => {
    const refused = new ApiRequestError(
      403,
      'Verify your email address or phone number before uploading photos',
      {},
      undefined,
      'uploads_need_verified_contact',
    );
    expect(failureOf(refused)).toEqual({
      message: i18next.t('errors.uploads_need_verified_contact'),
      fileRefused: false,
    });
    expect(failureOf(refused).message).toMatch(/verify/i);
  });

  it('calls anything but an answer a network failure', () => {
    expect(failureOf(new TypeError('Network error'))).toEqual({
      message: 'network',
      fileRefused: false,
    });
  });
});
