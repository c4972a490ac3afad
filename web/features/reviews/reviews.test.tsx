import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListerReviews, PropertyReviews, Review, ViewingReviewState } from '#common/reviews';
import { renter } from '../../testing/properties';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import { ListingReviews } from './listing-reviews';
import { ListerReviewsPanel } from './lister-reviews-panel';
import ReviewPage from './review-page';

// Reviews in the browser (issue 40): the renter's review page, a listing's reviews and the
// lister's answers on the dashboard. The server decides each rule
// (server/features/reviews); these check what is shown and sent.
beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const viewingId = '00000000-0000-4000-8000-0000000000b1';
const propertyId = '00000000-0000-4000-8000-0000000000a1';
const review: Review = {
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
};
const state = (over: Partial<ViewingReviewState>): ViewingReviewState => ({
  canReview: true,
  refusal: null,
  opensAt: '2026-11-21T10:00:00.000Z',
  closesAt: '2026-12-21T10:00:00.000Z',
  review: null,
  property: { id: propertyId, title: 'Chamber and hall, Osu' },
  ...over,
});
const reviewUrl = `/api/viewings/${viewingId}/review`;
const showReviewPage = () =>
  renderRoute(<ReviewPage />, {
    path: '/viewings/:id/review',
    url: `/viewings/${viewingId}/review`,
  });

describe('the review page', () => {
  it('asks the three questions, says what is missing, and sends the answers', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/auth/user': () => json(renter),
      [`GET ${reviewUrl}`]: () => json(state({})),
      [`POST ${reviewUrl}`]: () => json({ id: review.id }, 201),
    });
    showReviewPage();
    await screen.findByRole('heading', { name: 'Review your viewing' });
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please answer the three questions.',
    );
    expect(api.calls('POST', reviewUrl)).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.click(screen.getByRole('radio', { name: 'Mostly' }));
    await user.click(screen.getByRole('radio', { name: 'Yes, money was asked for' }));
    expect(screen.getByText(/We will also report the listing/)).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'No, nobody asked' }));
    await user.type(screen.getByRole('textbox', { name: /In your own words/ }), '  Clean.  ');
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    await waitFor(() => expect(api.calls('POST', reviewUrl)).toHaveLength(1));
    const [, init] = api.fetch.mock.calls.find(([, options]) => options?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toEqual({
      rating: 4,
      asDescribed: 'mostly',
      askedForMoney: false,
      text: 'Clean.',
    });
  });

  it('says why a viewing cannot be reviewed, and leads to verifying the phone', async () => {
    mockApi({
      'GET /api/auth/user': () => json(renter),
      [`GET ${reviewUrl}`]: () => json(state({ canReview: false, refusal: 'phone_not_verified' })),
    });
    showReviewPage();
    expect(await screen.findByText(/Verify your phone number to review/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send my review' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Verify my phone number' }).getAttribute('href')).toBe(
      `/verify-phone?next=%2Fviewings%2F${viewingId}%2Freview`,
    );
  });

  it('shows the review written, with its edit offered while the 48 hours last', async () => {
    mockApi({
      'GET /api/auth/user': () => json(renter),
      [`GET ${reviewUrl}`]: () =>
        json(
          state({
            canReview: false,
            review: {
              ...review,
              askedForMoney: false,
              editableUntil: '2099-01-01T00:00:00Z',
              status: 'published',
            },
          }),
        ),
    });
    showReviewPage();
    expect(await screen.findByText('Clean, but the kitchen is small.')).toBeTruthy();
    expect(screen.getByText(/Viewed on Nov 21, 2026/)).toBeTruthy();
    expect(screen.queryByText(/waiting for our team/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Change my review' })).toBeTruthy();
  });
});

describe('a review held for an administrator (issue 50)', () => {
  it('tells its author it waits for our team', async () => {
    mockApi({
      'GET /api/auth/user': () => json(renter),
      [`GET ${reviewUrl}`]: () =>
        json(
          state({
            canReview: false,
            review: { ...review, editableUntil: '2099-01-01T00:00:00Z', status: 'held' },
          }),
        ),
    });
    showReviewPage();
    expect(await screen.findByText(/Your review is waiting for our team/)).toBeTruthy();
  });
});

describe('a listing’s reviews', () => {
  it('say what they rest on, each with the day of the viewing and the lister’s answer', async () => {
    const page: PropertyReviews = {
      reviews: [{ ...review, reply: { text: 'Thanks for coming!', createdAt: review.createdAt } }],
      summary: { averageRating: 4, reviewCount: 1, asDescribedShare: 0, askedForMoneyRecently: 0 },
      page: 1,
      totalPages: 1,
    };
    mockApi({ [`GET /api/properties/${propertyId}/reviews`]: () => json(page) });
    renderRoute(<ListingReviews propertyId={propertyId} />, { path: '/', url: '/' });
    expect(await screen.findByText('4.0 from 1 viewing')).toBeTruthy();
    expect(screen.getByText('0% found it exactly as described')).toBeTruthy();
    expect(screen.getByText(/Viewed on Nov 21, 2026/)).toBeTruthy();
    expect(screen.getByText('Mostly as described')).toBeTruthy();
    expect(screen.getByText('Thanks for coming!')).toBeTruthy();
    // Each review is an article with a heading of its own, under the section's (issue 51).
    const [article] = screen.getAllByRole('article');
    expect(within(article!).getByRole('heading', { level: 3 }).textContent).toBe('4 out of 5');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/Reviews/);
    expect(screen.queryByRole('button', { name: 'More reviews' })).toBeNull();
  });
});

describe('a review that says money was asked for (issue 50)', () => {
  it('shows a warning line on the review, and the listing’s safety box counts such renters', async () => {
    const page: PropertyReviews = {
      reviews: [{ ...review, askedForMoney: true }],
      summary: { averageRating: 2, reviewCount: 1, asDescribedShare: 0, askedForMoneyRecently: 1 },
      page: 1,
      totalPages: 1,
    };
    mockApi({ [`GET /api/properties/${propertyId}/reviews`]: () => json(page) });
    renderRoute(<ListingReviews propertyId={propertyId} />, { path: '/', url: '/' });
    expect(
      await screen.findByText('This renter says they were asked to pay before the viewing.'),
    ).toBeTruthy();
  });
});

describe('the dashboard’s reviews', () => {
  it('let the lister answer a review once', async () => {
    const user = userEvent.setup();
    const mine: ListerReviews = {
      reviews: [
        {
          ...review,
          property: { id: propertyId, title: 'Chamber and hall, Osu' },
          reportedByMe: false,
        },
      ],
      summary: { averageRating: 4, reviewCount: 1, asDescribedShare: 0, askedForMoneyRecently: 0 },
      page: 1,
      totalPages: 1,
    };
    const api = mockApi({
      'GET /api/user/reviews': () => json(mine),
      [`POST /api/reviews/${review.id}/reply`]: () => new Response(null, { status: 204 }),
    });
    renderRoute(
      <Suspense>
        <ListerReviewsPanel />
      </Suspense>,
      { path: '/', url: '/' },
    );
    await user.click(await screen.findByRole('button', { name: 'Answer' }));
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'Thank you!');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await waitFor(() =>
      expect(api.calls('POST', `/api/reviews/${review.id}/reply`)).toHaveLength(1),
    );
    const [, init] = api.fetch.mock.calls.find(([, options]) => options?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toEqual({ text: 'Thank you!' });
  });
});
