import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorFrom, apiRequest } from './api-client';
import { CACHES } from './offline-rules';
import {
  endSession,
  noteReader,
  noteUnauthenticated,
  onSessionEnded,
  SIGNED_IN_MARK,
} from './session-end';

const deleted: string[] = [];
const keptCopies = [CACHES.data, CACHES.pages].sort();
let endings = 0;
const stopListening = onSessionEnded(() => (endings += 1));
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(async () => {
  vi.stubGlobal('caches', {
    delete: (name: string) => (deleted.push(name), Promise.resolve(true)),
  });
  // Every test starts with nobody signed in, in this tab or an earlier visit.
  await endSession();
  localStorage.clear();
  deleted.length = 0;
  endings = 0;
});

afterEach(() => vi.unstubAllGlobals());

const refusal = (status: number, code: string) =>
  new Response(JSON.stringify({ message: 'refused', code }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

describe('the kept copies of a signed-in reader', () => {
  it('stay for a visitor: nobody was signed in', async () => {
    noteReader(false);
    noteUnauthenticated();
    await settled();
    expect(deleted).toEqual([]);
    expect(endings).toBe(0);
  });

  it('go when who reads is answered "nobody" after someone was', async () => {
    noteReader(true);
    noteReader(true);
    await settled();
    expect(deleted).toEqual([]);
    noteReader(false);
    await settled();
    expect(deleted.sort()).toEqual(keptCopies);
    expect(endings).toBe(1);
    expect(localStorage.getItem(SIGNED_IN_MARK)).toBeNull();
    // Once: nobody again changes nothing.
    noteReader(false);
    await settled();
    expect(endings).toBe(1);
  });

  it('go on the next visit when the session ended in between (expired overnight)', async () => {
    // An earlier visit left the mark; this one starts knowing nothing else.
    localStorage.setItem(SIGNED_IN_MARK, '1');
    noteReader(false);
    await settled();
    expect(deleted.sort()).toEqual(keptCopies);
    expect(endings).toBe(1);
  });

  it('go when any API request is refused 401 unauthenticated while someone was signed in', async () => {
    noteReader(true);
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(async () => refusal(401, 'unauthenticated')),
    );
    await expect(apiRequest('GET', '/api/favorites')).rejects.toMatchObject({ status: 401 });
    await settled();
    expect(deleted.sort()).toEqual(keptCopies);
    expect(endings).toBe(1);
  });

  it('go when an upload (XMLHttpRequest) is refused 401 unauthenticated while someone was signed in', async () => {
    noteReader(true);
    apiErrorFrom(401, 'Unauthorized', JSON.stringify({ code: 'unauthenticated' }), null);
    await settled();
    expect(deleted.sort()).toEqual(keptCopies);
  });

  it('stay on other refusals: a wrong password (401 invalid_credentials), a 403', async () => {
    noteReader(true);
    const fetch = vi.fn();
    fetch.mockResolvedValueOnce(refusal(401, 'invalid_credentials'));
    fetch.mockResolvedValueOnce(refusal(403, 'forbidden'));
    vi.stubGlobal('fetch', fetch);
    await expect(apiRequest('POST', '/api/auth/change-password', {})).rejects.toBeTruthy();
    await expect(apiRequest('GET', '/api/admin/stats')).rejects.toBeTruthy();
    await settled();
    expect(deleted).toEqual([]);
    expect(endings).toBe(0);
  });

  it('go when another tab signs out (the mark’s storage event), and the app hears of it', async () => {
    noteReader(true);
    window.dispatchEvent(
      new StorageEvent('storage', { key: SIGNED_IN_MARK, oldValue: '1', newValue: null }),
    );
    await settled();
    expect(deleted.sort()).toEqual(keptCopies);
    expect(endings).toBe(1);
  });

  it('sign-out here removes the mark, which is what other tabs hear', async () => {
    noteReader(true);
    expect(localStorage.getItem(SIGNED_IN_MARK)).toBe('1');
    await endSession();
    expect(localStorage.getItem(SIGNED_IN_MARK)).toBeNull();
    expect(deleted.sort()).toEqual(keptCopies);
  });
});

afterAll(() => stopListening());
