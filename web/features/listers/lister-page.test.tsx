import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListerProfile, PropertyReviews, Review } from '#common/reviews';
import { makeProperty } from '../../testing/properties';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import ListerPage from './lister-page';

// A lister's public page (issue 40): what the server answers, as a visitor reads it.
beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const aReview = (n: number): Review => ({
  id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  rating: n === 1 ? 4 : 5,
  asDescribed: 'mostly',
  text: n === 1 ? 'Clean, but the kitchen is small.' : `Review number ${n}.`,
  createdAt: '2026-11-22T09:00:00.000Z',
  editedAt: null,
  viewedAt: '2026-11-21T10:00:00.000Z',
  author: { firstName: 'Ama' },
  reply: null,
  askedForMoney: false,
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
    // Every review, ten a page (issue 51): twelve here.
    const summary = {
      averageRating: 4.9,
      reviewCount: 12,
      asDescribedShare: 0,
      askedForMoneyRecently: 0,
    };
    const reviewPage = (page: number): PropertyReviews => ({
      reviews: Array.from({ length: page === 1 ? 10 : 2 }, (_, i) =>
        aReview((page - 1) * 10 + i + 1),
      ),
      summary,
      page,
      totalPages: 2,
    });
    mockApi({
      [`GET /api/listers/${profile.handle}`]: () => json(profile),
      [`GET /api/listers/${profile.handle}/reviews`]: (url) =>
        json(reviewPage(Number(url.searchParams.get('page') ?? 1))),
    });
    renderRoute(<ListerPage />, { path: '/listers/:handle', url: `/listers/${profile.handle}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Osu Homes Ltd' })).toBeTruthy();
    expect(screen.getByText('On Abode since March 2025')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Agent flat, Osu' })).toBeTruthy();
    expect(screen.getByText('Licensed agent')).toBeTruthy();
    expect(await screen.findByText('4.9 from 12 viewings')).toBeTruthy();
    expect(await screen.findByText('Clean, but the kitchen is small.')).toBeTruthy();
    const reviews = () => within(screen.getByRole('region', { name: 'Reviews from viewings' }));
    expect(reviews().getAllByRole('article')).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'More reviews' }));
    expect(await screen.findByText('Review number 12.')).toBeTruthy();
    expect(reviews().getAllByRole('article')).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'More reviews' })).toBeNull();
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
