import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiRequestError, getOrNullOn401 } from './api-client';
// The app's language, as on every page (English here): each request says it.
import './i18n';

function answer(status: number, body: string, headers: Record<string, string> = {}) {
  const statusText = status === 503 ? 'Service Unavailable' : '';
  return vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body || null, { status, statusText, headers }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends cookies and the language, and JSON with its content type only when there is a body', async () => {
    const fetch = answer(200, '{"ok":true}', { 'content-type': 'application/json' });
    vi.stubGlobal('fetch', fetch);
    await expect(apiRequest('POST', '/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledWith('/api/x', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Accept-Language': 'en', 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });
    await apiRequest('GET', '/api/y');
    expect(fetch.mock.calls[1]![1]).toEqual({
      method: 'GET',
      credentials: 'include',
      headers: { 'Accept-Language': 'en' },
      body: undefined,
    });
  });

  it('turns an error answer into "{status}: {message}" and keeps its code, field codes and Retry-After', async () => {
    vi.stubGlobal(
      'fetch',
      answer(
        429,
        '{"message":"Too many attempts","code":"rate_limited","fieldCodes":{"email":"x"}}',
        {
          'retry-after': '120',
        },
      ),
    );
    const error = await apiRequest('POST', '/api/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe('429: Too many attempts');
    expect((error as ApiRequestError).fields).toEqual({ email: 'x' });
    expect((error as ApiRequestError).code).toBe('rate_limited');
    expect((error as ApiRequestError).retryAfterSeconds).toBe(120);
  });

  it('uses the raw text, else the status text, when the answer is not JSON', async () => {
    vi.stubGlobal('fetch', answer(502, 'Bad gateway from proxy'));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('502: Bad gateway from proxy');
    vi.stubGlobal('fetch', answer(503, ''));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
  });

  it('reads a 401 as nobody for the current user, and other errors as errors', async () => {
    vi.stubGlobal('fetch', answer(401, '{"message":"Not signed in"}'));
    await expect(getOrNullOn401('/api/auth/user')).resolves.toBeNull();
    vi.stubGlobal('fetch', answer(500, '{"message":"Internal server error"}'));
    await expect(getOrNullOn401('/api/auth/user')).rejects.toThrow('500: Internal server error');
  });
});
