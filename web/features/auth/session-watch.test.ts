import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#common/auth';
import { apiRequest } from '../../lib/api-client';
import { CACHES } from '../../lib/offline-rules';
import { endSession, SIGNED_IN_MARK } from '../../lib/session-end';
import { currentUserKey, currentUserQuery, watchSession } from './api';

// Issue 34: the app clears a signed-in reader's kept copies whenever it learns the session
// ended, and shows every screen as a visitor's again.

const reader = { id: 'u1', firstName: 'Ama' } as unknown as User;
const deleted: string[] = [];
const keptCopies = [CACHES.data, CACHES.pages].sort();
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
let stop: (() => void) | undefined;

beforeEach(async () => {
  vi.stubGlobal('caches', {
    delete: (name: string) => (deleted.push(name), Promise.resolve(true)),
  });
  await endSession();
  localStorage.clear();
  deleted.length = 0;
});

afterEach(() => {
  stop?.();
  vi.unstubAllGlobals();
});

const answering = (status: number, body: unknown) =>
  vi.fn().mockImplementation(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );

describe('watchSession', () => {
  it('clears the kept copies and the reader’s answers when the current user answers 401 after a user', async () => {
    const queryClient = new QueryClient();
    stop = watchSession(queryClient);
    vi.stubGlobal('fetch', answering(200, reader));
    await queryClient.fetchQuery(currentUserQuery);
    queryClient.setQueryData(['/api/favorites'], [{ id: 'p1' }]);
    expect(localStorage.getItem(SIGNED_IN_MARK)).toBe('1');

    vi.stubGlobal('fetch', answering(401, { message: 'Not signed in', code: 'unauthenticated' }));
    await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
    await settled();
    expect(deleted.sort()).toEqual(keptCopies);
    expect(queryClient.getQueryData(currentUserKey)).toBeNull();
    expect(queryClient.getQueryData(['/api/favorites'])).toBeUndefined();
  });

  it('takes a user the server rendered the page for as signed in, so its end is noticed', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(currentUserKey, reader);
    stop = watchSession(queryClient);
    expect(localStorage.getItem(SIGNED_IN_MARK)).toBe('1');
    // Any request refused for want of a session: the reader is signed out everywhere.
    queryClient.setQueryData(['/api/saved-searches'], []);
    vi.stubGlobal('fetch', answering(401, { message: 'Not signed in', code: 'unauthenticated' }));
    await expect(apiRequest('POST', '/api/favorites/p1')).rejects.toMatchObject({ status: 401 });
    await settled();
    expect(deleted.sort()).toEqual(keptCopies);
    expect(queryClient.getQueryData(currentUserKey)).toBeNull();
    expect(queryClient.getQueryData(['/api/saved-searches'])).toBeUndefined();
  });

  it('turns the app into a visitor’s when another tab signs out', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(currentUserKey, reader);
    stop = watchSession(queryClient);
    window.dispatchEvent(
      new StorageEvent('storage', { key: SIGNED_IN_MARK, oldValue: '1', newValue: null }),
    );
    await settled();
    expect(deleted.sort()).toEqual(keptCopies);
    expect(queryClient.getQueryData(currentUserKey)).toBeNull();
  });

  it('leaves a visitor’s kept copies alone', async () => {
    const queryClient = new QueryClient();
    stop = watchSession(queryClient);
    vi.stubGlobal('fetch', answering(401, { message: 'Not signed in', code: 'unauthenticated' }));
    expect(await queryClient.fetchQuery(currentUserQuery)).toBeNull();
    await settled();
    expect(deleted).toEqual([]);
  });
});
