import { describe, expect, it } from 'vitest';
import {
  isOfflineData,
  photoFallbackUrls,
  renderedAnswersToKeep,
  renderedAt,
} from './offline-rules';

describe('what the service worker keeps for a bad connection', () => {
  it.each([
    '/api/properties/search',
    '/api/properties/featured',
    '/api/properties/3f1c2b9e-8a4d-4c7e-9b1a-2d3e4f5a6b7c',
    '/api/favorites',
    '/api/auth/user',
    '/api/exchange-rate',
    '/api/saved-searches',
  ])('keeps the last answer of %s', (path) => {
    expect(isOfflineData(path)).toBe(true);
  });

  it.each([
    // Contact details are revealed one at a time and counted: never from a copy.
    '/api/properties/3f1c2b9e-8a4d-4c7e-9b1a-2d3e4f5a6b7c/contact',
    '/api/admin/properties',
    '/api/user/properties',
    '/api/dev/outbox',
    '/api/account/verifications',
    '/api/favorites/3f1c2b9e-8a4d-4c7e-9b1a-2d3e4f5a6b7c',
  ])('never keeps %s', (path) => {
    expect(isOfflineData(path)).toBe(false);
  });

  it('offers the other stored sizes of a photo, smallest first', () => {
    const key = 'p0123456789abcdef01234567';
    expect(photoFallbackUrls(`/files/${key}-1200.webp`)).toEqual([
      `/files/${key}-400.webp`,
      `/files/${key}-800.webp`,
      `/files/${key}-1600.webp`,
    ]);
    expect(photoFallbackUrls('/files/not-a-photo.mp4')).toEqual([]);
  });
});

describe('the answers a server-rendered page arrived with (issue 34)', () => {
  const searchKey = ['/api/properties/search', { city: 'Accra' }];
  const rendered = {
    queries: [
      {
        queryKey: ['/api/auth/user'],
        state: { data: null, dataUpdatedAt: Date.UTC(2026, 10, 26, 9, 0) },
      },
      {
        queryKey: searchKey,
        state: {
          data: { items: [{ id: 'a' }], total: 1 },
          dataUpdatedAt: Date.UTC(2026, 10, 26, 9, 5),
        },
      },
    ],
  };

  it('are kept under the path the app would fetch, saved when the page was rendered', () => {
    const reads = [
      { key: ['/api/auth/user'], path: '/api/auth/user' },
      { key: searchKey, path: '/api/properties/search?city=Accra' },
      // Read for the page but not answered (an optional read that failed): nothing to keep.
      { key: ['/api/exchange-rate'], path: '/api/exchange-rate' },
    ];
    expect(renderedAnswersToKeep(reads, rendered)).toEqual([
      {
        path: '/api/properties/search?city=Accra',
        body: '{"items":[{"id":"a"}],"total":1}',
        savedAt: '2026-11-26T09:05:00.000Z',
      },
    ]);
  });

  it('never keeps what the worker would not keep itself', () => {
    const contact = ['/api/properties/x/contact'];
    const withContact = {
      queries: [{ queryKey: contact, state: { data: { phone: '1' }, dataUpdatedAt: 1 } }],
    };
    expect(
      renderedAnswersToKeep([{ key: contact, path: '/api/properties/x/contact' }], withContact),
    ).toEqual([]);
  });

  it('were read at the time of the oldest of them', () => {
    expect(renderedAt(rendered)).toBe('2026-11-26T09:00:00.000Z');
    expect(renderedAt({ queries: [] })).toBeNull();
  });
});
