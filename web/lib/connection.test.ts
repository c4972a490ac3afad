import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client';
import {
  ConnectionError,
  connectionNow,
  forgetKeptData,
  noteAnswer,
  noteConnectionLost,
  noteRenderedAt,
  useConnection,
} from './connection';
import { CACHES, OFFLINE_COPY_HEADER } from './offline-rules';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => noteAnswer(new Response('{}')));
});

const keptCopy = (savedAt: string) =>
  new Response('[]', { headers: { [OFFLINE_COPY_HEADER]: savedAt } });

describe('the connection as the app sees it', () => {
  it('is offline, since the oldest copy shown, while the service worker answers with kept copies', () => {
    const { result } = renderHook(() => useConnection());
    expect(result.current).toEqual({ offline: false, savedAt: null });
    act(() => noteAnswer(keptCopy('2026-11-26T09:00:00.000Z')));
    act(() => noteAnswer(keptCopy('2026-11-25T18:30:00.000Z')));
    act(() => noteAnswer(keptCopy('2026-11-26T10:00:00.000Z')));
    expect(result.current).toEqual({ offline: true, savedAt: '2026-11-25T18:30:00.000Z' });
    // An answer from the server itself: online again.
    act(() => noteAnswer(new Response('{}')));
    expect(result.current).toEqual({ offline: false, savedAt: null });
  });

  it('a request that reaches no server fails with a ConnectionError (a TypeError) and turns the app offline', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const failed = await apiRequest('POST', '/api/favorites/x').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ConnectionError);
    expect(failed).toBeInstanceOf(TypeError);
    expect(connectionNow().offline).toBe(true);
  });

  it('lets an aborted request stay an abort', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(abort));
    await expect(apiRequest('GET', '/api/properties/search')).rejects.toBe(abort);
    expect(connectionNow().offline).toBe(false);
  });

  it('names when the page was rendered when it goes offline without a kept copy (a page copy opened offline)', () => {
    const { result } = renderHook(() => useConnection());
    act(() => noteRenderedAt('2026-11-26T08:00:00.000Z'));
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(result.current).toEqual({ offline: true, savedAt: '2026-11-26T08:00:00.000Z' });
    act(() => void window.dispatchEvent(new Event('online')));
    act(() => noteConnectionLost());
    expect(result.current).toEqual({ offline: true, savedAt: '2026-11-26T08:00:00.000Z' });
  });

  it('names the last answer from the server when the connection drops later', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T10:30:00.000Z'));
    act(() => noteAnswer(new Response('{}')));
    vi.useRealTimers();
    act(() => noteConnectionLost());
    expect(connectionNow()).toEqual({ offline: true, savedAt: '2026-11-26T10:30:00.000Z' });
  });

  it('follows the browser’s offline and online events', () => {
    const { result } = renderHook(() => useConnection());
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(result.current.offline).toBe(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(result.current.offline).toBe(false);
  });

  it('forgets the kept data and pages on sign-out (a rendered page holds its reader), and nothing else', async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      delete: (name: string) => (deleted.push(name), Promise.resolve(true)),
    });
    await forgetKeptData();
    expect(deleted.sort()).toEqual([CACHES.data, CACHES.pages].sort());
  });
});
