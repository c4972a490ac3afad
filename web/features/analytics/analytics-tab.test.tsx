import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UsersAnalytics, VisitorAnalytics, VisitorRecord } from '#common/analytics';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import AnalyticsTab from './analytics-tab';

const daily = (days: number) =>
  Array.from({ length: days }, (_, i) => ({
    date: new Date(Date.UTC(2026, 10, 21 - (days - 1 - i))).toISOString().slice(0, 10),
    visitors: i === days - 1 ? 2 : 0,
    pageViews: i === days - 1 ? 5 : 0,
    signUps: i === days - 2 ? 1 : 0,
  }));

const analytics = (days: number): VisitorAnalytics => ({
  days,
  totalVisitors: days === 7 ? 4 : 40,
  uniqueVisitors: days === 7 ? 3 : 30,
  registeredUsers: days === 7 ? 1 : 4,
  pageViews: days === 7 ? 9 : 90,
  conversionRate: days === 7 ? 33.3 : 13.3,
  topPages: [
    { page: '/search', views: 6 },
    { page: '/', views: 3 },
  ],
  daily: daily(days),
});

const users: UsersAnalytics = {
  totalUsers: 3,
  verifiedUsers: 2,
  newUsers: 1,
  byUserType: [
    { userType: 'owner', count: 1 },
    { userType: 'renter', count: 2 },
  ],
  users: [
    {
      id: 'u1',
      firstName: 'Kofi',
      lastName: 'Mensah',
      email: 'kofi@example.com',
      phone: null,
      userType: 'owner',
      isVerified: true,
      isAdmin: false,
      createdAt: '2026-11-20T08:00:00Z',
    },
  ],
};

const visitors: VisitorRecord[] = [
  {
    id: 'visitor_1_abcdef',
    visitorId: 'visitor_1_abcdef',
    isRegisteredUser: true,
    userName: 'Kofi Mensah',
    userEmail: 'kofi@example.com',
    ipAddress: '41.66.200.0',
    city: 'Accra',
    country: 'Ghana',
    pagesViewed: 7,
    landingPage: '/search',
    firstVisit: '2026-11-19T08:00:00Z',
    lastVisit: '2026-11-21T08:00:00Z',
  },
];

beforeAll(() => i18nReady);

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi({
    'GET /api/admin/visitor-analytics': (url) =>
      json(analytics(Number(url.searchParams.get('days')))),
    'GET /api/admin/users-analytics': () => json(users),
    'GET /api/admin/recent-visitors': () => json(visitors),
  });
});

const show = () => renderRoute(<AnalyticsTab />, { path: '/admin', url: '/admin' });
const figure = async (label: string) =>
  (await screen.findByText(label)).closest('div')!.querySelector('dd')!.textContent;

describe('User Analytics tab', () => {
  it('opens on 30 days with the stat cards and the conversion rate with one decimal', async () => {
    show();
    await waitFor(async () => expect(await figure('Conversion rate')).toBe('13.3%'));
    expect(await figure('Unique visitors')).toBe('30');
    expect(await figure('Total visitors')).toBe('40');
    expect(await figure('Signed-in visitors')).toBe('4');
    expect(screen.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(api.calls('GET', '/api/admin/visitor-analytics')[0]!.searchParams.get('days')).toBe(
      '30',
    );
    expect(api.calls('GET', '/api/admin/recent-visitors')[0]!.searchParams.get('limit')).toBe(
      '200',
    );
  });

  it('labels visitors who signed in apart from accounts, so the two cannot be misread', async () => {
    show();
    // Signed-in visitors count browsers in the timeframe; accounts count people, all time.
    await waitFor(async () => expect(await figure('Signed-in visitors')).toBe('4'));
    expect(
      screen.getByText(
        'Visitors signed in during this timeframe; one account on two devices counts twice',
      ),
    ).toBeTruthy();
    expect(await figure('Accounts, all time')).toBe(String(users.totalUsers));
    expect(screen.queryByText('Registered users')).toBeNull();
    expect(screen.queryByText('All accounts')).toBeNull();
  });

  it('changes the timeframe to 7 days', async () => {
    show();
    await userEvent.click(await screen.findByRole('button', { name: '7 days' }));
    await waitFor(async () => expect(await figure('Conversion rate')).toBe('33.3%'));
    expect(screen.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('lists the newest accounts, the recent visitors and the top pages in their tabs', async () => {
    show();
    const accounts = await screen.findByRole('region', { name: 'Newest accounts' });
    expect(within(accounts).getByText('Kofi Mensah')).toBeTruthy();
    expect(within(accounts).getByText('kofi@example.com')).toBeTruthy();
    // On a phone each cell is labelled with its column (issue 34).
    const headers = within(accounts)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    for (const row of within(accounts).getAllByRole('row').slice(1)) {
      const labels = within(row)
        .getAllByRole('cell')
        .map((cell) => cell.dataset.label);
      expect(labels).toEqual(headers);
    }

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Site Visitors' }));
    const recent = await screen.findByRole('region', { name: 'Recent visitors' });
    expect(within(recent).getByText('Accra, Ghana')).toBeTruthy();
    expect(within(recent).getByText('41.66.200.0')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Insights' }));
    expect(await screen.findByText('/search')).toBeTruthy();
    expect(screen.getByText('6 views')).toBeTruthy();
    expect(
      screen.getByText(
        '4 of 30 unique visitors were signed in to an account: a conversion rate of 13.3%.',
      ),
    ).toBeTruthy();
  });

  it('says so when the figures cannot be loaded', async () => {
    api = mockApi({
      'GET /api/admin/visitor-analytics': () =>
        json({ message: 'Administrator access required' }, 403),
      'GET /api/admin/users-analytics': () => json(users),
      'GET /api/admin/recent-visitors': () => json(visitors),
    });
    show();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load analytics.');
  });
});
