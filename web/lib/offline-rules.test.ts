import { describe, expect, it } from 'vitest';
import { isOfflineData, photoFallbackUrls } from './offline-rules';

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
