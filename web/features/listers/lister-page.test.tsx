import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListerProfile } from '#common/reviews';
import { makeProperty } from '../../testing/properties';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import ListerPage from './lister-page';

// A lister's public page (issue 40): what the server answers, as a visitor reads it.
beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('a lister’s page', () => {
  it('shows the name, the live listings and the reviews', async () => {
    const profile: ListerProfile = {
      handle: 'osu-homes-ltd-3f9a1c0b',
      displayName: 'Osu Homes Ltd',
      userType: 'agent',
      badges: {
        emailVerified: true,
        phoneVerified: true,
        identityVerified: false,
        licensedAgent: true,
      },
      responseTime: null,
      memberSince: '2025-03-01T00:00:00.000Z',
      listings: [makeProperty({ title: 'Agent flat, Osu' })],
      reviews: {
        averageRating: 4,
        reviewCount: 1,
        asDescribedShare: 0,
        askedForMoneyRecently: 0,
        latest: [
          {
            id: '00000000-0000-4000-8000-0000000000d1',
            rating: 4,
            asDescribed: 'mostly',
            text: 'Clean, but the kitchen is small.',
            createdAt: '2026-11-22T09:00:00.000Z',
            editedAt: null,
            viewedAt: '2026-11-21T10:00:00.000Z',
            author: { firstName: 'Ama' },
            reply: null,
            askedForMoney: false,
          },
        ],
      },
    };
    mockApi({ [`GET /api/listers/${profile.handle}`]: () => json(profile) });
    renderRoute(<ListerPage />, { path: '/listers/:handle', url: `/listers/${profile.handle}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Osu Homes Ltd' })).toBeTruthy();
    expect(screen.getByText('On Abode since March 2025')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Agent flat, Osu' })).toBeTruthy();
    expect(screen.getByText('4.0 from 1 viewing')).toBeTruthy();
    expect(screen.getByText('Licensed agent')).toBeTruthy();
  });

  it('says so when the handle names no page', async () => {
    mockApi({
      'GET /api/listers/nobody-00000000': () =>
        json({ code: 'lister_not_found', message: 'This lister’s page does not exist.' }, 404),
    });
    renderRoute(<ListerPage />, { path: '/listers/:handle', url: '/listers/nobody-00000000' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This lister’s page does not exist.',
    );
  });
});
