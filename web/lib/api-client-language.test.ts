import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client';
import i18next, { i18nReady } from './i18n';

beforeAll(() => i18nReady);
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('apiRequest and the reader language', () => {
  it('sends Accept-Language with the chosen language, so mail and SMS are written in it', async () => {
    const fetch = vi.fn(
      async (_url: string, _init?: RequestInit) => new Response(null, { status: 204 }),
    );
    vi.stubGlobal('fetch', fetch);
    await i18next.changeLanguage('fr');
    await apiRequest('POST', '/api/auth/resend-email-verification');
    await apiRequest('POST', '/api/auth/forgot-password', { email: 'a@example.com' });
    expect(fetch.mock.calls[0]![1]!.headers).toEqual({ 'Accept-Language': 'fr' });
    expect(fetch.mock.calls[1]![1]!.headers).toEqual({
      'Accept-Language': 'fr',
      'Content-Type': 'application/json',
    });
    await i18next.changeLanguage('zh');
    await apiRequest('GET', '/api/auth/user');
    expect(fetch.mock.calls[2]![1]!.headers).toEqual({ 'Accept-Language': 'zh' });
  });
});
